import type { ApiClient } from './apiClient';

type Method = Exclude<keyof ApiClient, 'serverDate'>;
/** Every method the client has: a method added to ApiClient and not here fails the type check. */
const METHODS = Object.keys({
  getFeatureFlags: true,
  getProperty: true,
  sendAccessRequests: true,
  checkIn: true,
  sendLog: true,
  createCall: true,
  startSipCall: true,
  authorizeChannel: true,
  sendMessage: true,
} satisfies Record<Method, true>) as Method[];

/**
 * An API client whose code loads at its first call, not with the first
 * screen: no request is made before the page is idle after it (the property
 * load, the check-in and the queue's sender start then), and a log line
 * written earlier waits the few milliseconds the chunk takes. A chunk that
 * cannot be fetched fails the call as a network error does (each caller
 * retries, or logs locally); the next call fetches it again (`load` is
 * `loadOnce`'s). The server's date is null until the client has loaded, as
 * before its first answer.
 */
export function createLazyApiClient(load: () => Promise<ApiClient>): ApiClient {
  let client: ApiClient | null = null;
  const loaded = () =>
    load().then((made) => {
      client = made;
      return made;
    });
  const lazy = Object.fromEntries(
    METHODS.map((name) => [name, (...args: unknown[]) => loaded().then((made) => (made[name] as (...args: unknown[]) => Promise<unknown>)(...args))]),
  ) as Omit<ApiClient, 'serverDate'>;
  return { ...lazy, serverDate: () => client?.serverDate?.() ?? null };
}
