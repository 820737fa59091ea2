// The far end of the Telnyx Video room: a page on the simulator's origin (the
// console's, as for the SIP phone) on the video twin's far-end socket. It holds
// the peer connections Janus would hold with the kiosk, one per plugin handle:
// it offers the textroom's data channel and the resident's camera and
// microphone (the subscription), answers the audiobridge with its microphone
// (the room's mix) and the kiosk's publisher; and it plays the resident
// joining, speaking on the data channel, and leaving (docs/calls.md).
import type { BrowserContext, Page } from '@playwright/test';
import type { Simulator } from './simulator';

export interface RoomResident {
  page: Page;
  /** The resident's app joins the room: the twin announces it to the kiosk. */
  join(room: string): Promise<void>;
  /** The resident's app leaves the room. */
  leave(room: string): Promise<void>;
  /** Sends a room message (`answered`, `open_gate`, `decline`) on every open data channel. */
  say(payload: string): Promise<void>;
  /** How many data channels the kiosk opened and are open. */
  openChannels(): Promise<number>;
  /** The kinds of the peer connections that are connected, sorted ('mixer', 'publisher', 'subscriber', 'textroom'). */
  connected(): Promise<string[]>;
  /** Handles the twin closed (detach or destroy), by kind. */
  closed(): Promise<string[]>;
  /** Whether the kiosk's camera arrives: inbound video bytes on the publisher's connection keep growing. */
  seesKiosk(): Promise<boolean>;
}

interface Peer {
  kind: string;
  pc: RTCPeerConnection;
  stream: MediaStream | null;
  held: RTCIceCandidateInit[];
}
interface FarWindow {
  far: { ws: WebSocket; peers: Map<string, Peer>; channels: Set<RTCDataChannel>; closed: string[] };
}

