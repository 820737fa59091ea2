/**
 * Everything one call (or one of its routes) has acquired, released together:
 * each resource is registered on the line that acquires it, and `release`
 * frees them newest first. A resource that arrives after the end is freed at once.
 */
export interface CallScope {
  readonly closed: boolean;
  defer(release: () => void): void;
  /** Owns the value of `promise`; if the scope has ended by the time it arrives, releases it and rejects. */
  adopt<T>(promise: Promise<T>, release: (value: T) => void): Promise<T>;
  /** Resolves with `value` after `ms`, unless the scope ends first (then never). */
  after<T>(ms: number, value: T): Promise<T>;
  /** A scope that ends with this one, or earlier on its own. */
  child(): CallScope;
  release(): void;
}

export class ScopeClosedError extends Error {
  constructor() {
    super('The call ended before this step finished');
    this.name = 'ScopeClosedError';
  }
}

/** `onError` hears of a release that threw; the others are still released. */
export function createCallScope(onError: (error: unknown) => void): CallScope {
  const releases: Array<() => void> = [];
  let closed = false;

  const scope: CallScope = {
    get closed() {
      return closed;
    },
    defer(release) {
      if (closed) run(release);
      else releases.push(release);
    },
    async adopt(promise, release) {
      const value = await promise;
      if (closed) {
        run(() => release(value));
        throw new ScopeClosedError();
      }
      releases.push(() => release(value));
      return value;
    },
    after(ms, value) {
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(value), ms);
        scope.defer(() => clearTimeout(timer));
      });
    },
    child() {
      const child = createCallScope(onError);
      scope.defer(() => child.release());
      return child;
    },
    release() {
      closed = true;
      while (releases.length > 0) run(releases.pop() as () => void);
    },
  };

  function run(release: () => void) {
    try {
      release();
    } catch (error) {
      onError(error);
    }
  }

  return scope;
}
