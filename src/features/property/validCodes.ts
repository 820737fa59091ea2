import type { CodeHolder, PropertyData } from './types';

export const ACCESS_CODE_LENGTH = 5;

function holderCodes(holder: CodeHolder): string[] {
  const codes = holder.property_credentials.map((c) => c.code);
  if (holder.property_access_code) codes.push(holder.property_access_code.code);
  return codes;
}

/** The codes that open the gate, by how long they keep doing so offline (docs/answers.md). */
export interface GateCodes {
  /** Residents' and staff codes: they open the gate however long the panel is offline. */
  standing: string[];
  /** Property guests' codes and active unit guests' codes (not already standing): they expire offline. */
  guests: string[];
}

/**
 * Every code that opens the gate: residents', staff and property guests'
 * access and credential codes, and active unit guests' codes.
 */
export function deriveGateCodes(data: PropertyData): GateCodes {
  const standing = new Set([...data.residents, ...data.property_staff].flatMap(holderCodes).filter((code) => code !== ''));
  const guests = new Set(data.property_guests.flatMap(holderCodes));
  for (const guest of data.unitGuests) {
    if (guest.propertyAccessCode?.active) guests.add(guest.propertyAccessCode.code);
  }
  return { standing: [...standing], guests: [...guests].filter((code) => code !== '' && !standing.has(code)) };
}

/** Between codes in a stored text: no code the kiosk keeps holds one (a list with one that did is stored as the list). */
const SEPARATOR = '\n';

/** The text of each list of codes made or read here: a list is joined (or checked) once. */
const textOf = new WeakMap<readonly string[], string | string[]>();

/**
 * Codes as one text, as they are stored and handed over by the property
 * worker: 80,000 codes (50,000 residents) are parsed or cloned as one string
 * in a fraction of the time of a list of 80,000 (710,284 characters of JSON
 * took about 145 ms to parse at 4x, the list's clone about 40 ms).
 */
export function codesText(list: string[]): string | string[] {
  let text = textOf.get(list);
  if (text === undefined) textOf.set(list, (text = list.some((code) => code.includes(SEPARATOR)) ? list : list.join(SEPARATOR)));
  return text;
}

/** A text of codes as its list; anything else as it is, for the caller to check. */
export function codesFromText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const list = value === '' ? [] : value.split(SEPARATOR);
  textOf.set(list, value);
  return list;
}

/** Guests' codes stop opening the gate once the last good load is older than the limit (0: no limit; unknown age: no limit). */
export function guestCodesExpired(ageMs: number | null, limitHours: number): boolean {
  return limitHours > 0 && ageMs !== null && ageMs > limitHours * 3_600_000;
}

const ACCESS_CODE_SHAPE = new RegExp(`^\\d{${ACCESS_CODE_LENGTH}}$`);
const DIGITS = /^\d+$/;

/** The shape of a typed or scanned code: exactly 5 digits, taken as the string it is (no trimming, no numeric conversion). */
export function hasAccessCodeShape(code: string): boolean {
  return ACCESS_CODE_SHAPE.test(code);
}

const numericValue = (digits: string): string => digits.replace(/^0+(?=\d)/, '');

/** The codes as written: looked up, and listed (tests). */
export type CodeLookup = Pick<ReadonlySet<string>, 'has'> & Iterable<string>;

/**
 * Valid codes normalised for both comparisons, so that checking a code costs
 * little however many codes the property has: as written (typed and QR
 * codes) and, for all-digit codes, by numeric value (card reads). An
 * all-digit code without a leading zero is its own numeric value, so only
 * those written with leading zeros are kept a second time.
 */
export interface CodeSet {
  exact: CodeLookup;
  /** The numeric values of the all-digit codes written with leading zeros. */
  readonly zeroLed: ReadonlySet<string>;
  /**
   * Makes the look-ups quick, a step a task (`between` waits for the next):
   * a code checked before then gets the same verdict, found more slowly.
   */
  prepare(between: () => Promise<void>): Promise<void>;
}

/** A bit for each of the 100,000 codes of exactly 5 digits, "00000" to "99999". */
const ACCESS_CODE_BYTES = 10 ** ACCESS_CODE_LENGTH / 8;
/** Characters of codes marked a task while preparing: at 50,000 residents (710,000 characters) all at once took 30 to 50 ms at 4x. */
const MARKED_A_STEP = 100_000;

