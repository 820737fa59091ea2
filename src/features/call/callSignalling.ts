import { isRecord } from '../../services/json';

/** What a channel event means for the call in progress (docs/rules.md#r7-2-2, #r4-9-8; docs/protocol.md). */
export type CallSignal =
  | { kind: 'connected' }
  | { kind: 'approved' }
  | { kind: 'denied' }
  | { kind: 'offer'; sdp: RTCSessionDescriptionInit }
  | { kind: 'candidate'; candidate: RTCIceCandidateInit };

/** Ids may arrive as numbers or strings. */
function sameId(value: unknown, callId: string): boolean {
  return (typeof value === 'string' || typeof value === 'number') && String(value) === callId;
}

/**
 * The signals in one channel event for the call `callId` (the back end's id);
 * events of another call, and anything malformed, give none.
 */
export function readCallSignals(event: string, data: unknown, callId: string | null): CallSignal[] {
  if (callId === null || !isRecord(data)) return [];
  if (event === 'sip-message') {
    const message = data.data;
    if (!isRecord(message) || !sameId(message.room, callId)) return [];
    const signals: CallSignal[] = [];
    if (message.connected === true) signals.push({ kind: 'connected' });
    if (message.open === true) signals.push({ kind: 'approved' });
    return signals;
  }
  if (!sameId(data.call_id, callId)) return [];
  if (event === 'client-deny') return [{ kind: data.open_gate === true ? 'approved' : 'denied' }];
  if (event === 'client-sdp') {
    const sdp = data.sdp;
    if (isRecord(sdp) && sdp.type === 'offer' && typeof sdp.sdp === 'string') return [{ kind: 'offer', sdp: { type: 'offer', sdp: sdp.sdp } }];
    return [];
  }
  if (event === 'client-candidate' && isRecord(data.candidate)) return [{ kind: 'candidate', candidate: data.candidate as RTCIceCandidateInit }];
  return [];
}
