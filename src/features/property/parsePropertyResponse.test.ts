import fc from 'fast-check';
import { rawProperty, validCodesOf } from '../../testing/fixtures';
import { amidJunk, anyAnswer, junk, TRUE_SPELLINGS, usableAnswer, valid } from '../../testing/propertyArbitraries';
import { parsePropertyResponse, UnusablePropertyAnswer } from './parsePropertyResponse';
import { codeSetOf, isValidEnteredCode, isValidHardwareCode } from './validCodes';

const RUNS = { numRuns: 200 };

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const field = (value: unknown, key: string): unknown => (isObject(value) ? value[key] : undefined);
const items = (value: unknown, key: string): unknown[] => {
  const list = field(value, key);
  return Array.isArray(list) ? list : [];
};

/**
 * docs/rules.md#r5-1-2 read straight off the raw answer: residents', staff and
 * property guests' access and credential codes, and the codes of unit guests
 * whose `active` is set. Codes may be sent as numbers.
 */
function codesTheRulesMakeValid(raw: unknown): string[] {
  const codes: unknown[] = [];
  for (const holder of ['residents', 'property_staff', 'property_guests'].flatMap((key) => items(raw, key))) {
    codes.push(field(field(holder, 'property_access_code'), 'code'), ...items(holder, 'property_credentials').map((c) => field(c, 'code')));
  }
  for (const guest of items(raw, 'unitGuests')) {
    const access = field(guest, 'propertyAccessCode');
    if (TRUE_SPELLINGS.includes(field(access, 'active'))) codes.push(field(access, 'code'));
  }
  return codes.flatMap((code) => (typeof code === 'string' ? [code.trim()] : typeof code === 'number' ? [String(code)] : []));
}

/** Every string and number anywhere in the answer: the codes a visitor might try. */
const everyValue = (raw: unknown): string[] =>
  Array.isArray(raw) || isObject(raw) ? Object.values(raw).flatMap(everyValue) : typeof raw === 'string' || typeof raw === 'number' ? [String(raw)] : [];

describe('parsing property data', () => {
  it('accepts numeric codes and resident ids given as strings', () => {
    const resident = { ...rawProperty().residents[0], id: '9', property_access_code: { code: 55555 } };
    const parsed = parsePropertyResponse(rawProperty({ residents: [resident] }));
    expect(parsed.data.residents[0]).toMatchObject({ id: 9, property_access_code: { code: '55555' } });
  });

  it("keeps staff, property guests and unit guests in the back end's shape, which has no ids", () => {
    const parsed = parsePropertyResponse(
      rawProperty({
        property_staff: [{ property_access_code: { code: '20001' }, property_credentials: [] }],
        property_guests: [{ property_access_code: null, property_credentials: [{ code: '30001' }] }],
        unitGuests: [{ propertyAccessCode: { code: '40001', active: true } }],
      }),
    );
    expect(parsed.problems).toEqual([]);
    expect([...validCodesOf(parsed.data)].sort()).toEqual(['10001', '10002', '20001', '30001', '40001']);
  });

  it('reads booleans sent as true/false, 1/0, "1"/"0" or "true"/"false"', () => {
    const resident = { ...rawProperty().residents[0], enable_directory_listing: 1, user_enabled_video_calls: '0' };
    const parsed = parsePropertyResponse(
      rawProperty({
        device: { id: 7, enable_numeric_codes: 1, enable_qr_codes: '1', enable_resident_directory: 'true', enable_call_manager: 0, enable_video_calls: 'false' },
        residents: [resident],
        unitGuests: [{ propertyAccessCode: { code: '40001', active: 'true' } }, { propertyAccessCode: { code: '40002', active: '0' } }],
      }),
    );
    expect(parsed.problems).toEqual([]);
    expect(parsed.data.device).toEqual({
      id: 7,
      enable_numeric_codes: true,
      enable_qr_codes: true,
      enable_resident_directory: true,
      enable_call_manager: false,
      enable_video_calls: false,
      language: null,
      spoken_prompts: null,
      offline_guest_code_hours: null,
      code_lock_cleared_at: null,
      photo_on_code_lock: false,
      enable_deliveries: false,
      visitor_messages: false,
    });
    expect(parsed.data.residents[0]).toMatchObject({ enable_directory_listing: true, user_enabled_video_calls: false });
    const codes = codeSetOf([...validCodesOf(parsed.data)]);
    expect([isValidEnteredCode(codes, '40001'), isValidEnteredCode(codes, '40002')]).toEqual([true, false]);
  });

  it('skips only the record with a field of the wrong kind, and says where', () => {
    const resident = rawProperty().residents[0];
    const parsed = parsePropertyResponse(
      rawProperty({
        residents: [{ ...resident, user_enabled_video_calls: 'yes' }, { ...resident, id: 12, property_access_code: { code: '10009' } }],
        property_staff: [{ property_access_code: { code: '20001' }, property_credentials: 'none' }, { property_access_code: { code: '20002' } }],
      }),
    );
    expect(parsed.data.residents.map((r) => r.id)).toEqual([12]);
    expect(parsed.data.property_staff).toEqual([{ property_access_code: { code: '20002' }, property_credentials: [] }]);
    expect(parsed.problems).toEqual([
      expect.stringMatching(/^residents\[0\]\.user_enabled_video_calls: /),
      expect.stringMatching(/^property_staff\[0\]\.property_credentials: /),
    ]);
  });

  it.each([null, 'text', [], { device: { id: 7 } }, { property: { id: 1 } }, { property: { id: 1 }, device: { id: 'seven' } }])(
    'refuses %j as unusable',
    (raw) => {
      expect(() => parsePropertyResponse(raw)).toThrow(UnusablePropertyAnswer);
    },
  );

  it('an empty sort name falls back to the display name; numeric lookup codes keep their zeros', () => {
    const resident = { id: 3, directory_display_name: 'Zoe', directory_sort_name: '', directory_lookup_code: 42 };
    const [parsed] = parsePropertyResponse(rawProperty({ residents: [resident] })).data.residents;
    expect(parsed).toMatchObject({ directory_sort_name: 'Zoe', directory_lookup_code: '0042' });
  });
});

