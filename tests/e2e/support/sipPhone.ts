// The phone at the far end of the SIP leg: a page on the simulator's origin
// (the console's: its sockets accept local pages only, and a page the test
// made up would not pass Chromium's local network checks) holding a real RTCPeerConnection with
// Chromium's fake microphone, on the Telnyx WebRTC twin's far-end socket
// (docs/calls.md). The twin asks it for an offer when the back end dials the
// kiosk; its offer becomes the gateway's invite, the kiosk's answer comes back.
import type { BrowserContext, Page } from '@playwright/test';
import type { Simulator } from './simulator';

export interface SipPhone {
  page: Page;
  /** Resolves once the twin has rung this phone for a call. */
  ringing(): Promise<void>;
  /** Picks up: the phone's offer goes to the twin (an invite for the kiosk). */
  answer(): Promise<void>;
  /** Hangs up: the twin sends the kiosk a bye. */
  hangUp(): Promise<void>;
  /** 'idle', 'ringing', 'offered', 'connected' (the peer connection is), 'ended by the kiosk'. */
  state(): Promise<string>;
  /** Whether the kiosk's audio is arriving: inbound RTP bytes keep growing. */
  hearsKiosk(): Promise<boolean>;
}

interface PhoneWindow {
  phone: { state: string; callID: string | null; pc: RTCPeerConnection | null; ws: WebSocket; stream: MediaStream | null };
}

export async function openSipPhone(context: BrowserContext, sim: Simulator): Promise<SipPhone> {
  const page = await context.newPage();
  await page.goto(`${sim.url}/console`);
  await page.evaluate(async (socketUrl) => {
    const ws = new WebSocket(socketUrl);
    const phone: PhoneWindow['phone'] = { state: 'idle', callID: null, pc: null, ws, stream: null };
    (window as unknown as PhoneWindow).phone = phone;
    ws.onmessage = (event: MessageEvent<string>) => {
      const message = JSON.parse(event.data) as { type: string; callID: string; sdp?: string };
      if (message.type === 'ring') Object.assign(phone, { state: 'ringing', callID: message.callID });
      else if (message.callID !== phone.callID) return;
      else if (message.type === 'answer') void phone.pc?.setRemoteDescription({ type: 'answer', sdp: message.sdp });
      else if (message.type === 'bye') {
        phone.pc?.close();
        phone.stream?.getTracks().forEach((track) => track.stop());
        phone.state = 'ended by the kiosk';
      }
    };
    await new Promise((resolve, reject) => {
      ws.onopen = resolve;
      ws.onerror = reject;
    });
  }, `${sim.url.replace('http', 'ws')}/telnyx-rtc/far-end`);

  return {
    page,
    ringing: () => page.waitForFunction(() => (window as unknown as PhoneWindow).phone.state === 'ringing').then(() => undefined),
    answer: () =>
      page.evaluate(async () => {
        const { phone } = window as unknown as PhoneWindow;
        const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
        const pc = new RTCPeerConnection();
        Object.assign(phone, { pc, stream });
        for (const track of stream.getTracks()) pc.addTrack(track, stream);
        pc.onconnectionstatechange = () => {
          if (pc.connectionState === 'connected') phone.state = 'connected';
        };
        await pc.setLocalDescription(await pc.createOffer());
        // The gateway's invite carries a complete offer (no trickled candidates).
        await new Promise<void>((resolve) => {
          if (pc.iceGatheringState === 'complete') return resolve();
          pc.onicegatheringstatechange = () => pc.iceGatheringState === 'complete' && resolve();
        });
        phone.state = 'offered';
        phone.ws.send(JSON.stringify({ type: 'offer', callID: phone.callID, sdp: pc.localDescription!.sdp }));
      }),
    hangUp: () =>
      page.evaluate(() => {
        const { phone } = window as unknown as PhoneWindow;
        phone.ws.send(JSON.stringify({ type: 'bye', callID: phone.callID }));
        phone.pc?.close();
        phone.stream?.getTracks().forEach((track) => track.stop());
        phone.state = 'hung up';
      }),
    state: () => page.evaluate(() => (window as unknown as PhoneWindow).phone.state),
    hearsKiosk: () =>
      page.evaluate(async () => {
        const { pc } = (window as unknown as PhoneWindow).phone;
        const received = async () => {
          let bytes = 0;
          (await pc!.getStats()).forEach((report: { type: string; kind?: string; bytesReceived?: number }) => {
            if (report.type === 'inbound-rtp' && report.kind === 'audio') bytes += report.bytesReceived ?? 0;
          });
          return bytes;
        };
        const before = await received();
        await new Promise((resolve) => setTimeout(resolve, 300));
        return pc !== null && (await received()) > before;
      }),
  };
}
