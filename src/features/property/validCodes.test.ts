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
  it('accepts numeric codes and ids given as strings', () => {
    const parsed = parsePropertyResponse(rawProperty({ property_staff: [{ id: '9', property_access_code: { code: 55555 } }] }));
    expect(parsed.data.property_staff).toEqual([{ id: 9, property_access_code: { code: '55555' }, property_credentials: [] }]);
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