describe('property data of any shape (property-based)', () => {
  it('never throws, except to refuse an answer without a usable property or device', () => {
    fc.assert(
      fc.property(anyAnswer, (raw) => {
        try {
          parsePropertyResponse(raw);
        } catch (error) {
          expect(error).toBeInstanceOf(UnusablePropertyAnswer);
        }
      }),
      RUNS,
    );
  });

  it('never lets in a code that rules R5.1.2 does not make valid', () => {
    fc.assert(
      fc.property(usableAnswer, fc.array(fc.string(), { maxLength: 5 }), (raw, guesses) => {
        const codes = codeSetOf([...validCodesOf(parsePropertyResponse(raw).data)]);
        const valid = codesTheRulesMakeValid(raw);
        for (const code of [...everyValue(raw), ...guesses]) {
          if (isValidEnteredCode(codes, code)) expect(/^\d{5}$/.test(code) && valid.includes(code)).toBe(true);
          if (isValidHardwareCode(codes, code)) expect(valid.some((one) => /^\d+$/.test(one) && BigInt(one) === BigInt(code))).toBe(true);
        }
      }),
      RUNS,
    );
  });

  it('keeps every valid record, whatever junk surrounds it', () => {
    const answer = fc.record({
      property: valid.property,
      device: valid.device,
      residents: amidJunk(valid.resident),
      staff: amidJunk(valid.holder),
      guests: amidJunk(valid.holder),
      unitGuests: amidJunk(valid.unitGuest),
      extras: fc.dictionary(fc.string(), junk, { maxKeys: 3 }),
    });
    fc.assert(
      fc.property(answer, ({ property, device, residents, staff, guests, unitGuests, extras }) => {
        const raw = {
          ...extras,
          property,
          device,
          residents: residents.list,
          property_staff: staff.list,
          property_guests: guests.list,
          unitGuests: unitGuests.list,
        };
        const { data } = parsePropertyResponse(raw);
        const codes = codeSetOf([...validCodesOf(data)]);
        const ids = data.residents.map((resident) => resident.id);
        expect(residents.valid.every((resident) => ids.includes(Number(resident.id)))).toBe(true);
        expect(data.device.enable_qr_codes).toBe(TRUE_SPELLINGS.includes(device.enable_qr_codes));
        const held = [...residents.valid, ...staff.valid, ...guests.valid].flatMap((holder) => [
          ...(holder.property_access_code ? [holder.property_access_code.code] : []),
          ...(holder.property_credentials ?? []).map((credential) => credential.code),
        ]);
        const guestCodes = unitGuests.valid.filter((guest) => TRUE_SPELLINGS.includes(guest.propertyAccessCode.active));
        for (const code of [...held, ...guestCodes.map((guest) => guest.propertyAccessCode.code)]) {
          expect(isValidEnteredCode(codes, String(code))).toBe(true);
        }
      }),
      RUNS,
    );
  });
});
