/**
 * Runs `load` on the first call and hands every call the same promise, so a
 * module or client is fetched once however many parts ask for it. A failed
 * load (the kiosk's server unreachable) is forgotten: the next call tries again.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}
