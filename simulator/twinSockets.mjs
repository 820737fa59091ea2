// What the call twins share: the socket the vendor's SDK talks to, the far
// end's socket (a page holding the real RTCPeerConnection), JSON frames of at
// most 1 MB, and the log of what the SDK sent (for tests).
import { WebSocketServer } from 'ws';

const MAX_FRAME = 1024 * 1024;
const MAX_LOG = 500;

export const isRecord = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A frame's JSON, or undefined when it is not JSON. */
export const parseFrame = (raw) => {
  try {
    return JSON.parse(raw.toString());
  } catch {
    return undefined;
  }
};

/**
 * What a test reads of a socket server a vendor's SDK talks to (what it sent,
 * `received`, and how many sockets are open), and how the server closes.
 * @param {import('ws').WebSocketServer} wss @param {any[]} received
 */
export function sdkServer(wss, received) {
  return {
    wss,
    received: () => received.slice(),
    /** How many SDK sockets are open. */
    clientCount: () => wss.clients.size,
    close() {
      for (const ws of wss.clients) ws.terminate();
      wss.close();
    },
  };
}

/**
 * @param {{ onFarEnd: (message: unknown) => void, handleProtocols?: (protocols: Set<string>) => string | false }} options
 *   `onFarEnd` takes each far-end frame, parsed; `handleProtocols` picks the SDK socket's subprotocol.
 */
export function createTwinSockets({ onFarEnd, handleProtocols }) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME, ...(handleProtocols && { handleProtocols }) });
  const farWss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME });
  const received = [];
  farWss.on('connection', (ws) => {
    ws.on('message', (raw) => onFarEnd(parseFrame(raw)));
    ws.on('error', () => ws.terminate());
  });

  return {
    wss,
    farWss,
    /** To every far-end page. */
    toFarEnd(message) {
      for (const ws of farWss.clients) if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
    },
    /** Logs one thing the SDK sent; the newest 500 are kept. */
    log(entry) {
      received.push(entry);
      if (received.length > MAX_LOG) received.shift();
    },
    received: () => received.slice(),
    /** How many SDK sockets are open. */
    clientCount: () => wss.clients.size,
    close() {
      for (const each of [wss, farWss]) {
        for (const ws of each.clients) ws.terminate();
        each.close();
      }
    },
  };
}
