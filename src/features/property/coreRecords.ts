import { isRecord } from '../../services/json';
import { isFiniteNumber, readFlag, readId, readText } from '../../services/api/values';
import { parseLanguage } from '../../strings/catalogue';
import type { Device, PropertyMeta } from './types';

/*
 * The property answer's `property` and `device` records (docs/rules.md#r3-1),
 * read without a schema library: the property core stored with them is read
 * at every start, before anything else can load, by the same readers as the
 * answer (parsePropertyResponse.ts). Only what a record cannot do without is
 * required (its id); a field that is missing or null takes its empty value,
 * and a field of the wrong kind makes the whole record bad.
 */

/** A record read, or where and why it is bad (`.field: what was there`). */
export type RecordRead<T> = { value: T } | { problem: string };

/** A field that cannot be read. */
class BadField extends Error {
  constructor(
    readonly field: string,
    readonly found: unknown,
  ) {
    super(field);
  }
}

/** Reads one record with `read`, which throws BadField for its first bad field. */
function readRecord<T>(value: unknown, read: (fields: Record<string, unknown>) => T): RecordRead<T> {
  if (!isRecord(value)) return { problem: `: not an object (${describe(value)})` };
  try {
    return { value: read(value) };
  } catch (error) {
    if (!(error instanceof BadField)) throw error;
    return { problem: `.${error.field}: not readable (${describe(error.found)})` };
  }
}

const describe = (value: unknown): string => (JSON.stringify(value) ?? String(value)).slice(0, 80);

/** The fields of one record, each read as the rules give it. */
function fieldsOf(fields: Record<string, unknown>) {
  const bad = (name: string): never => {
    throw new BadField(name, fields[name]);
  };
  const given = (name: string) => fields[name] != null;
  return {
    id: (name: string) => readId(fields[name]) ?? bad(name),
    /** Text, trimmed; missing or null is ''. */
    text: (name: string) => (given(name) ? (readText(fields[name])?.trim() ?? bad(name)) : ''),
    /** A flag in any spelling; missing or null is off. */
    flag: (name: string) => (given(name) ? (readFlag(fields[name]) ?? bad(name)) : false),
    /** An optional setting: missing, null or unreadable is `empty` (the build's default). */
    setting: <T, E>(name: string, read: (value: unknown) => T | undefined, empty: E): T | E => (given(name) ? (read(fields[name]) ?? empty) : empty),
    raw: (name: string) => fields[name],
    bad,
  };
}

/** A number of hours, 0 or more, as a number or as digits in a string ("168"). */
function readHours(value: unknown): number | undefined {
  const hours = typeof value === 'string' && /^\d+(\.\d+)?$/.test(value.trim()) ? Number(value.trim()) : value;
  return isFiniteNumber(hours) && hours >= 0 ? hours : undefined;
}

/** Any text (an ISO instant, as the back end sets it), trimmed and not empty. */
const readMark = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

export function readPropertyMeta(value: unknown): RecordRead<PropertyMeta> {
  return readRecord(value, (fields) => {
    const field = fieldsOf(fields);
    const panel = field.raw('clubhouse_panel_id') ?? null;
    if (panel !== null && typeof panel !== 'string' && !(typeof panel === 'number' && !Number.isNaN(panel))) field.bad('clubhouse_panel_id');
    return {
      id: field.id('id'),
      public_name: field.text('public_name'),
      phone: field.text('phone') || null,
      clubhouse_panel_id: panel === '' ? null : (panel as string | number | null),
    };
  });
}

export function readDevice(value: unknown): RecordRead<Device> {
  return readRecord(value, (fields) => {
    const field = fieldsOf(fields);
    return {
      id: field.id('id'),
      enable_numeric_codes: field.flag('enable_numeric_codes'),
      enable_qr_codes: field.flag('enable_qr_codes'),
      enable_resident_directory: field.flag('enable_resident_directory'),
      enable_call_manager: field.flag('enable_call_manager'),
      enable_video_calls: field.flag('enable_video_calls'),
      // Optional device settings (docs/answers.md): missing, null or unreadable means the build's default.
      language: parseLanguage(field.raw('language')),
      spoken_prompts: field.setting('spoken_prompts', readFlag, null),
      offline_guest_code_hours: field.setting('offline_guest_code_hours', readHours, null),
      // Only a change is acted on.
      code_lock_cleared_at: field.setting('code_lock_cleared_at', readMark, null),
      // A picture from the camera with each lock's report.
      photo_on_code_lock: field.setting('photo_on_code_lock', readFlag, false),
      // Home's Delivery link and a call's `reason: "delivery"`.
      enable_deliveries: field.setting('enable_deliveries', readFlag, false),
      // A call nobody answered offers the visitor a video message.
      visitor_messages: field.setting('visitor_messages', readFlag, false),
    };
  });
}
