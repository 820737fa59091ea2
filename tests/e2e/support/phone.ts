// The phone at the far end of a phone leg: a page on the simulator's origin
// (the console's: its sockets accept local pages only, and a page the test
// made up would not pass Chromium's local network checks) holding a real
// RTCPeerConnection with Chromium's fake microphone, on a twin's far-end
// socket (docs/calls.md). Both twins' far ends speak one protocol:
// - SIP leg (`/telnyx-rtc/far-end`): the twin rings the phone when the back
//   end dials the kiosk; the phone's offer becomes the gateway's invite, the
//   kiosk's answer comes back.
// - Voice leg (`/twilio-voice/far-end`): the kiosk's invite arrives with its
//   offer; the phone's answer goes back to the kiosk.
import type { BrowserContext, Page } from '@playwright/test';
import type { Simulator } from './simulator';

export type PhoneLeg = 'sip' | 'voice';

export interface Phone {
  page: Page;
  /** Resolves once the twin has rung this phone for a call. */
  ringing(): Promise<void>;
  /** Picks up: with an offer of its own (SIP leg), or answering the kiosk's (voice leg). */
  answer(): Promise<void>;
  /** Hangs up: the twin tells the kiosk (a bye, a hangup). */
  hangUp(): Promise<void>;
  /** 'idle', 'ringing', 'offered', 'answered', 'connected' (the peer connection is), 'ended by the kiosk', 'hung up'. */
  state(): Promise<string>;
  /** The call's id on the twin (Telnyx callID, Twilio callsid), once rung. */
  callId(): Promise<string | null>;
  /** Whether the kiosk's audio is arriving: inbound RTP bytes keep growing. */
  hearsKiosk(): Promise<boolean>;
}

interface PhoneWindow {
  phone: {
    state: string;
    callID: string | null;
    /** The kiosk's offer, on the voice leg. */
    offer: string | null;
    pc: RTCPeerConnection | null;
    ws: WebSocket;
    stream: MediaStream | null;
  };
}

const SOCKETS: Record<PhoneLeg, string> = { sip: '/telnyx-rtc/far-end', voice: '/twilio-voice/far-end' };

export async function openPhone(context: BrowserContext, sim: Simulator, leg: PhoneLeg): Promise<Phone> {
  const page = await context.newPage();
  await page.goto(`${sim.url}/console`);
  await page.evaluate(async (socketUrl) => {
    const ws = new WebSocket(socketUrl);
    const phone: PhoneWindow['phone'] = { state: 'idle', callID: null, offer: null, pc: null, ws, stream: null };
    (window as unknown as PhoneWindow).phone = phone;
    ws.onmessage = (event: MessageEvent<string>) => {
      const message = JSON.parse(event.data) as { type: string; callID: string; sdp?: string };
      if (message.type === 'ring' || message.type === 'invite') {
        Object.assign(phone, { state: 'ringing', callID: message.callID, offer: message.sdp ?? null });
      } else if (message.callID !== phone.callID) return;
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
  }, `${sim.url.replace('http', 'ws')}${SOCKETS[leg]}`);

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
        if (phone.offer !== null) await pc.setRemoteDescription({ type: 'offer', sdp: phone.offer });
        await pc.setLocalDescription();
        // Both gateways carry complete descriptions (no trickled candidates).
        await new Promise<void>((resolve) => {
          if (pc.iceGatheringState === 'complete') return resolve();
          pc.onicegatheringstatechange = () => pc.iceGatheringState === 'complete' && resolve();
        });
        if (phone.state === 'ringing') phone.state = phone.offer === null ? 'offered' : 'answered';
        phone.ws.send(JSON.stringify({ type: pc.localDescription!.type, callID: phone.callID, sdp: pc.localDescription!.sdp }));
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
    callId: () => page.evaluate(() => (window as unknown as PhoneWindow).phone.callID),
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
