import { withDeadline } from '../../../services/call/withDeadline';
import type { PlacedCall, RouteApi } from '../callContext';
import { showRemoteStream } from './routeHelpers';

/** Longest wait for the SIP client to log in. */
export const SIP_LOGIN_DEADLINE_MS = 15000;
/** Longest wait, from the leg's start, for the back end's call to reach the client; then the call ends as not answered. */
export const SIP_INVITE_DEADLINE_MS = 45000;

/**
 * With the provider flag and no video: the SIP client logs in with the
 * call's SIP user, then the back end is asked to connect it with the target.
 * The client answers by itself; its end without approval is 'not granted',
 * its errors end the call with 'An Error Occurred'. A call that has not
 * reached the client SIP_INVITE_DEADLINE_MS after the leg started never
 * will: the visitor is told nobody answered.
 */
export async function sipRoute(api: RouteApi, call: PlacedCall): Promise<void> {
  const { server, scope } = call;
  let rung = false;
  void scope.after(SIP_INVITE_DEADLINE_MS, null).then(() => {
    if (!rung && !call.progress.connected) call.fail('not-rung');
  });
  const client = await api.pause(call.kit.providers.sip());
  const starting = withDeadline(
    SIP_LOGIN_DEADLINE_MS,
    'SIP login',
    (signal) =>
      client.start(
        { callId: server.id, channel: call.channel, signal, login: server.sipUsername, password: server.sipPassword },
        {
          onEnded: () => call.fail('hung-up'),
          onError: (error) => call.fail('error', error),
          onRemoteStream: (stream) => showRemoteStream(call, scope, stream),
          onRinging: () => (rung = true),
        },
      ),
    { onLate: (handle) => handle.hangUp() },
  );
  await api.pause(scope.adopt(starting, (handle) => handle.hangUp()));
  await api.pause(
    call.services.api.startSipCall({
      intercomCallId: server.id,
      pusherChannelName: call.channel,
      tenantId: call.info.residentId,
      to: call.info.number,
      // The SIP address the back end dials for the kiosk (docs/rules.md#r7-1-2, sip-call `username`; #r4-9-7).
      username: `sip:${server.sipUsername}@sip.telnyx.com`,
    }),
  );
}
