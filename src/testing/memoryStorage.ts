/**
 * A Web Storage in memory that fails as a real one does when full: setItem
 * throws a QuotaExceededError once keys and values would pass `quota`
 * characters. `quota` can be changed at any time (storage freed elsewhere).
 */
export function createMemoryStorage(quota = Infinity) {
  const items = new Map<string, string>();
  const used = (without?: string) => [...items].reduce((sum, [key, value]) => (key === without ? sum : sum + key.length + value.length), 0);
  const storage = {
    quota,
    /** Every setItem call, failed ones included, in order. */
    writes: [] as string[],
    get length() {
      return items.size;
    },
    key: (index: number) => [...items.keys()][index] ?? null,
    getItem: (key: string) => items.get(key) ?? null,
    setItem(key: string, value: string) {
      storage.writes.push(key);
      if (used(key) + key.length + value.length > storage.quota) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      items.set(key, String(value));
    },
    removeItem: (key: string) => void items.delete(key),
    clear: () => items.clear(),
  };
  return storage satisfies Storage;
}
