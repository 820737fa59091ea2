import { english } from '../../strings/catalogue';
import type { CodeHolder, PropertyData, Resident } from '../property/types';
import type { CallTargetRef } from './callEvents';
import { TEST_CALL_RESIDENT } from './testCall';

/** Everything a call needs to know about its far end. */
export interface CallTargetInfo {
  /** The recent-calls counter: the resident id, 'manager' or 'test'. */
  key: string;
  /** `resident_id` of the created call: null for the manager. */
  residentId: number | string | null;
  /** Shown as 'Call {name}', 'Calling {name}...', 'Connected to {name}'. */
  name: string;
  /** What the phone leg dials (docs/rules.md#r5-4-2). */
  number: string;
  /** Video first, or the phone at once (docs/rules.md#r5-4-3). */
  video: boolean;
  /** The code that opens the gate when the far end approves; null is only logged. */
  gateCode: string | null;
}

/** The title's name for the manager: 'Call a Manager' (docs/rules.md#r2-7-2). */
export const MANAGER_NAME = english('call.manager');
/** The test call hides who it calls. */
export const TEST_CALL_NAME = english('call.someone');

/** '/call' calls the manager; '/call?resident=test' the test resident; any other value is a resident id. */
export function callTargetFromQuery(resident: string | null): CallTargetRef {
  if (resident === null) return { kind: 'manager' };
  if (resident === TEST_CALL_RESIDENT) return { kind: 'test' };
  return { kind: 'resident', residentId: resident };
}

/**
 * `/call?resident={id}&reason=delivery` is a delivery only while the device
 * record's `enable_deliveries` is on, and only to a resident (the Delivery
 * link picks one from the directory); anything else is a plain call.
 */
export function isDeliveryCall(reason: string | null, target: CallTargetRef, deliveriesEnabled: boolean): boolean {
  return reason === 'delivery' && deliveriesEnabled && target.kind === 'resident';
}

function holderCode(holder: CodeHolder): string | null {
  return holder.property_access_code?.code ?? holder.property_credentials[0]?.code ?? null;
}

const residentIndexes = new WeakMap<readonly Resident[], ReadonlyMap<string, Resident>>();

/**
 * The resident with this id (as text; the first of a repeated one), through
 * an index built once per residents list: the call screen and the call each
 * look a resident up, which on a 50,000-resident property was a scan of all.
 */
function residentWithId(residents: readonly Resident[], id: string): Resident | undefined {
  let index = residentIndexes.get(residents);
  if (!index) {
    const byId = new Map<string, Resident>();
    for (const resident of residents) if (!byId.has(String(resident.id))) byId.set(String(resident.id), resident);
    residentIndexes.set(residents, (index = byId));
  }
  return index.get(id);
}

/**
 * Who is called and how, or null when the call cannot be made (an unknown
 * resident, a property without a phone for the manager). Video for the
 * manager and the test call follows the device flag alone: there is no
 * resident setting to ask.
 */
export function describeTarget(target: CallTargetRef, data: PropertyData): CallTargetInfo | null {
  const deviceVideo = data.device.enable_video_calls;
  if (target.kind === 'manager') {
    if (!data.property.phone) return null;
    const staff = data.property_staff.find((member) => holderCode(member) !== null);
    return {
      key: 'manager',
      residentId: null,
      name: MANAGER_NAME,
      number: `+1${data.property.phone}`,
      video: deviceVideo,
      gateCode: staff ? holderCode(staff) : null,
    };
  }
  if (target.kind === 'test') {
    return { key: TEST_CALL_RESIDENT, residentId: TEST_CALL_RESIDENT, name: TEST_CALL_NAME, number: '', video: deviceVideo, gateCode: null };
  }
  const resident = residentWithId(data.residents, target.residentId);
  if (!resident) return null;
  return {
    key: String(resident.id),
    residentId: resident.id,
    name: resident.directory_display_name,
    number: `+${resident.directory_phone_country_code}${resident.directory_phone}`,
    video: resident.user_enabled_video_calls && deviceVideo,
    gateCode: holderCode(resident),
  };
}
