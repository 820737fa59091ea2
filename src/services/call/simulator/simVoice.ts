import type { RealtimeService } from '../../realtime/types';
import type { VoiceClient } from '../types';
import { channelTwin, failure } from './channelTwin';

/** Plays the legacy voice client against the simulator (docs/calls.md, "Voice twin"). */
export function createSimVoice(realtime: RealtimeService): VoiceClient {
  return {
    async connect({ callId, channel, params }, events) {
      const twin = channelTwin(realtime, channel, 'voice', (data) => data.call_id === callId, (data) => {
        if (data.action === 'disconnect') events.onEnded();
        else if (data.action === 'error') events.onError(failure(data, 'Voice client error'));
      });
      // The API token (lbtoken) stays off the channel.
      twin.send({ call_id: callId, action: 'connect', params: { room: params.room, To: params.To, apiUrl: params.apiUrl } });
      return { hangUp: () => twin.close({ call_id: callId, action: 'disconnect' }) };
    },
  };
}
