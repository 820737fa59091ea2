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
      const unsubscribers: Array<() => void> = [];
      const leave = () => {
        if (left) return;
        left = true;
        signal.removeEventListener('abort', leave);
        unsubscribers.splice(0).forEach((unsubscribe) => unsubscribe());
        room.disconnect().catch(ignore);
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
        if (tracks.length > 0) events.onRemoteStream(new MediaStream(tracks));
      };
      unsubscribers.push(
        room.on('stream_published', subscribe),
        room.on('subscription_started', showRemote),
        room.on('message_received', (_participantId: string, message: { payload: string }) => events.onMessage(message.payload)),
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
        },
        hangUp: leave,
      };
      return handle;
    },
  };
}
