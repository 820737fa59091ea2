/** Web Locks for one origin: exclusive locks granted in request order, released when their callback's promise settles. */
export function createFakeLocks() {
  const held = new Set<string>();
  const waiting: Array<{ name: string; grant: () => void }> = [];
  const release = (name: string) => {
    held.delete(name);
    const next = waiting.findIndex((w) => w.name === name);
    if (next >= 0) waiting.splice(next, 1)[0]!.grant();
  };
  const request = (name: string, ...args: unknown[]): Promise<unknown> => {
    const options = (args.length === 2 ? args[0] : {}) as LockOptions;
    const callback = args.at(-1) as (lock: Lock | null) => unknown;
    const run = () => {
      held.add(name);
      return Promise.resolve(callback({ name, mode: 'exclusive' } as Lock)).finally(() => release(name));
    };
    if (!held.has(name)) return run();
    if (options.ifAvailable) return Promise.resolve(callback(null));
    return new Promise((resolve) => waiting.push({ name, grant: () => resolve(run()) }));
  };
  return { request: request as LockManager['request'], held, release };
}
