import { withDeadline } from '../../../services/call/withDeadline';
import { selectTwimlToken } from '../../property/propertySlice';
import { selectToken } from '../../session/sessionSlice';
import type { PlacedCall, RouteApi } from '../callContext';

/** Longest wait for the voice client to place the call; it never gives up by itself offline. */
export const VOICE_CONNECT_DEADLINE_MS = 15000;

/**
 * The legacy voice client (docs/rules.md#r4-9-5) dials the target, with the
 * call id as `room`; the phone leg's answer and approval come over the
 * channel as sip-message. Its end without approval is 'not granted'; its
 * errors are 'An Error Occurred'.
 */
export async function voiceRoute(api: RouteApi, call: PlacedCall): Promise<void> {
  const state = call.listener.getState();
  const token = selectTwimlToken(state);
  if (!token) throw new Error('No twimlToken: the voice client cannot start');
  const client = await api.pause(call.kit.providers.voice());
  const params = {
    room: call.server.id,
    apiUrl: call.services.call.settings.apiUrl,
    lbtoken: selectToken(state) ?? '',
    To: call.info.number,
  };
  const connecting = withDeadline(
    VOICE_CONNECT_DEADLINE_MS,
    'Voice call',
    (signal) =>
      client.connect(
        { callId: call.server.id, channel: call.channel, signal, token, params },
        { onEnded: () => call.fail('hung-up'), onError: (error) => call.fail('error', error) },
      ),
    { onLate: (handle) => handle.hangUp() },
  );
  await api.pause(call.scope.adopt(connecting, (handle) => handle.hangUp()));
}
