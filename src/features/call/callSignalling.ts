import { isRecord } from '../../services/json';

/**
 * Who sent a client event: its `from` as text, or null when it names nobody.
 * `from` is what the sender says it is; the channel does not vouch for it
 * (docs/security.md).
 */
export type Sender = string | null;

/** What a channel event means for the call in progress (docs/rules.md#r7-2-2, #r4-9-8; docs/protocol.md). */
export type CallSignal =
  /** sip-message: sent by the back end (a server event; no member of the channel can send one). */
  | { kind: 'connected' }
  | { kind: 'approved' }
  /** client-deny: a member of the channel decides, opening the gate or not. */
  | { kind: 'decided'; openGate: boolean; from: Sender }
  | { kind: 'offer'; sdp: RTCSessionDescriptionInit; from: Sender }
  | { kind: 'candidate'; candidate: RTCIceCandidateInit; from: Sender };

/** Ids may arrive as numbers or strings. */
function isId(value: unknown): value is string | number {
  return typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
}

function sameId(value: unknown, callId: string): boolean {
  return isId(value) && String(value) === callId;
}

/**
 * The signals in one channel event for the call `callId` (the back end's id);
 * events of another call, and anything malformed (a `from` that is no id
 * included), give none.
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
  if (data.from !== undefined && data.from !== null && !isId(data.from)) return [];
  const from: Sender = isId(data.from) ? String(data.from) : null;
  if (event === 'client-deny') return [{ kind: 'decided', openGate: data.open_gate === true, from }];
  if (event === 'client-sdp') {
    const sdp = data.sdp;
    if (isRecord(sdp) && sdp.type === 'offer' && typeof sdp.sdp === 'string') return [{ kind: 'offer', sdp: { type: 'offer', sdp: sdp.sdp }, from }];
    return [];
  }
  if (event === 'client-candidate' && isRecord(data.candidate)) return [{ kind: 'candidate', candidate: data.candidate as RTCIceCandidateInit, from }];
  return [];
}
