import type { VideoRoom } from '../../../services/call/types';
import { withDeadline } from '../../../services/call/withDeadline';
import { callDenied, gateApproved } from '../callEvents';
import type { RouteApi, VideoCall } from '../callContext';
import { showRemoteStream } from './routeHelpers';

/** Longest wait for a join token and for joining; the SDK alone takes 30 s to give up. */
export const ROOM_JOIN_DEADLINE_MS = 15000;

/**
 * A join token from the video provider, with the build's key; a build without
 * one (the recommended build: the back end sends `room_token`) cannot join.
 */
function providerToken({ requestJoinToken }: VideoCall['kit'], roomId: string): Promise<string> {
  if (!requestJoinToken) throw new Error('The created call has no room_token, and this build has no video provider key');
  return withDeadline(ROOM_JOIN_DEADLINE_MS, 'Video room token', (signal) => requestJoinToken(roomId, signal));
}

/**
 * With the provider flag and video: a video room, joined with the back end's
 * `room_token` when the call carries one. The first message from the
 * other side means it answered (the ring stops): 'answered' shows the call as
 * connected and publishes the caller, 'open_gate' completes with the gate,
 * 'decline' ends it refused. Resolves 'answered' at the first message, or
 * 'fallback' when the room cannot be joined or closes before any message.
 */
export async function roomRoute(api: RouteApi, call: VideoCall): Promise<'answered' | 'fallback'> {
  const { server, scope, services, callId, kit } = call;
  if (!server.roomId) throw new Error('The created call has no room_id');
  const roomId = server.roomId;
  const clientToken = server.roomToken ?? (await api.pause(providerToken(kit, roomId)));
  const client = await api.pause(kit.providers.room());

  let settle: (outcome: 'answered' | 'fallback') => void = () => undefined;
  const outcome = new Promise<'answered' | 'fallback'>((resolve) => (settle = resolve));
  let answered = false;
  let room: VideoRoom | null = null;
  let publishWanted = false;
  const publish = () => {
    publishWanted = true;
    room?.publish(call.stream).catch((error: unknown) => call.log('The caller could not be published to the video room', error));
  };

  const joining = withDeadline(
    ROOM_JOIN_DEADLINE_MS,
    'Video room join',
    (signal) =>
      client.join(
        { callId: server.id, channel: call.channel, signal, roomId, clientToken },
        {
          onMessage: (payload) => {
            // A room that has been left (the phone took over, or the call ended) decides nothing.
            if (scope.closed) return;
            answered = true;
            services.sound.stop('ring');
            settle('answered');
            if (payload === 'answered') {
              call.markConnected();
              publish();
            } else if (payload === 'open_gate') call.listener.dispatch(gateApproved({ callId }));
            else if (payload === 'decline') call.listener.dispatch(callDenied({ callId }));
          },
          onRemoteStream: (stream) => showRemoteStream(call, scope, stream),
          onDisconnected: (reason) => {
            if (answered) call.fail('peer-lost', new Error(`The video room closed: ${reason}`));
            else settle('fallback');
          },
        },
      ),
    { onLate: (handle) => handle.hangUp() },
  );
  room = await api.pause(scope.adopt(joining, (handle) => handle.hangUp()));
  // 'answered' may have come before the join finished.
  if (publishWanted) publish();
  return outcome;
}
