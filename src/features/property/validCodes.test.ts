import { rawProperty } from '../../testing/fixtures';
import { parsePropertyResponse } from './parsePropertyResponse';
import { deriveValidCodes, isValidEnteredCode, isValidHardwareCode } from './validCodes';

const codes = deriveValidCodes(parsePropertyResponse(rawProperty()).data);

describe('valid codes', () => {
  it('are residents, staff and property guests codes and credentials, and active unit guests', () => {
    expect([...codes].sort()).toEqual(['00777', '10001', '10002', '20001', '30001', '40001']);
  });

  it('typed and QR codes must be exactly 5 digits, compared as strings', () => {
    expect(isValidEnteredCode(codes, '10001')).toBe(true);
    expect(isValidEnteredCode(codes, '00777')).toBe(true);
    expect(isValidEnteredCode(codes, '777')).toBe(false);
    expect(isValidEnteredCode(codes, 10001)).toBe(true);
    expect(isValidEnteredCode(codes, '10001 ')).toBe(false);
    expect(isValidEnteredCode(codes, '40002')).toBe(false);
  });

  it('hardware reads compare by numeric value', () => {
    expect(isValidHardwareCode(codes, '777')).toBe(true);
    expect(isValidHardwareCode(codes, '0000010001')).toBe(true);
    expect(isValidHardwareCode(codes, '10003')).toBe(false);
    expect(isValidHardwareCode(codes, '')).toBe(false);
    expect(isValidHardwareCode(codes, '1e4')).toBe(false);
  });
});

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
    expect([...deriveValidCodes(parsed.data)].sort()).toEqual(['10001', '10002', '20001', '30001', '40001']);
  });

  it.each([null, 'text', [], { device: {} }, { property: { id: 1 } }])('rejects %j', (raw) => {
    expect(() => parsePropertyResponse(raw)).toThrow();
  });
});

describe('directory fields', () => {
  it('an empty sort name falls back to the display name; numeric lookup codes keep their zeros', () => {
    const resident = { id: 3, directory_display_name: 'Zoe', directory_sort_name: '', directory_lookup_code: 42 };
    const [parsed] = parsePropertyResponse(rawProperty({ residents: [resident] })).data.residents;
    expect(parsed).toMatchObject({ directory_sort_name: 'Zoe', directory_lookup_code: '0042' });
  });
});
