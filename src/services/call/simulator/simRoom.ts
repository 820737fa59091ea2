import type { RealtimeService } from '../../realtime/types';
import type { RoomClient } from '../types';
import { channelTwin } from './channelTwin';

/** Plays a video room against the simulator (docs/calls.md, "Video room twin"): messages only, no media. */
export function createSimRoom(realtime: RealtimeService): RoomClient {
  return {
    async join({ roomId, channel }, events) {
      const twin = channelTwin(realtime, channel, 'room', (data) => data.room_id === roomId, (data) => {
        if (typeof data.message === 'string') events.onMessage(data.message);
      });
      twin.send({ room_id: roomId, action: 'join' });
      return {
        async publish(stream) {
          twin.send({ room_id: roomId, action: 'publish', kinds: stream.getTracks().map((track) => track.kind) });
        },
        hangUp: () => twin.close({ room_id: roomId, action: 'leave' }),
      };
    },
  };
}
