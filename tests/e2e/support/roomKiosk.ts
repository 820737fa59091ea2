// The kiosk's side of the room tests: the SDK's fixed address routed to the
// simulator's Telnyx Video twin, and the page's peer connections recorded
// (docs/calls.md, "Telnyx Video twin").
import type { Page } from '@playwright/test';
import WebSocket from 'ws';
import type { Simulator } from './simulator';

/**
 * The SDK's socket goes to the twin (its address is fixed in the SDK): each
 * routed socket is relayed frame by frame to a socket of the twin's, both ways,
 * and either side closing closes the other.
 */
export async function routeRoomsToTwin(page: Page, sim: Simulator): Promise<void> {
  await page.routeWebSocket(/^wss:\/\/video\.telnyx\.com\//, (route) => {
    const twin = new WebSocket(route.url().replace(/^wss:\/\/video\.telnyx\.com\//, `${sim.url.replace('http', 'ws')}/telnyx-video/`), 'janus-protocol');
    const early: string[] = [];
    route.onMessage((frame) => (twin.readyState === WebSocket.OPEN ? twin.send(frame) : early.push(String(frame))));
    twin.on('open', () => early.splice(0).forEach((frame) => twin.send(frame)));
    twin.on('message', (data) => route.send(String(data)));
    route.onClose((code) => twin.close(code === 1005 || code === undefined ? 1000 : code));
    twin.on('close', (code) => void route.close({ code: code === 1005 ? 1000 : code }));
    twin.on('error', () => void route.close({ code: 1006 }));
  });
}

/** Records every peer connection the page makes, to check that leaving closes them. */
export async function trackPeers(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const peers: RTCPeerConnection[] = [];
    (window as unknown as { __peers: RTCPeerConnection[] }).__peers = peers;
    const Native = window.RTCPeerConnection;
    window.RTCPeerConnection = class extends Native {
      constructor(...args: ConstructorParameters<typeof RTCPeerConnection>) {
        super(...args);
        peers.push(this);
      }
    };
  });
}
/** The states of the page's peer connections, by whether they carry video (the publisher's and the subscriptions'). */
export const peerStates = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { __peers: RTCPeerConnection[] }).__peers.map(
      (pc) => `${pc.signalingState === 'closed' ? 'closed' : 'open'}${pc.getTransceivers().some((t) => t.receiver.track.kind === 'video') ? ':video' : ''}`,
    ),
  );
