// The Telnyx Video twin: a room gateway that takes `@telnyx/video`'s socket
// and never answers, the one fault of the room leg that Debian's Janus behind
// the proxy (janus.mjs, janusProxy.mjs) cannot play: Janus answers `create` at
// once. It keeps what the SDK sent, for tests (docs/calls.md, "Telnyx Video
// twin").
import { WebSocketServer } from 'ws';
import { isRecord, parseFrame, sdkServer } from './twinSockets.mjs';

const PATH = /^\/telnyx-video\/([^/]+)\/janus$/;
const MAX_FRAME = 1024 * 1024;
const MAX_LOG = 500;

/** The room path of an upgrade, or null when it is not the twin's. */
export const telnyxVideoRoom = (pathname) => PATH.exec(pathname)?.[1] ?? null;

export function createTelnyxVideoServer() {
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_FRAME,
    handleProtocols: (protocols) => (protocols.has('janus-protocol') ? 'janus-protocol' : false),
  });
  /** `{ janus, request }` of each frame the SDK sent, the newest 500. */
  const received = [];

  wss.on('connection', (ws) => {
    ws.on('message', (raw) => {
      const message = parseFrame(raw);
      if (!isRecord(message)) return;
      received.push({ janus: message.janus, request: message.body?.request });
      if (received.length > MAX_LOG) received.shift();
    });
    ws.on('error', () => ws.terminate());
  });

  return sdkServer(wss, received);
}
