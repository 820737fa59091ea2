import { deriveGateCodes } from '../features/property/validCodes';
import type { PropertyData } from '../features/property/types';

/** A guest's 19-digit card number (the back end sends card numbers as text). */
export const LONG_CARD = '6011000990139424567';

/**
 * A small property answer as the back end sends it (raw JSON, before parsing),
 * in the exact shapes of docs/rules.md#r3-1: staff, property guests and unit guests
 * carry no id.
 */
export function rawProperty(overrides: Record<string, unknown> = {}) {
  return {
    property: { id: 1, public_name: 'Maple Court', phone: '5555550100' as string | null, clubhouse_panel_id: null as number | null },
    device: {
      id: 7,
      enable_numeric_codes: true,
      enable_qr_codes: true,
      enable_resident_directory: true,
      enable_call_manager: true,
      enable_video_calls: true,
    },
    residents: [
      {
        id: 11,
        directory_display_name: 'Aaron Abbott',
        directory_sort_name: 'Abbott, Aaron',
        directory_lookup_code: '0101',
        enable_directory_listing: true,
        directory_phone_country_code: '1',
        directory_phone: '5555550111',
        user_enabled_video_calls: true,
        property_access_code: { code: '10001' },
        property_credentials: [{ code: '10002' }],
      },
    ],
    property_staff: [{ property_access_code: { code: '20001' }, property_credentials: [{ code: '00777' }] }],
    property_guests: [
      { property_access_code: { code: '30001' }, property_credentials: [] },
      // A 19-digit card: beyond Number's exact integers, so only an exact comparison tells it from its neighbours.
      { property_access_code: null, property_credentials: [{ code: LONG_CARD }] },
    ],
    unitGuests: [
      { propertyAccessCode: { code: '40001', active: true } },
      { propertyAccessCode: { code: '40002', active: false } },
    ],
    twimlToken: 'twiml-1',
    ...overrides,
  };
}

/** Every code that opens the gate, standing and guests', as one set. */
/** The small answer with `count` residents shaped as its own, each with its own access code (5 digits from 50000). */
export function rawPropertyWith(count: number, overrides: Record<string, unknown> = {}) {
  const [resident] = rawProperty().residents;
  const residents: unknown[] = Array.from({ length: count }, (_, i) => ({
    ...resident,
    id: 1000 + i,
    directory_display_name: `Resident ${i}`,
    property_access_code: { code: String(50_000 + i) },
    property_credentials: [],
  }));
  return rawProperty({ residents, ...overrides });
}

export function validCodesOf(data: PropertyData): Set<string> {
  const { standing, guests } = deriveGateCodes(data);
  return new Set([...standing, ...guests]);
}
