// The kiosk's side of the room tests: the SDK's fixed address routed to the
// simulator's Telnyx Video twin or to the proxy in front of Janus, and the
// page's peer connections recorded
// (docs/calls.md, "Telnyx Video twin").
import type { BrowserContext, Page } from '@playwright/test';
import WebSocket from 'ws';
import type { Simulator } from './simulator';

/**
 * The SDK's socket goes to the simulator (its address is fixed in the SDK):
 * each routed socket is relayed frame by frame to a socket on `path` (the
 * twin's `telnyx-video` or the Janus proxy's `telnyx-janus`), both ways, and
 * either side closing closes the other.
 */
async function routeRooms(target: Page | BrowserContext, sim: Simulator, path: string): Promise<void> {
  await target.routeWebSocket(/^wss:\/\/video\.telnyx\.com\//, (route) => {
    const server = new WebSocket(route.url().replace(/^wss:\/\/video\.telnyx\.com\//, `${sim.url.replace('http', 'ws')}/${path}/`), 'janus-protocol');
    const early: string[] = [];
    route.onMessage((frame) => (server.readyState === WebSocket.OPEN ? server.send(frame) : early.push(String(frame))));
    server.on('open', () => early.splice(0).forEach((frame) => server.send(frame)));
    server.on('message', (data) => route.send(String(data)));
    route.onClose((code) => server.close(code === 1005 || code === undefined ? 1000 : code));
    server.on('close', (code) => void route.close({ code: code === 1005 ? 1000 : code }));
    server.on('error', () => void route.close({ code: 1006 }));
  });
}

/** The SDK's socket goes to the simulator's Telnyx Video twin. */
export const routeRoomsToTwin = (page: Page, sim: Simulator) => routeRooms(page, sim, 'telnyx-video');

/** The SDK's socket goes to the proxy in front of Janus (`roomServer: 'janus'`), for the kiosk and the resident alike. */
export const routeRoomsToJanus = (target: Page | BrowserContext, sim: Simulator) => routeRooms(target, sim, 'telnyx-janus');

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
