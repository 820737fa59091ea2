import { closeWhenSettled } from '../peerConnection';

/** The subprotocol of the room gateway's socket: only those sockets are the room's. */
const ROOM_SOCKET_PROTOCOL = 'janus-protocol';

/** What a room made while it was live, to close when it ends. */
export interface RoomConnections {
  /** Stops recording and puts the page's constructors back (when they are still the ones installed here). */
  stop(): void;
  /** Closes every recorded peer connection (once no state change is due) and socket, ending the SDK's wait for an unanswered `create`. */
  closeAll(): void;
}

type AnyConstructor = new (...args: unknown[]) => object;

/** A gateway socket, and the transactions of its `create` requests that no message has answered yet. */
interface RoomSocket {
  socket: WebSocket;
  unansweredCreates: Set<string>;
}

const transactionOf = (frame: unknown): { janus?: unknown; transaction?: unknown } => {
  try {
    const parsed: unknown = typeof frame === 'string' ? JSON.parse(frame) : null;
    return typeof parsed === 'object' && parsed !== null ? parsed : {};
  } catch {
    return {};
  }
};

/**
 * Watches the `create` requests sent on a gateway socket and the answers to them.
 * @telnyx/video waits for its `create` answer by polling every 0 ms for as
 * long as the transaction is unanswered, socket closed or not (read from its
 * code): left unanswered, that poll runs until the page reloads.
 */
function watchCreates(socket: WebSocket): RoomSocket {
  const unansweredCreates = new Set<string>();
  const send = socket.send.bind(socket);
  socket.send = (data) => {
    const { janus, transaction } = transactionOf(data);
    if (janus === 'create' && typeof transaction === 'string') unansweredCreates.add(transaction);
    send(data);
  };
  socket.addEventListener('message', ({ data }: MessageEvent) => {
    const { transaction } = transactionOf(data);
    if (typeof transaction === 'string') unansweredCreates.delete(transaction);
  });
  return { socket, unansweredCreates };
}

/** What the SDK throws at an answer to `create` whose session id is no number. */
const INVALID_SESSION = 'Invalid janus session ID!';
/** Longest wait for the SDK to reject after its wait was ended. */
const REJECTION_WAIT_MS = 5000;

/**
 * Marks rejections with INVALID_SESSION as handled for REJECTION_WAIT_MS:
 * the SDK throws it (through more than one promise) where nobody can catch
 * it, and it says nothing but that the join was given up.
 */
function expectSessionRejections(): void {
  const onRejection = (event: PromiseRejectionEvent) => {
    if ((event.reason as { message?: unknown } | null)?.message === INVALID_SESSION) event.preventDefault();
  };
  window.addEventListener('unhandledrejection', onRejection);
  setTimeout(() => window.removeEventListener('unhandledrejection', onRejection), REJECTION_WAIT_MS);
}

/**
 * Ends the SDK's wait for an unanswered `create`: an answer whose session id
 * is no number makes it stop waiting and give the join up ('janusSessionId',
 * logged by the SDK), before it starts a keep-alive.
 */
function endCreateWaits({ socket, unansweredCreates }: RoomSocket): void {
  if (unansweredCreates.size === 0) return;
  expectSessionRejections();
  for (const transaction of unansweredCreates) {
    const data = JSON.stringify({ janus: 'success', transaction, data: { id: 'room left' } });
    socket.onmessage?.(new MessageEvent('message', { data }));
  }
  unansweredCreates.clear();
}

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
  const sockets = new Set<RoomSocket>();
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
    if ([protocols].flat().includes(ROOM_SOCKET_PROTOCOL)) sockets.add(watchCreates(socket as WebSocket));
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
      sockets.forEach((room) => {
        endCreateWaits(room);
        room.socket.close();
      });
      peers.clear();
      sockets.clear();
    },
  };
}
