/**
 * A selector's computation that gives `fallback` instead of throwing on state
 * of a shape nobody expected: a screen must never crash on what it selects.
 * Stored state is validated when read back, so this is the last line only.
 */
export function orFallback<A extends unknown[], R>(compute: (...args: A) => R, fallback: R): (...args: A) => R {
  return (...args) => {
    try {
      return compute(...args);
    } catch {
      return fallback;
    }
  };
}
