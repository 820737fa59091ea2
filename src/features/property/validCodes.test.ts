import fc from 'fast-check';
import { LONG_CARD, rawProperty, validCodesOf } from '../../testing/fixtures';
import { parsePropertyResponse } from './parsePropertyResponse';
import { codeSetOf, deriveGateCodes, hasAccessCodeShape, isValidEnteredCode, isValidHardwareCode, type CodeSet } from './validCodes';

const codes = codeSetOf([...validCodesOf(parsePropertyResponse(rawProperty()).data)]);

describe('valid codes', () => {
  it('are residents, staff and property guests codes and credentials, and active unit guests', () => {
    expect([...codes.exact].sort()).toEqual(['00777', '10001', '10002', '20001', '30001', '40001', LONG_CARD]);
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

  it('compares 19-digit card numbers exactly, by numeric value (rules R5.1.3)', () => {
    expect(LONG_CARD).toBe('6011000990139424567');
    expect(isValidHardwareCode(codes, '6011000990139424567')).toBe(true);
    expect(isValidHardwareCode(codes, '006011000990139424567')).toBe(true);
    // Through Number() all three are 6011000990139424000-something and equal: they must not match.
    expect(isValidHardwareCode(codes, '6011000990139424568')).toBe(false);
    expect(isValidHardwareCode(codes, '6011000990139424566')).toBe(false);
    expect(isValidHardwareCode(codes, '60110009901394245670')).toBe(false);
    expect(isValidHardwareCode(codeSetOf(['0']), '000')).toBe(true);
    expect(isValidHardwareCode(codeSetOf(['00777']), '0777')).toBe(true);
    expect(isValidHardwareCode(codeSetOf(['7770']), '777')).toBe(false);
    // A code holding a line break is no all-digit code, whatever its lines look like.
    expect(isValidHardwareCode(codeSetOf(['10001', 'A\n0123']), '123')).toBe(false);
    expect(isValidHardwareCode(codeSetOf(['10001'], ['0123']), '123')).toBe(true);
  });

  it('a long card is not a typed code: typed and QR codes are 5 digits', () => {
    expect(isValidEnteredCode(codes, LONG_CARD)).toBe(false);
  });
});

describe('valid codes from what a back end sends', () => {
  const base = rawProperty();
  const parsed = (overrides: Record<string, unknown>) => validCodesOf(parsePropertyResponse({ ...base, ...overrides }).data);

  it('a holder without an access code, or with empty codes, adds only the codes it has', () => {
    const codes = parsed({
      residents: [],
      property_staff: [{ property_access_code: null, property_credentials: [{ code: '' }, { code: '20009' }] }],
      property_guests: [{ property_access_code: { code: '' }, property_credentials: [] }],
      unitGuests: [{ propertyAccessCode: { code: '', active: true } }, { propertyAccessCode: null }, { propertyAccessCode: { code: '40009', active: true } }],
    });
    expect([...codes].sort()).toEqual(['20009', '40009']);
    expect(isValidHardwareCode(codeSetOf([...codes]), '0')).toBe(false);
  });

  it('an empty code never opens the gate, even handed over as it is', () => {
    const data = parsePropertyResponse(base).data;
    const withEmpty = {
      ...data,
      property_staff: [{ property_access_code: { code: '' }, property_credentials: [{ code: '' }] }],
      unitGuests: [{ propertyAccessCode: { code: '', active: true } }],
    };
    expect(validCodesOf(withEmpty).has('')).toBe(false);
  });

  it('typed codes must match from the first digit to the last', () => {
    expect(isValidEnteredCode(codes, ' 10001')).toBe(false);
    expect(isValidEnteredCode(codes, '10001 ')).toBe(false);
    expect(isValidEnteredCode(codes, 'x10001')).toBe(false);
  });

  it('hardware reads strip only leading zeros: 11 is not 10001, 2001 is not 20001', () => {
    expect(isValidHardwareCode(codes, '11')).toBe(false);
    expect(isValidHardwareCode(codes, '2001')).toBe(false);
    expect(isValidHardwareCode(codes, '1001')).toBe(false);
    expect(isValidHardwareCode(codes, '010001')).toBe(true);
  });
});

describe('hardware reads of any shape (property-based)', () => {
  it('match exactly the valid codes of the same numeric value', () => {
    const digits = fc.stringMatching(/^\d{1,25}$/);
    // A read is junk, any digits, a valid code with leading zeros, or a valid code's neighbour (last digit off by one).
    const neighbour = (code: string) => (/^\d+$/.test(code) ? (BigInt(code) + 1n).toString() : code);
    const readOf = (valid: string[]) =>
      fc.oneof(
        fc.string(),
        digits,
        ...(valid.length > 0 ? [fc.constantFrom(...valid).map((code) => `00${code}`), fc.constantFrom(...valid).map(neighbour)] : []),
      );
    const codesAndRead = fc.array(fc.oneof(digits, fc.string()), { maxLength: 6 }).chain((valid) => fc.tuple(fc.constant(valid), readOf(valid)));
    fc.assert(
      fc.property(codesAndRead, ([valid, read]) => {
        const sameNumber = /^\d+$/.test(read) && valid.some((code) => /^\d+$/.test(code) && BigInt(code) === BigInt(read));
        expect(isValidHardwareCode(codeSetOf(valid), read)).toBe(sameNumber);
      }),
      { numRuns: 200 },
    );
  });
});

describe('a code looked up among the valid ones (property-based)', () => {
  it('is found exactly when it is one of them, whatever its shape: 5 digits (looked up by value), other digits, anything else', () => {
    const fiveDigits = fc.stringMatching(/^\d{5}$/);
    // Near misses of 5-digit codes: other lengths, a non-ASCII digit, a space, a letter.
    const nearMiss = fc.oneof(fc.stringMatching(/^\d{4,6}$/), fc.constantFrom('١٢٣٤٥', '1234 ', '1234a', '0000', '000000', '99999'));
    const code = fc.oneof(fiveDigits, nearMiss, fc.string({ maxLength: 8 }));
    fc.assert(
      fc.property(fc.array(code, { maxLength: 12 }), fc.array(code, { maxLength: 4 }), code, (standing, guests, asked) => {
        const set = codeSetOf(standing, guests);
        for (const candidate of [asked, ...standing, ...guests]) expect(set.exact.has(candidate)).toBe(standing.includes(candidate) || guests.includes(candidate));
      }),
      { numRuns: 300 },
    );
  });

  it('00000 and 99999, the ends of the 5-digit codes, are found only where they are valid', () => {
    expect(isValidEnteredCode(codeSetOf(['00000', '99999']), '00000')).toBe(true);
    expect(isValidEnteredCode(codeSetOf(['00000', '99999']), '99999')).toBe(true);
    expect(isValidEnteredCode(codeSetOf(['00001', '99998']), '00000')).toBe(false);
    expect(isValidEnteredCode(codeSetOf(['00001', '99998']), '99999')).toBe(false);
  });
});

describe('codes prepared after they arrive', () => {
  /** Verdicts on each candidate: as typed or scanned, and as read by the hardware. */
  const verdicts = (set: CodeSet, candidates: string[]) => candidates.map((code) => [isValidEnteredCode(set, code), isValidHardwareCode(set, code)]);
  /** Waits for `steps` tasks, then fails as a cancelled listener's pause does. */
  const stepsThenCancelled = (steps: number) => () => (steps-- > 0 ? Promise.resolve() : Promise.reject(new Error('cancelled')));

  it('give the same verdicts before, partly and fully prepared (property-based)', async () => {
    const code = fc.oneof(fc.stringMatching(/^\d{5}$/), fc.stringMatching(/^0\d{0,7}$/), fc.stringMatching(/^\d{1,8}$/), fc.string({ maxLength: 6 }));
    await fc.assert(
      fc.asyncProperty(fc.array(code, { maxLength: 12 }), fc.array(code, { maxLength: 4 }), fc.array(code, { maxLength: 6 }), async (standing, guests, asked) => {
        const candidates = [...asked, ...standing, ...guests, ...[...standing, ...guests].map((c) => `0${c}`)];
        const expected = verdicts(codeSetOf(standing, guests), candidates);
        const prepared = codeSetOf(standing, guests);
        await prepared.prepare(() => Promise.resolve());
        expect(verdicts(prepared, candidates)).toEqual(expected);
      }),
      { numRuns: 200 },
    );
  });

  it('at 50,000 codes, a preparation cancelled part way leaves every verdict as it was, and a later one completes it', async () => {
    const standing = Array.from({ length: 50_000 }, (_, i) => String(i * 2).padStart(5, '0'));
    const guests = ['0042', '77777777'];
    const candidates = ['00000', '00002', '00001', '99998', '99999', '42', '0042', '77777777', '2', '3', '1000', ''];
    const expected = [
      [true, true], [true, true], [false, false], [true, true], [false, false], [false, true], [false, true], [false, true], [false, true], [false, false], [false, true], [false, false],
    ];
    const cancelled = codeSetOf(standing, guests);
    await expect(cancelled.prepare(stepsThenCancelled(2))).rejects.toThrow('cancelled');
    expect(verdicts(cancelled, candidates)).toEqual(expected);
    const prepared = codeSetOf(standing, guests);
    await expect(prepared.prepare(stepsThenCancelled(2))).rejects.toThrow('cancelled');
    let steps = 0;
    await prepared.prepare(() => Promise.resolve(void (steps += 1)));
    expect(steps).toBeGreaterThan(2);
    expect(verdicts(prepared, candidates)).toEqual(expected);
  });
});

describe('hasAccessCodeShape (a typed code or a QR payload)', () => {
  it.each(['12345', '00777'])('accepts %s', (value) => expect(hasAccessCodeShape(value)).toBe(true));
  it.each(['1234', '123456', ' 12345', '12345\n', '1234a', 'https://example.com/12345', ''])('declines %j', (value) =>
    expect(hasAccessCodeShape(value)).toBe(false),
  );
});

describe('gate codes by how long they last offline', () => {
  it('residents and staff are standing; property guests and active unit guests are guests, each code once', () => {
    const { standing, guests } = deriveGateCodes(parsePropertyResponse(rawProperty()).data);
    expect([...standing, ...guests].sort()).toEqual([...codes.exact].sort());
    expect(guests.sort()).toEqual(['30001', '40001', LONG_CARD]);
  });

  it('a guest holding a resident code is not a guest for that code: it stays standing', () => {
    const data = parsePropertyResponse({ ...rawProperty(), property_guests: [{ property_access_code: { code: '10001' }, property_credentials: [] }] }).data;
    const { standing, guests } = deriveGateCodes(data);
    expect(standing).toContain('10001');
    expect(guests).not.toContain('10001');
  });
});
