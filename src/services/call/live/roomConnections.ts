import { closeWhenSettled } from '../peerConnection';

/** The subprotocol of the room gateway's socket: only those sockets are the room's. */
const ROOM_SOCKET_PROTOCOL = 'janus-protocol';

/** What a room made while it was live, to close when it ends. */
export interface RoomConnections {
  /** Stops recording and puts the page's constructors back (when they are still the ones installed here). */
  stop(): void;
  /** Closes every recorded peer connection (once no state change is due) and socket. */
  closeAll(): void;
}

type AnyConstructor = new (...args: unknown[]) => object;

/**
 * Records the peer connections and gateway sockets @telnyx/video makes while
 * a room is live. The SDK keeps its data channel's and its audio mix's
 * connections (and, until `create` is answered, its socket) to itself and
 * never closes them: no handle, option or call reaches them, so the only way
 * to end them is to see them being made. For that the page's
 * RTCPeerConnection and WebSocket are replaced by recording subclasses for the
 * room's lifetime; nothing else of the kiosk makes a peer connection then (its
 * own call legs never overlap a room), and a socket is recorded only when it
 * asks for the gateway's subprotocol.
 */
export function recordRoomConnections(): RoomConnections {
  const peers = new Set<RTCPeerConnection>();
  const sockets = new Set<WebSocket>();
  let recording = true;
  const restorers: Array<() => void> = [];

  function wrap(name: 'RTCPeerConnection' | 'WebSocket', record: (made: object, args: unknown[]) => void) {
    const scope = globalThis as unknown as Record<string, AnyConstructor | undefined>;
    const Original = scope[name];
    if (!Original) return;
    const Recording = class extends Original {
      constructor(...args: unknown[]) {
        super(...args);
        if (recording) record(this, args);
      }
    };
    scope[name] = Recording;
    restorers.push(() => {
      if (scope[name] === Recording) scope[name] = Original;
    });
  }
  wrap('RTCPeerConnection', (pc) => peers.add(pc as RTCPeerConnection));
  wrap('WebSocket', (socket, [, protocols]) => {
    if ([protocols].flat().includes(ROOM_SOCKET_PROTOCOL)) sockets.add(socket as WebSocket);
  });

  return {
    stop() {
      recording = false;
      restorers.splice(0).forEach((restore) => restore());
    },
    closeAll() {
      peers.forEach((pc) => {
        if (pc.signalingState !== 'closed') closeWhenSettled(pc);
      });
      sockets.forEach((socket) => socket.close());
      peers.clear();
      sockets.clear();
    },
  };
}
