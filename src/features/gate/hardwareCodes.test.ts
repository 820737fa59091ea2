import { isValidHardwareCode } from '../property/validCodes';
import { hardwareCodeIndex, opensForHardwareRead } from './hardwareCodes';

const LONG_CARD = '6011000990139424567';

describe('hardware reads through the index', () => {
  const codes = new Set(['10001', '00777', '0', LONG_CARD, 'ABC12', '']);

  it.each([
    ['10001', true],
    ['0000010001', true],
    ['777', true],
    ['0777', true],
    ['000', true],
    [`00${LONG_CARD}`, true],
    ['6011000990139424568', false],
    [`${LONG_CARD}0`, false],
    ['7770', false],
    ['10002', false],
    ['ABC12', false],
    ['1e4', false],
    ['', false],
  ])('%s opens: %s, as the scan over every code says', (read, opens) => {
    expect(opensForHardwareRead(codes, read)).toBe(opens);
    expect(isValidHardwareCode(codes, read)).toBe(opens);
  });

  it('builds the index once per set of codes, and a new set gets its own', () => {
    const index = hardwareCodeIndex(codes);
    expect(hardwareCodeIndex(codes)).toBe(index);
    const other = new Set(['20001']);
    expect(opensForHardwareRead(other, '10001')).toBe(false);
    expect(opensForHardwareRead(other, '020001')).toBe(true);
  });
});
