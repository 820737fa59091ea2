import type { CallContext } from '../callContext';
import type { CallScope } from '../callScope';

/** A client event about this call: `call_id` and `from` are added (docs/protocol.md). False when it will never be sent. */
export function sendCallEvent(call: CallContext, callId: string, event: `client-${string}`, data: Record<string, unknown> = {}): boolean {
  return call.services.realtime.trigger(call.channel, event, { ...data, call_id: callId, from: call.deviceId });
}

/** Shows the far end's stream on the call screen until `scope` ends. */
export function showRemoteStream(call: CallContext, scope: CallScope, stream: MediaStream): void {
  const { streams } = call.services.call;
  streams.set('remote', stream);
  scope.defer(() => {
    if (streams.get().remote === stream) streams.set('remote', null);
  });
}
