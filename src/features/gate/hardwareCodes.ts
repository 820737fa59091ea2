/**
 * Hardware reads compare by numeric value ("0123" matches "123"), as
 * `isValidHardwareCode` does, but through an index: the numeric value of
 * every digit code, built once per set of codes (a property load) instead of
 * a scan of every code on each card read. On a 50,000-resident property
 * that scan stood between the read and `wiegand`.
 */
const indexes = new WeakMap<ReadonlySet<string>, ReadonlySet<string>>();

/** Digits without their leading zeros ("000" is "0"); null for anything that is not digits only. */
const numericValue = (raw: string): string | null => (/^\d+$/.test(raw) ? raw.replace(/^0+(?=\d)/, '') : null);

/** The numeric values of `codes`' digit codes; built on first use for each set and kept while the set lives. */
export function hardwareCodeIndex(codes: ReadonlySet<string>): ReadonlySet<string> {
  let index = indexes.get(codes);
  if (!index) {
    const values = new Set<string>();
    for (const code of codes) {
      const value = numericValue(code);
      if (value !== null) values.add(value);
    }
    indexes.set(codes, (index = values));
  }
  return index;
}

/** Whether a hardware read opens the gate: one of `codes` has its numeric value. */
export function opensForHardwareRead(codes: ReadonlySet<string>, raw: string): boolean {
  const value = numericValue(raw);
  return value !== null && hardwareCodeIndex(codes).has(value);
}