export async function openRoomResident(context: BrowserContext, sim: Simulator): Promise<RoomResident> {
  const page = await context.newPage();
  await page.goto(`${sim.url}/console`);
  await page.evaluate(async (socketUrl) => {
    const ws = new WebSocket(socketUrl);
    const far: FarWindow['far'] = { ws, peers: new Map(), channels: new Set(), closed: [] };
    (window as unknown as FarWindow).far = far;
    const media = (constraints: MediaStreamConstraints) => navigator.mediaDevices.getUserMedia(constraints);
    // Janus sends complete descriptions (its candidates inside), the kiosk trickles its own.
    const gathered = async (pc: RTCPeerConnection) => {
      await new Promise<void>((resolve) => {
        if (pc.iceGatheringState === 'complete') return resolve();
        pc.addEventListener('icegatheringstatechange', () => pc.iceGatheringState === 'complete' && resolve());
      });
      return pc.localDescription!.sdp;
    };
    const peer = (id: string, kind: string, stream: MediaStream | null) => {
      const created: Peer = { kind, pc: new RTCPeerConnection(), stream, held: [] };
      far.peers.set(id, created);
      stream?.getTracks().forEach((track) => created.pc.addTrack(track, stream));
      return created;
    };
    const reply = (id: string, sdp: string) => ws.send(JSON.stringify({ type: 'sdp', id, sdp }));

    async function offer(id: string, kind: string) {
      // The subscription: the resident's camera (a phone's small preview) and microphone.
      const stream = kind === 'subscriber' ? await media({ video: { width: 320, height: 240, frameRate: 15 }, audio: true }) : null;
      const { pc } = peer(id, kind, stream);
      if (kind === 'textroom') {
        // The offer needs a data channel; the kiosk opens its own on it and speaks there.
        pc.createDataChannel('JanusDataChannel');
        pc.ondatachannel = ({ channel }) => {
          channel.onopen = () => far.channels.add(channel);
          channel.onclose = () => far.channels.delete(channel);
          channel.onmessage = ({ data }: MessageEvent<string>) => {
            const request = JSON.parse(data) as { textroom?: string; transaction?: string };
            if (request.textroom === 'join') channel.send(JSON.stringify({ textroom: 'success', transaction: request.transaction, participants: [] }));
          };
        };
      }
      await pc.setLocalDescription(await pc.createOffer());
      reply(id, await gathered(pc));
    }
    async function answer(id: string, kind: string, sdp: string) {
      // The audiobridge's mix: this page's microphone back on the kiosk's own audio transceiver.
      const stream = kind === 'mixer' ? await media({ audio: true }) : null;
      const { pc } = peer(id, kind, null);
      await pc.setRemoteDescription({ type: 'offer', sdp });
      if (stream) {
        far.peers.get(id)!.stream = stream;
        const transceiver = pc.getTransceivers()[0]!;
        transceiver.direction = 'sendrecv';
        await transceiver.sender.replaceTrack(stream.getAudioTracks()[0] ?? null);
      }
      await pc.setLocalDescription(await pc.createAnswer());
      reply(id, await gathered(pc));
    }

    ws.onmessage = (event: MessageEvent<string>) => {
      const message = JSON.parse(event.data) as { type: string; id: string; kind: string; sdp: string; candidate: RTCIceCandidateInit };
      const known = far.peers.get(message.id);
      if (message.type === 'offer-wanted') void offer(message.id, message.kind);
      else if (message.type === 'answer-wanted') void answer(message.id, message.kind, message.sdp);
      else if (!known) return;
      else if (message.type === 'answer') {
        void known.pc
          .setRemoteDescription({ type: 'answer', sdp: message.sdp })
          .then(() => Promise.all(known.held.splice(0).map((candidate) => known.pc.addIceCandidate(candidate))));
      } else if (message.type === 'candidate') {
        if (known.pc.remoteDescription) void known.pc.addIceCandidate(message.candidate);
        else known.held.push(message.candidate);
      } else if (message.type === 'close') {
        known.pc.close();
        known.stream?.getTracks().forEach((track) => track.stop());
        far.peers.delete(message.id);
        far.closed.push(known.kind);
      }
    };
    await new Promise((resolve, reject) => {
      ws.onopen = resolve;
      ws.onerror = reject;
    });
  }, `${sim.url.replace('http', 'ws')}/telnyx-video/far-end`);

  return {
    page,
    join: (room) => page.evaluate((r) => (window as unknown as FarWindow).far.ws.send(JSON.stringify({ type: 'join', room: r, participantId: 'resident-app' })), room),
    leave: (room) => page.evaluate((r) => (window as unknown as FarWindow).far.ws.send(JSON.stringify({ type: 'leave', room: r })), room),
    say: (payload) =>
      page.evaluate((p) => {
        const text = JSON.stringify({ message: { type: 'text', payload: p }, recipients: [] });
        for (const channel of (window as unknown as FarWindow).far.channels) channel.send(JSON.stringify({ textroom: 'message', room: 'room', from: 'resident-app', text }));
      }, payload),
    openChannels: () => page.evaluate(() => (window as unknown as FarWindow).far.channels.size),
    connected: () =>
      page.evaluate(() =>
        [...(window as unknown as FarWindow).far.peers.values()]
          .filter((each) => each.pc.connectionState === 'connected')
          .map((each) => each.kind)
          .sort(),
      ),
    closed: () => page.evaluate(() => [...(window as unknown as FarWindow).far.closed].sort()),
    seesKiosk: () =>
      page.evaluate(async () => {
        const publisher = [...(window as unknown as FarWindow).far.peers.values()].find((each) => each.kind === 'publisher');
        const received = async () => {
          let bytes = 0;
          (await publisher!.pc.getStats()).forEach((report: { type: string; kind?: string; bytesReceived?: number }) => {
            if (report.type === 'inbound-rtp' && report.kind === 'video') bytes += report.bytesReceived ?? 0;
          });
          return bytes;
        };
        if (!publisher) return false;
        const before = await received();
        await new Promise((resolve) => setTimeout(resolve, 300));
        return (await received()) > before;
      }),
  };
}
