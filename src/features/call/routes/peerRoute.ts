import type { VideoCall } from '../callContext';
import { sendCallEvent, showRemoteStream } from './routeHelpers';

/**
 * Video without the provider flag: a peer connection with the resident's app,
 * signalled over the channel. Resolves 'answered' once media flows; a failure
 * or close ends the call as 'Call disconnected' (docs/rules.md#r4-9-4). Whether it
 * is too late (30 s) is the workflow's decision. An answer the channel cannot
 * carry (over Pusher's 10 KB) rejects, so the phone is tried at once.
 */
export function peerRoute(call: VideoCall): Promise<'answered'> {
  const { scope, server, signals } = call;
  return new Promise((resolve, reject) => {
    const peer = call.kit.createPeer({
      iceServers: server.iceServers,
      localStream: call.stream,
      events: {
        onCandidate: (candidate) => sendCallEvent(call, server.id, 'client-candidate', { candidate }),
        onRemoteStream: (stream) => showRemoteStream(call, scope, stream),
        onState: (state) => {
          if (state === 'lost') return call.fail('peer-lost');
          call.markConnected();
          resolve('answered');
        },
      },
    });
    scope.defer(() => peer.close());
    scope.defer(
      signals.onOffer((offer) => {
        peer
          .answer(offer)
          .then((answer) => {
            if (!sendCallEvent(call, server.id, 'client-sdp', { sdp: answer })) reject(new Error('The video answer is too large for the channel'));
          })
          .catch((error: unknown) => call.log('The video offer could not be answered', error));
      }),
    );
    scope.defer(
      signals.onCandidate((candidate) => {
        peer.addCandidate(candidate).catch((error: unknown) => call.log('A video candidate was refused', error));
      }),
    );
  });
}
