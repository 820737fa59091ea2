/** RFC 9285's alphabet: the QR code's alphanumeric characters, in their order. */
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:';

export class Base45Error extends Error {}

const valueOf = (char: string): number => {
  const value = ALPHABET.indexOf(char);
  if (value < 0) throw new Base45Error(`${JSON.stringify(char)} is not Base45`);
  return value;
};

/**
 * Base45 (RFC 9285) to bytes: three characters to two bytes, two last ones
 * to one. A character outside the alphabet, a lone last character, or a
 * group worth more than its bytes hold throws a Base45Error.
 */
export function fromBase45(text: string): Uint8Array<ArrayBuffer> {
  if (text.length % 3 === 1) throw new Base45Error('a lone last character');
  const bytes = new Uint8Array(Math.floor(text.length / 3) * 2 + (text.length % 3 === 2 ? 1 : 0));
  for (let i = 0, at = 0; i < text.length; i += 3) {
    const group = text.slice(i, i + 3);
    let n = 0;
    for (let d = group.length - 1; d >= 0; d -= 1) n = n * 45 + valueOf(group[d]!);
    if (group.length === 3) {
      if (n > 0xffff) throw new Base45Error(`${group} is past two bytes`);
      bytes[at++] = n >> 8;
    } else if (n > 0xff) throw new Base45Error(`${group} is past one byte`);
    bytes[at++] = n & 0xff;
  }
  return bytes;
}
