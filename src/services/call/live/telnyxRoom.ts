import { initialize } from '@telnyx/video';
import type { RoomClient, VideoRoom } from '../types';

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

/**
 * A Telnyx video room: subscribes to the other participants' streams, hands
 * their video (with the room's mixed audio) to the screen, passes on text
 * messages, and publishes the caller when asked.
 */
export function createTelnyxRoom(): RoomClient {
  return {
    async join({ roomId, clientToken, signal }, events) {
      // initialize() already opens the room's socket.
      const room = await initialize({ roomId, clientToken, enableMessages: true });
      let left = false;
      let published = false;
      const unsubscribers: Array<() => void> = [];
      /** The remote tracks handed to the screen: stopped on leaving. */
      const shown = new Set<MediaStreamTrack>();
      const leave = () => {
        if (left) return;
        left = true;
        signal.removeEventListener('abort', leave);
        unsubscribers.splice(0).forEach((unsubscribe) => unsubscribe());
        shown.forEach((track) => track.stop());
        // disconnect() only destroys the session and leaves every peer connection
        // open: removing the subscriptions and the published stream first closes
        // theirs (read from @telnyx/video's code; the room's own mix and data
        // channel have no such call).
        const subscriptions = room.getState().subscriptions as Map<string, Map<string, unknown>>;
        const removals = [...subscriptions].flatMap(([participantId, keys]) =>
          [...keys.keys()].map((key) => room.removeSubscription(participantId, key) as Promise<void>),
        );
        if (published) removals.push(room.removeStream('self'));
        if (removals.length === 0) return void room.disconnect().catch(ignore);
        void settledWithin(removals, ROOM_REMOVAL_WAIT_MS).then(() => room.disconnect().catch(ignore));
      };
      signal.addEventListener('abort', leave);

      const localId = () => room.getLocalParticipant().id as string;
      const subscribe = (participantId: string, key: string) => {
        if (participantId === localId()) return;
        room.addSubscription(participantId, key, { audio: true, video: true }).catch((error: unknown) => events.onDisconnected(String(error)));
      };
      const showRemote = (participantId: string, key: string) => {
        const stream = room.getParticipantStream(participantId, key) as RoomStream | undefined;
        const mixedAudio = room.getState().mixedAudioTrack as MediaStreamTrack | undefined;
        const tracks = [mixedAudio, stream?.videoTrack].filter((track): track is MediaStreamTrack => Boolean(track));
        tracks.forEach((track) => shown.add(track));
        if (tracks.length > 0) events.onRemoteStream(new MediaStream(tracks));
      };
      unsubscribers.push(
        room.on('stream_published', subscribe),
        room.on('subscription_started', showRemote),
        room.on('message_received', (_participantId: string, message: { payload: string }) => events.onMessage(message.payload)),
        // The other side hanging up is its leaving the room: the session itself goes on.
        room.on('participant_left', () => {
          const participants = room.getState().participants as Map<string, unknown>;
          if (![...participants.keys()].some((id) => id !== localId())) events.onDisconnected('participant_left');
        }),
        // Leaving unsubscribes first, so its own disconnect is not reported.
        room.on('disconnected', (reason: unknown) => events.onDisconnected(String(reason))),
      );
      try {
        await room.connect();
      } catch (error) {
        leave();
        throw error;
      }
      if (left) throw signal.reason;
      // Streams published before connect() finished raise no event (read from @telnyx/video's code).
      for (const stream of room.getState().streams.values() as Iterable<RoomStream>) subscribe(stream.participantId, stream.key);

      const handle: VideoRoom = {
        async publish(local) {
          await room.addStream('self', { audio: local.getAudioTracks()[0], video: local.getVideoTracks()[0] });
          published = true;
        },
        hangUp: leave,
      };
      return handle;
    },
  };
}
