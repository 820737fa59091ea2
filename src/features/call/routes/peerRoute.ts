import type { PlacedCall } from '../callContext';
import { sendCallEvent, showRemoteStream } from './routeHelpers';

/**
 * Video without the provider flag: a peer connection with the resident's app,
 * signalled over the channel. Resolves 'answered' once media flows; a failure
 * or close ends the call as 'Call disconnected' (docs/rules.md#r4-9-4). Whether it
 * is too late (30 s) is the workflow's decision.
 */
export function peerRoute(call: PlacedCall): Promise<'answered'> {
  const { scope, server, signals } = call;
  return new Promise((resolve) => {
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
          .then((answer) => sendCallEvent(call, server.id, 'client-sdp', { sdp: answer }))
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
