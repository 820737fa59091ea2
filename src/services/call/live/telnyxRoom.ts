import { initialize } from '@telnyx/video';
import type { RoomClient, VideoRoom } from '../types';
import { recordRoomConnections } from './roomConnections';

// @telnyx/video's typings import a bare 'src' module, so with skipLibCheck
// its participant and stream types are `any`: the parts used are typed here.
interface RoomStream {
  participantId: string;
  key: string;
  audioTrack?: MediaStreamTrack;
  videoTrack?: MediaStreamTrack;
}

const ignore = () => undefined;

/** Longest wait for the room to confirm the removals before the session is destroyed (a dead socket never does). */
export const ROOM_REMOVAL_WAIT_MS = 1000;

/** Settles when every promise has, or after `ms`; its timer is cleared either way. */
function settledWithin(promises: Array<Promise<unknown>>, ms: number): Promise<unknown> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise((resolve) => (timer = setTimeout(resolve, ms)));
  return Promise.race([Promise.allSettled(promises), waited]).finally(() => clearTimeout(timer));
}

type Room = Awaited<ReturnType<typeof initialize>>;

/**
 * Removes the room's subscriptions and published stream, once the ones under
 * way have settled: the SDK's removals close their peer connections and send
 * `detach` (its disconnect() only destroys the session). Each wait lasts at
 * most ROOM_REMOVAL_WAIT_MS.
 */
async function removeAll(room: Room, pending: Array<Promise<unknown>>, published: () => boolean): Promise<void> {
  if (pending.length > 0) await settledWithin(pending, ROOM_REMOVAL_WAIT_MS);
  const subscriptions = room.getState().subscriptions as Map<string, Map<string, unknown>>;
  const removals = [...subscriptions].flatMap(([participantId, keys]) =>
    [...keys.keys()].map((key) => room.removeSubscription(participantId, key) as Promise<void>),
  );
  if (published()) removals.push(room.removeStream('self'));
  if (removals.length > 0) await settledWithin(removals, ROOM_REMOVAL_WAIT_MS);
}

/**
 * A Telnyx video room: subscribes to the other participants' streams, hands
 * their video (with the room's mixed audio) to the screen, passes on text
 * messages, and publishes the caller when asked.
 */
export function createTelnyxRoom(): RoomClient {
  return {
    async join({ roomId, clientToken, signal }, events) {
      // Not signal.throwIfAborted(): Chromium before 100 has none, and the room leg failed at once on 83 and 92.
      if (signal.aborted) throw signal.reason ?? new DOMException('The call ended before the room was joined', 'AbortError');
      const connections = recordRoomConnections();
      // initialize() opens the room's socket and settles once `create` is answered (or after the SDK's own 30 s).
      const initializing = initialize({ roomId, clientToken, enableMessages: true });
      initializing.catch(ignore);
      let room: Room | undefined;
      let left = false;
      let giveUp: (reason: unknown) => void = ignore;
      const givenUp = new Promise<never>((_resolve, reject) => (giveUp = reject));
      givenUp.catch(ignore);
      const unsubscribers: Array<() => void> = [];
      /** The remote tracks handed to the screen: stopped on leaving. */
      const shown = new Set<MediaStreamTrack>();
      /** Subscriptions and the publication under way: waited for on leaving, so that they can be removed. */
      const pending = new Set<Promise<unknown>>();
      /** Whether a publication was started: leaving removes it (a removal of one that failed is refused, which is harmless). */
      let published = false;
      const underWay = <T>(operation: Promise<T>) => {
        pending.add(operation);
        void operation.catch(ignore).finally(() => pending.delete(operation));
        return operation;
      };
      const leave = () => {
        if (left) return;
        left = true;
        signal.removeEventListener('abort', leave);
        connections.stop();
        unsubscribers.splice(0).forEach((unsubscribe) => unsubscribe());
        shown.forEach((track) => track.stop());
        giveUp(signal.reason);
        // Before `create` is answered there is no room to leave, only the socket to close.
        if (!room) return connections.closeAll();
        void removeAll(room, [...pending], () => published)
          .then(() => room?.disconnect())
          .catch(ignore)
          .finally(() => connections.closeAll());
      };
      signal.addEventListener('abort', leave);
      try {
        room = await Promise.race([initializing, givenUp]);
      } catch (error) {
        leave();
        throw error;
      }
      // Left as `create` was answered: its socket is closed already.
      if (left) throw signal.reason;
      const joined = room;
      const localId = () => joined.getLocalParticipant().id as string;
      const subscribe = (participantId: string, key: string) => {
        if (participantId === localId()) return;
        underWay(joined.addSubscription(participantId, key, { audio: true, video: true })).catch((error: unknown) => events.onDisconnected(String(error)));
      };
      const showRemote = (participantId: string, key: string) => {
        const stream = joined.getParticipantStream(participantId, key) as RoomStream | undefined;
        const mixedAudio = joined.getState().mixedAudioTrack as MediaStreamTrack | undefined;
        const tracks = [mixedAudio, stream?.videoTrack].filter((track): track is MediaStreamTrack => Boolean(track));
        tracks.forEach((track) => shown.add(track));
        if (tracks.length > 0) events.onRemoteStream(new MediaStream(tracks));
      };
      unsubscribers.push(
        joined.on('stream_published', subscribe),
        joined.on('subscription_started', showRemote),
        joined.on('message_received', (_participantId: string, message: { payload: string }) => events.onMessage(message.payload)),
        // The other side hanging up is its leaving the room: the session itself goes on.
        joined.on('participant_left', () => {
          const participants = joined.getState().participants as Map<string, unknown>;
          if (![...participants.keys()].some((id) => id !== localId())) events.onDisconnected('participant_left');
        }),
        // Leaving unsubscribes first, so its own disconnect is not reported.
        joined.on('disconnected', (reason: unknown) => events.onDisconnected(String(reason))),
      );
      try {
        await joined.connect();
      } catch (error) {
        leave();
        throw error;
      }
      if (left) throw signal.reason;
      // Streams published before connect() finished raise no event (read from @telnyx/video's code).
      for (const stream of joined.getState().streams.values() as Iterable<RoomStream>) subscribe(stream.participantId, stream.key);

      const handle: VideoRoom = {
        async publish(local) {
          published = true;
          await underWay(joined.addStream('self', { audio: local.getAudioTracks()[0], video: local.getVideoTracks()[0] }));
        },
        hangUp: leave,
      };
      return handle;
    },
  };
}
