/**
 * An abort signal that counts the 'abort' listeners on it, so a test can see
 * that an adapter takes its own away once it no longer needs them.
 */
export function watchedSignal() {
  const controller = new AbortController();
  const { signal } = controller;
  const listening = new Set<unknown>();
  const add = signal.addEventListener.bind(signal);
  const remove = signal.removeEventListener.bind(signal);
  signal.addEventListener = ((type: string, listener: EventListener, options?: AddEventListenerOptions) => {
    if (type === 'abort') listening.add(listener);
    add(type, listener, options);
  }) as typeof signal.addEventListener;
  signal.removeEventListener = ((type: string, listener: EventListener) => {
    if (type === 'abort') listening.delete(listener);
    remove(type, listener);
  }) as typeof signal.removeEventListener;
  return { controller, signal, listening: () => listening.size };
}
