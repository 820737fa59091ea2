import { fingerprintOf, platformDigest, type Digest } from './fingerprint';

const bytes = (text: string) => new TextEncoder().encode(text).buffer as ArrayBuffer;
/** Larger than one slice of the fallback hash, so the slices' joins are covered. */
const large = (last: string) => bytes(`${'{"residents":['.padEnd(600_000, ' ')}${last}]}`);

describe('fingerprint of an answer', () => {
  const roads: [string, Digest | null][] = [
    ['Web Crypto', platformDigest()],
    ['the sliced hash', null],
    ['the sliced hash, when the digest fails', () => Promise.reject(new Error('not allowed'))],
  ];
  it.each(roads)('with %s: the same bytes give the same fingerprint, other bytes another', async (_road, digest) => {
    expect(await fingerprintOf(large('1'), digest)).toBe(await fingerprintOf(large('1'), digest));
    expect(await fingerprintOf(large('1'), digest)).not.toBe(await fingerprintOf(large('2'), digest));
    expect(await fingerprintOf(bytes('{}'), digest)).not.toBe(await fingerprintOf(bytes('{} '), digest));
  });

  it('uses SHA-256 where the page has Web Crypto', async () => {
    expect(platformDigest()).not.toBeNull();
    expect(await fingerprintOf(bytes('abc'))).toBe('sha256:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
