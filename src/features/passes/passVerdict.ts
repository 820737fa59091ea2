import { english, type MessageKey } from '../../strings/catalogue';
import type { PropertyData } from '../property/types';
import type { PassRefusal } from './checkPass';

/** A refused pass's words: what the visitor reads, and the `reason` its access request carries. */
const REFUSAL_TEXT: Record<PassRefusal, MessageKey> = {
  'other-property': 'notice.passOtherProperty',
  'bad-signature': 'notice.passInvalid',
  malformed: 'notice.passInvalid',
  revoked: 'notice.passRevoked',
  'not-yet': 'notice.passNotYet',
  expired: 'notice.passExpired',
  used: 'notice.passUsed',
  unchecked: 'notice.passUnchecked',
};

/** When a pass starts, in the panel's zone: day, month, hour and minute. */
const startOf = (nbf: number) =>
  new Date(nbf * 1000).toLocaleString('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

export const refusalText = (reason: PassRefusal, nbf?: number): string => english(REFUSAL_TEXT[reason], nbf === undefined ? undefined : { time: startOf(nbf) });

/** A pass's access request's `user_code`: text any back end stores, that names the pass (docs/answers.md, "Passes"). */
export const passRequestCode = (jti: string | null): string => `pass:${jti ?? '?'}`;

/** Sent with the gate's signal where no resident's code stands for the pass (the signal's code must be digits). */
export const PASS_GATE_CODE = '0';

/** The code the gate is signalled with for a pass: its resident's own code, as a call's approval opens with theirs. */
export function passGateCode(data: PropertyData | null, residentId: number | string | undefined): string {
  const resident = residentId === undefined ? undefined : data?.residents.find(({ id }) => String(id) === String(residentId));
  return resident?.property_access_code?.code ?? resident?.property_credentials[0]?.code ?? PASS_GATE_CODE;
}
