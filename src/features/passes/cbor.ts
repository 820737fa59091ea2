/*
 * A strict, bounded CBOR reader (RFC 8949) for what a compact pass holds
 * (docs/passes.md, "The compact pass"): integers, byte and text strings,
 * arrays, maps with integer or text keys, and tag 18 (COSE_Sign1). Anything
 * else (floats, simple values, other tags, indefinite lengths, duplicate map
 * keys, integers past 2^53, bad UTF-8, a length past the input's end, bytes
 * left over, nesting deeper than a pass's) throws a CborError.
 */

export class CborError extends Error {}

/** A tagged item: only COSE_Sign1's tag is read. */
export class CborTag {
  constructor(
    readonly tag: number,
    readonly value: CborValue,
  ) {}
}

export type CborValue = number | string | Uint8Array<ArrayBuffer> | CborValue[] | Map<number | string, CborValue> | CborTag;

export const COSE_SIGN1_TAG = 18;
/** A pass nests a map in a map, or a map in an array in a tag: room for that, no more. */
const MAX_DEPTH = 4;

const MAJOR = { uint: 0, negative: 1, bytes: 2, text: 3, array: 4, map: 5, tag: 6 } as const;

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

class Reader {
  private at = 0;

  constructor(private readonly bytes: Uint8Array<ArrayBuffer>) {}

  item(depth: number): CborValue {
    if (depth > MAX_DEPTH) throw new CborError('nested too deep');
    const initial = this.take(1)[0]!;
    const major = initial >> 5;
    const n = this.argument(initial & 0x1f);
    switch (major) {
      case MAJOR.uint:
        return n;
      case MAJOR.negative:
        if (n === Number.MAX_SAFE_INTEGER) throw new CborError('a number past -2^53');
        return -1 - n;
      case MAJOR.bytes:
        return this.take(n).slice();
      case MAJOR.text:
        try {
          return utf8.decode(this.take(n));
        } catch {
          throw new CborError('text is not UTF-8');
        }
      case MAJOR.array:
        // Every item takes a byte at least: a count past what is left is a lie, refused before any work.
        this.expect(n);
        return Array.from({ length: n }, () => this.item(depth + 1));
      case MAJOR.map:
        return this.map(n, depth);
      case MAJOR.tag:
        if (n !== COSE_SIGN1_TAG) throw new CborError(`tag ${n}`);
        return new CborTag(n, this.item(depth + 1));
      default:
        throw new CborError('floats and simple values are not read');
    }
  }

  /** The whole input as one item: bytes after it are an error. */
  whole(): CborValue {
    const value = this.item(0);
    if (this.at !== this.bytes.length) throw new CborError('bytes after the item');
    return value;
  }

  private map(n: number, depth: number): Map<number | string, CborValue> {
    this.expect(2 * n);
    const map = new Map<number | string, CborValue>();
    for (let i = 0; i < n; i += 1) {
      const key = this.item(depth + 1);
      if (typeof key !== 'number' && typeof key !== 'string') throw new CborError('a map key that is neither integer nor text');
      if (map.has(key)) throw new CborError(`key ${key} twice`);
      map.set(key, this.item(depth + 1));
    }
    return map;
  }

  /** The head's argument: the value itself below 24, else the 1, 2, 4 or 8 bytes after it. */
  private argument(info: number): number {
    if (info < 24) return info;
    if (info > 27) throw new CborError(info === 31 ? 'indefinite length' : 'reserved head');
    let n = 0;
    for (const byte of this.take(2 ** (info - 24))) n = n * 256 + byte;
    if (!Number.isSafeInteger(n)) throw new CborError('a number past 2^53');
    return n;
  }

  private expect(count: number): void {
    if (count > this.bytes.length - this.at) throw new CborError('longer than the input');
  }

  private take(count: number): Uint8Array<ArrayBuffer> {
    this.expect(count);
    this.at += count;
    return this.bytes.subarray(this.at - count, this.at);
  }
}

/** The one CBOR item `bytes` hold. */
export const readCbor = (bytes: Uint8Array<ArrayBuffer>): CborValue => new Reader(bytes).whole();

/** A byte string's head (major type 2) for `length` bytes: what COSE's Sig_structure needs written. */
export function byteStringHead(length: number): number[] {
  if (length < 24) return [0x40 | length];
  if (length < 0x100) return [0x58, length];
  if (length < 0x10000) return [0x59, length >> 8, length & 0xff];
  return [0x5a, (length >>> 24) & 0xff, (length >> 16) & 0xff, (length >> 8) & 0xff, length & 0xff];
}
