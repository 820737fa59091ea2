import type { AccessCode, CodeHolder, Device, PropertyData, PropertyMeta, Resident, UnitGuest } from './types';

/**
 * Turns the back end's property answer into trusted data. Bad entries are
 * dropped and reported in `problems`; a response without a usable property or
 * device throws, so the caller keeps the last good data.
 */
export interface ParsedProperty {
  data: PropertyData;
  twimlToken: string | null;
  problems: string[];
}

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function toText(value: unknown): string | null {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

const toId = (value: unknown): number | null => {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};

function toCode(value: unknown): AccessCode | null {
  const code = isRecord(value) ? toText(value.code) : null;
  return code ? { code } : null;
}

function toCodes(value: unknown): AccessCode[] {
  return Array.isArray(value) ? value.map(toCode).filter((c): c is AccessCode => c !== null) : [];
}

function toCodeHolder(raw: Json): CodeHolder {
  return { property_access_code: toCode(raw.property_access_code), property_credentials: toCodes(raw.property_credentials) };
}

/** Residents are the only records with an id (the directory and calls need it). */
function toResident(raw: Json): Resident | null {
  const id = toId(raw.id);
  if (id === null) return null;
  const name = toText(raw.directory_display_name) ?? '';
  return {
    ...toCodeHolder(raw),
    id,
    directory_display_name: name,
    directory_sort_name: toText(raw.directory_sort_name) || name,
    // A lookup code sent as a number has lost its leading zeros.
    directory_lookup_code: typeof raw.directory_lookup_code === 'number' ? String(raw.directory_lookup_code).padStart(4, '0') : (toText(raw.directory_lookup_code) ?? ''),
    enable_directory_listing: raw.enable_directory_listing === true,
    directory_phone_country_code: toText(raw.directory_phone_country_code) ?? '',
    directory_phone: toText(raw.directory_phone) ?? '',
    user_enabled_video_calls: raw.user_enabled_video_calls === true,
  };
}

function toUnitGuest(raw: Json): UnitGuest {
  const access = raw.propertyAccessCode;
  const code = isRecord(access) ? toText(access.code) : null;
  return { propertyAccessCode: code && isRecord(access) ? { code, active: access.active === true } : null };
}

function list<T>(raw: Json, key: string, build: (item: Json) => T | null, problems: string[]): T[] {
  const value = raw[key];
  if (value === undefined || value === null) {
    problems.push(`${key} missing`);
    return [];
  }
  if (!Array.isArray(value)) {
    problems.push(`${key} is not a list`);
    return [];
  }
  const items: T[] = [];
  value.forEach((item, index) => {
    const built = isRecord(item) ? build(item) : null;
    if (built !== null) items.push(built);
    else problems.push(`${key}[${index}] dropped: ${isRecord(item) ? 'no id' : 'not an object'}`);
  });
  return items;
}

function toProperty(raw: unknown): PropertyMeta {
  const id = isRecord(raw) ? toId(raw.id) : null;
  if (!isRecord(raw) || id === null) throw new Error('property data has no property id');
  const clubhouse = raw.clubhouse_panel_id;
  return {
    id,
    public_name: toText(raw.public_name) ?? '',
    phone: toText(raw.phone) || null,
    clubhouse_panel_id: typeof clubhouse === 'number' || (typeof clubhouse === 'string' && clubhouse !== '') ? clubhouse : null,
  };
}

function toDevice(raw: unknown): Device {
  const id = isRecord(raw) ? toId(raw.id) : null;
  if (!isRecord(raw) || id === null) throw new Error('property data has no device');
  return {
    id,
    enable_numeric_codes: raw.enable_numeric_codes === true,
    enable_qr_codes: raw.enable_qr_codes === true,
    enable_resident_directory: raw.enable_resident_directory === true,
    enable_call_manager: raw.enable_call_manager === true,
    enable_video_calls: raw.enable_video_calls === true,
  };
}

export function parsePropertyResponse(raw: unknown): ParsedProperty {
  if (!isRecord(raw)) throw new Error('property data is not an object');
  const problems: string[] = [];
  const data: PropertyData = {
    property: toProperty(raw.property),
    device: toDevice(raw.device),
    residents: list(raw, 'residents', toResident, problems),
    property_staff: list(raw, 'property_staff', toCodeHolder, problems),
    property_guests: list(raw, 'property_guests', toCodeHolder, problems),
    unitGuests: list(raw, 'unitGuests', toUnitGuest, problems),
  };
  return { data, twimlToken: toText(raw.twimlToken) || null, problems };
}
