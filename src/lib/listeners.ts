/**
 * Callbacks told of a change: `subscribe` (in `useSyncExternalStore`'s shape)
 * returns what removes one, `notify` calls each.
 */
export function createListeners(): { subscribe(listener: () => void): () => void; notify(): void } {
  const listeners = new Set<() => void>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    notify: () => listeners.forEach((listener) => listener()),
  };
}
