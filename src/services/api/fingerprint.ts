/**
 * A fingerprint of an answer's bytes, to tell an unchanged answer without
 * parsing it. SHA-256 through Web Crypto where the page has it (a secure
 * context): the digest runs off the main thread. Elsewhere two 32-bit FNV-1a
 * hashes over slices of the bytes, yielding between slices, so a 17 MB answer
 * never holds the main thread for more than a slice (about 1 ms on a panel).
 */
import { nextTask } from '../../lib/nextTask';

export type Digest = (bytes: ArrayBuffer) => Promise<ArrayBuffer>;

const SLICE_BYTES = 256 * 1024;

const hex = (words: Iterable<number>, width: number) => Array.from(words, (word) => word.toString(16).padStart(width, '0')).join('');

/** Two FNV-1a hashes with different offsets and primes: 64 bits, enough to tell one answer from the next. */
async function slicedFnv(bytes: ArrayBuffer): Promise<string> {
  const view = new Uint8Array(bytes);
  let a = 0x811c9dc5;
  let b = 0x050c5d1f;
  for (let start = 0; start < view.length; start += SLICE_BYTES) {
    if (start > 0) await nextTask();
    for (const byte of view.subarray(start, start + SLICE_BYTES)) {
      a = Math.imul(a ^ byte, 0x01000193);
      b = Math.imul(b ^ byte, 0x5bd1e995);
    }
  }
  return `fnv:${view.length}:${hex([a >>> 0, b >>> 0], 8)}`;
}

/** The platform's SHA-256, or null where there is none (a page that is not a secure context). */
export function platformDigest(): Digest | null {
  const subtle = globalThis.crypto?.subtle;
  return subtle ? (bytes) => subtle.digest('SHA-256', bytes) : null;
}

/** `digest` is injected so tests can take either road; a digest that fails falls back to the hash. */
export async function fingerprintOf(bytes: ArrayBuffer, digest: Digest | null = platformDigest()): Promise<string> {
  if (digest) {
    try {
      return `sha256:${hex(new Uint8Array(await digest(bytes)), 2)}`;
    } catch {
      // A browser may refuse the call: the hash stands in (an answer then looks changed once, and is parsed).
    }
  }
  return slicedFnv(bytes);
}
