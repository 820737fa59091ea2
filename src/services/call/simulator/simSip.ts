import type { RealtimeService } from '../../realtime/types';
import type { SipClient } from '../types';
import { channelTwin, failure } from './channelTwin';

/** Plays the SIP client against the simulator (docs/calls.md, "SIP twin"): answers on ringing, ends on destroy. */
export function createSimSip(realtime: RealtimeService): SipClient {
  return {
    async start({ login, channel }, events) {
      const twin = channelTwin(realtime, channel, 'sip', (data) => data.username === login, (data) => {
        if (data.state === 'ringing') {
          events.onRinging?.();
          twin.send({ username: login, action: 'answer' });
        }
        else if (data.state === 'destroy') events.onEnded();
        else if (data.state === 'error') events.onError(failure(data, 'SIP error'));
      });
      twin.send({ username: login, action: 'login' });
      return { hangUp: () => twin.close({ username: login, action: 'hangup' }) };
    },
  };
}