interface Marks {
  /** The codes of exactly 5 digits (what a visitor types or scans). */
  accessCodes: Uint8Array;
  zeroLed: Set<string>;
}

/**
 * The codes as one text, a code a line, searched for a whole line: the
 * engine's own search, about 3 ms at 4x with 50,000 residents, where a set
 * of 80,000 codes took the page 80 to 400 ms to make. Made at once from the
 * texts the codes are stored and handed over as; prepared later, in steps,
 * by marking the 5-digit codes in a bitmap and collecting the zero-led ones.
 */
class CodeLines implements CodeLookup {
  private readonly text: string;
  private marks: Marks | null = null;
  constructor(texts: string[]) {
    this.text = `${SEPARATOR}${texts.filter((text) => text !== '').join(SEPARATOR)}${SEPARATOR}`;
  }
  has(code: string): boolean {
    if (this.marks && hasAccessCodeShape(code)) {
      const value = Number(code);
      return (this.marks.accessCodes[value >> 3]! & (1 << (value & 7))) !== 0;
    }
    return code !== '' && !code.includes(SEPARATOR) && this.text.includes(`${SEPARATOR}${code}${SEPARATOR}`);
  }
  get zeroLed(): ReadonlySet<string> {
    if (!this.marks) {
      const marks = newMarks();
      this.markLines(1, Infinity, marks);
      this.marks = marks;
    }
    return this.marks.zeroLed;
  }
  async prepare(between: () => Promise<void>): Promise<void> {
    const marks = newMarks();
    for (let start = 1; start < this.text.length && !this.marks; ) {
      await between();
      start = this.markLines(start, start + MARKED_A_STEP, marks);
    }
    this.marks ??= marks;
  }
  /** Marks the lines from `start` on until one ends at or past `until`; returns where the next begins. */
  private markLines(start: number, until: number, { accessCodes, zeroLed }: Marks): number {
    const { text } = this;
    let at = start;
    while (at < text.length && at < until) {
      const end = text.indexOf(SEPARATOR, at);
      let value = 0;
      let digit = at;
      for (; digit < end; digit += 1) {
        const figure = text.charCodeAt(digit) - 48;
        if (figure < 0 || figure > 9) break;
        value = value * 10 + figure;
      }
      if (digit === end && end > at) {
        if (end - at === ACCESS_CODE_LENGTH) accessCodes[value >> 3]! |= 1 << (value & 7);
        if (text.charCodeAt(at) === 48) zeroLed.add(numericValue(text.slice(at, end)));
      }
      at = end + 1;
    }
    return at;
  }
  *[Symbol.iterator](): Iterator<string> {
    for (const code of this.text.split(SEPARATOR)) if (code !== '') yield code;
  }
}

const newMarks = (): Marks => ({ accessCodes: new Uint8Array(ACCESS_CODE_BYTES), zeroLed: new Set() });

export function codeSetOf(...lists: ReadonlyArray<readonly string[]>): CodeSet {
  // Lists read back or handed over carry their text; the others are joined once here.
  const texts = lists.map((list) => codesText(list as string[]));
  if (texts.every((text): text is string => typeof text === 'string') && !lists.some((list) => list.includes(''))) {
    const lines = new CodeLines(texts);
    return { exact: lines, get zeroLed() { return lines.zeroLed; }, prepare: (between) => lines.prepare(between) };
  }
  // A code holding a line break (or an empty one) makes lines that are no codes: those lists go in a set.
  const exact = new Set<string>();
  for (const list of lists) for (const code of list) exact.add(code);
  const zeroLed = new Set<string>();
  for (const code of exact) if (code.charCodeAt(0) === 48 && DIGITS.test(code)) zeroLed.add(numericValue(code));
  return { exact, zeroLed, prepare: async () => {} };
}

/** Typed and QR codes: exactly 5 digits, compared as strings. */
export function isValidEnteredCode(codes: CodeSet, raw: unknown): boolean {
  const code = String(raw);
  return hasAccessCodeShape(code) && codes.exact.has(code);
}

/**
 * Hardware reads compare by numeric value ("0123" matches "123"), without
 * float precision loss on long card numbers: a read's value is a code as
 * written (all digits, no leading zero; a code that is not all digits never
 * equals it) or the value of one written with leading zeros.
 */
export function isValidHardwareCode(codes: CodeSet, raw: string): boolean {
  if (!DIGITS.test(raw)) return false;
  const value = numericValue(raw);
  return codes.exact.has(value) || codes.zeroLed.has(value);
}
