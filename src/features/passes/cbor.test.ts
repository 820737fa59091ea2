import { base45, cbor } from '../../../simulator/cosePass.mjs';
import { Base45Error, fromBase45 } from './base45';
import { byteStringHead, CborError, CborTag, readCbor, type CborValue } from './cbor';

const bytes = (hex: string) => Uint8Array.from(Buffer.from(hex, 'hex'));
const hex = (data: Uint8Array) => Buffer.from(data).toString('hex');
const map = (...entries: [number | string, CborValue][]) => new Map(entries);

/** RFC 8949, Appendix A: the examples inside what a pass holds, as the issuer writes them and the panel reads them. */
const RFC_8949_EXAMPLES: [CborValue, string][] = [
  [0, '00'],
  [23, '17'],
  [24, '1818'],
  [100, '1864'],
  [1000, '1903e8'],
  [1000000, '1a000f4240'],
  [-1, '20'],
  [-10, '29'],
  [-100, '3863'],
  [-1000, '3903e7'],
  [new Uint8Array(0), '40'],
  [bytes('01020304'), '4401020304'],
  ['', '60'],
  ['a', '6161'],
  ['IETF', '6449455446'],
  ['"\\', '62225c'],
  ['ü', '62c3bc'],
  ['水', '63e6b0b4'],
  [[], '80'],
  [[1, 2, 3], '83010203'],
  [[1, [2, 3], [4, 5]], '8301820203820405'],
  [Array.from({ length: 25 }, (_, i) => i + 1), '98190102030405060708090a0b0c0d0e0f101112131415161718181819'],
  [map(), 'a0'],
  [map([1, 2], [3, 4]), 'a201020304'],
  [map(['a', 1], ['b', [2, 3]]), 'a26161016162820203'],
  [['a', map(['b', 'c'])], '826161a161626163'],
  [map(['a', 'A'], ['b', 'B'], ['c', 'C'], ['d', 'D'], ['e', 'E']), 'a56161614161626142616361436164614461656145'],
];

describe('CBOR (RFC 8949)', () => {
  it.each(RFC_8949_EXAMPLES)('%j is %s, written and read', (value, encoded) => {
    expect(hex(cbor(value))).toBe(encoded);
    expect(readCbor(bytes(encoded))).toEqual(value);
  });

  it('reads the larger integers a pass’s times need, and tag 18 around an array', () => {
    expect(readCbor(bytes('1b000000e8d4a51000'))).toBe(1000000000000);
    expect(readCbor(bytes('1a6a1d7d40'))).toBe(1780317504);
    expect(readCbor(bytes('3a00010000'))).toBe(-65537);
    expect(readCbor(bytes('d28240a0'))).toEqual(new CborTag(18, [new Uint8Array(0), new Map()]));
    expect(hex(cbor({ tag: 18, content: [new Uint8Array(0), new Map()] }))).toBe('d28240a0');
  });

  it.each([
    ['a float (RFC 8949: 0.0)', 'f90000'],
    ['true', 'f5'],
    ['null', 'f6'],
    ['an indefinite-length byte string', '5f42010243030405ff'],
    ['an indefinite-length array', '9f018202039f0405ffff'],
    ['tag 0 (a date)', 'c074323031332d30332d32315432303a30343a30305a'],
    ['tag 17 (COSE_Mac0), not 18', 'd18440a04040'],
    ['2^64 - 1', '1bffffffffffffffff'],
    ['-2^64', '3bffffffffffffffff'],
    ['2^53', '1b0020000000000000'],
    ['a reserved head', '1c'],
    ['nothing', ''],
    ['a truncated integer', '1903'],
    ['a truncated text', '64494554'],
    ['a truncated array', '83010203'.slice(0, 6)],
    ['a byte string claiming 4 GB', '5affffffff00'],
    ['a byte string claiming 2^53 - 1 bytes', '5b001fffffffffffff00'],
    ['an array claiming 4 billion items', '9affffffff'],
    ['a map claiming 4 billion entries', 'baffffffff'],
    ['a map with a key twice', 'a201020103'],
    ['a map with a byte-string key', 'a14101' + '02'],
    ['a map with an array key', 'a180' + '02'],
    ['text that is not UTF-8', '62c328'],
    ['bytes after the item', '0000'],
    ['arrays nested past a pass', '8181818181818100'],
  ])('refuses %s', (_, encoded) => {
    expect(() => readCbor(bytes(encoded))).toThrow(CborError);
  });

  it('writes byte-string heads for every length a Sig_structure may take', () => {
    for (const length of [0, 23, 24, 255, 256, 65535, 65536]) expect(byteStringHead(length)).toEqual([...cbor(new Uint8Array(length)).subarray(0, byteStringHead(length).length)]);
  });
});

/** RFC 9285, section 4.3 and 4.4: the examples. */
const RFC_9285_EXAMPLES: [string, string][] = [
  ['AB', 'BB8'],
  ['Hello!!', '%69 VD92EX0'],
  ['base-45', 'UJCLQE7W581'],
  ['ietf!', 'QED8WEX0'],
];

describe('Base45 (RFC 9285)', () => {
  it.each(RFC_9285_EXAMPLES)('%s is %s, written and read', (text, encoded) => {
    expect(base45(new TextEncoder().encode(text))).toBe(encoded);
    expect(new TextDecoder().decode(fromBase45(encoded))).toBe(text);
  });

  it('reads nothing as no bytes, and every byte value back', () => {
    expect(fromBase45('')).toEqual(new Uint8Array(0));
    const all = Uint8Array.from({ length: 256 }, (_, i) => 255 - i);
    expect(fromBase45(base45(all))).toEqual(all);
    expect(fromBase45(base45(all.subarray(1)))).toEqual(all.subarray(1));
  });

  it.each([
    ['a triplet past two bytes (RFC 9285: GGW is 65536)', 'GGW'],
    ['a last pair past one byte', '::'],
    ['a lone last character', 'BB8B'],
    ['a character outside the alphabet', 'bb8'],
    ['a character outside the alphabet', 'BB_'],
  ])('refuses %s: %s', (_, encoded) => {
    expect(() => fromBase45(encoded)).toThrow(Base45Error);
  });
});
