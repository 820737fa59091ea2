// What a test does in or reads from the kiosk's page: keys, the page clock,
// the WebSocket frames and fetches it sent, its stored queue, the installer screen.
import { expect, type Page } from '@playwright/test';

/** Types a code on the panel's keys (keyboard digits), from the home or an empty code-entry screen. */
export async function typeCode(page: Page, code: string): Promise<void> {
  for (const digit of code) await page.keyboard.press(digit);
}

/** The installer screen's sequence on home (docs/self-diagnosis.md). */
const INSTALLER_SEQUENCE = ['ArrowUp', 'ArrowDown', 'ArrowUp', 'ArrowDown', 'ArrowUp', 'ArrowDown'];

/** Opens the installer screen with the panel's buttons, from home, and returns its text. */
export async function installerScreen(page: Page): Promise<string> {
  for (const key of INSTALLER_SEQUENCE) await page.keyboard.press(key);
  const screen = page.getByRole('main');
  await expect(screen.getByRole('heading', { name: 'Installer information' })).toBeVisible();
  return (await screen.textContent()) ?? '';
}

/**
 * With page.clock installed: jumps `stepMs` ahead, then checks, until `check`
 * passes. For timers the kiosk sets after a network answer: a jump made before
 * the page has set the timer does not fire it, so one jump may not be enough.
 * Give `check` short timeouts (e.g. `{ timeout: 500 }`).
 */
export async function fastForwardUntil(
  page: Page,
  stepMs: number,
  check: () => Promise<unknown>,
  { timeout = 10_000 }: { timeout?: number } = {},
): Promise<void> {
  await expect(async () => {
    await page.clock.fastForward(stepMs);
    await check();
  }).toPass({ timeout, intervals: [200, 300, 500] });
}

/** What the page sent on its WebSockets, timed in the page (performance.now()). */
export interface SocketSend {
  t: number;
  url: string;
  data: string;
}

/**
 * Records every WebSocket frame the page sends, with the page's own clock:
 * timing measured there is free of the test process's event-loop delays.
 * Call before `kiosk.open`; read with `socketSends(page)`. Resets on reload.
 */
export async function recordSocketSends(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const sends: Array<{ t: number; url: string; data: string }> = [];
    Object.defineProperty(window, '__socketSends', { value: sends });
    const send = WebSocket.prototype.send;
    WebSocket.prototype.send = function (this: WebSocket, data: string | ArrayBufferLike | Blob | ArrayBufferView) {
      sends.push({ t: performance.now(), url: this.url, data: typeof data === 'string' ? data : '[binary]' });
      return send.call(this, data);
    };
  });
}

/** JSON-RPC requests the page sent on the hardware socket, with page-side times. */
export async function hardwareSends(page: Page): Promise<Array<{ t: number; method: string; params: unknown }>> {
  const sends = await page.evaluate(() => (window as unknown as { __socketSends?: SocketSend[] }).__socketSends ?? []);
  return sends
    .filter((s) => s.url.endsWith('/hardware'))
    .map((s) => {
      const { method, params } = JSON.parse(s.data) as { method: string; params: unknown };
      return { t: s.t, method, params };
    });
}

/**
 * Counts the Pusher connections the page has made (each
 * `pusher:connection_established` it received). With page.clock, wait for a
 * new one after a reload before jumping the clock: a jump while the socket is
 * still opening would time it out, which a panel's clock never does.
 */
export function countPusherConnections(page: Page): { established: number } {
  const count = { established: 0 };
  page.on('websocket', (socket) => {
    if (!socket.url().includes('/app/')) return;
    socket.on('framereceived', ({ payload }) => void (String(payload).includes('pusher:connection_established') && (count.established += 1)));
  });
  return count;
}

/** An access request as the kiosk queues it and the back end records it (docs/rules.md#r3-5-4). */
export interface QueuedRequest {
  user_code: string;
  access_granted: boolean;
  created_at: string;
}

/** Runs one read of the kiosk's stored access-request queue in the page: `getAll` for the records, `count` for how many. */
async function readStoredQueue<T>(page: Page, read: 'getAll' | 'count', none: T): Promise<T> {
  const result = await page.evaluate(
    ({ read, none }) =>
      new Promise<unknown>((resolve, reject) => {
        const open = indexedDB.open('gate-kiosk');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('accessQueue')) {
            db.close();
            resolve(none);
            return;
          }
          const request = db.transaction('accessQueue').objectStore('accessQueue')[read]();
          request.onsuccess = () => {
            db.close();
            resolve(request.result);
          };
          request.onerror = () => reject(request.error);
        };
      }),
    { read, none },
  );
  return result as T;
}

/** The access-request queue as the kiosk last stored it: a record each in its database (docs/stored-state.md). */
export function storedQueue(page: Page): Promise<QueuedRequest[]> {
  return readStoredQueue<QueuedRequest[]>(page, 'getAll', []);
}

/**
 * How many access requests the kiosk's database holds. Counted in the page: copying
 * 100,000 records out took 18 s on a loaded 2-core machine, longer than the poll waited.
 */
export function storedQueueCount(page: Page): Promise<number> {
  return readStoredQueue(page, 'count', 0);
}

/**
 * Waits until the page's localStorage holds `needle` in some value. The kiosk
 * saves each part of its state as it changes (docs/stored-state.md), so a test that
 * navigates away right after a change waits for the save first.
 */
export async function waitForStorage(page: Page, needle: string, timeout = 5_000): Promise<void> {
  await expect
    .poll(() => page.evaluate((text) => Object.values(localStorage).some((value) => value.includes(text)), needle), {
      timeout,
      message: `localStorage holds ${JSON.stringify(needle)}`,
    })
    .toBe(true);
}

/**
 * Records the page's fetch calls with the page's own Date.now() (page.clock's
 * time once installed), so intervals between requests are measured on the
 * kiosk's clock. Call before `kiosk.open`; read with `fetchTimes`.
 */
export async function recordFetches(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const fetches: Array<{ t: number; url: string }> = [];
    Object.defineProperty(window, '__fetches', { value: fetches });
    const original = window.fetch;
    window.fetch = function (input: RequestInfo | URL, init?: RequestInit) {
      fetches.push({ t: Date.now(), url: input instanceof Request ? input.url : String(input) });
      return original.call(this, input, init);
    };
  });
}

/** Page-clock times of the fetches whose URL ends with `path`, in order (needs `recordFetches`). */
export async function fetchTimes(page: Page, path: string): Promise<number[]> {
  const fetches = await page.evaluate(() => (window as unknown as { __fetches?: Array<{ t: number; url: string }> }).__fetches ?? []);
  return fetches.filter((f) => f.url.endsWith(path)).map((f) => f.t);
}

/** Records every camera and microphone track the page gets, to check they are stopped. */
export async function trackMedia(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const tracks: MediaStreamTrack[] = [];
    (window as unknown as { __tracks: MediaStreamTrack[] }).__tracks = tracks;
    const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    navigator.mediaDevices.getUserMedia = async (constraints) => {
      const stream = await original(constraints);
      tracks.push(...stream.getTracks());
      return stream;
    };
  });
}
export const trackStates = (page: Page) =>
  page.evaluate(() => (window as unknown as { __tracks: MediaStreamTrack[] }).__tracks.map((t) => `${t.kind}:${t.readyState}`));

/** Before a reload the kiosk writes its stored state and asks its own server: seconds on a busy machine. */
const RELOAD_TIMEOUT_MS = 15_000;

/** The page's next `load` event (a reload the kiosk starts itself, after a notification or a fault). */
export function nextLoad(page: Page): Promise<Page> {
  return page.waitForEvent('load', { timeout: RELOAD_TIMEOUT_MS });
}

/**
 * Pauses the page's installed clock (page.clock.install()) where it is now. The
 * clock runs on in real time while the call travels: the pause is made a moment
 * ahead, again if a loaded machine took longer than that moment.
 */
export async function pauseClockNow(page: Page): Promise<void> {
  await expect(async () => {
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
  }).toPass({ timeout: 10_000 });
}

type ShownAt = { __shownAt?: Record<string, number> };

/**
 * Notes the page's clock (Date.now()) when `selector` first shows `text`; the
 * returned function reads it once it has shown. For timers that start with what
 * the visitor sees, which a loaded machine may reach well after the request
 * that led to it.
 */
export async function noteWhenShown(page: Page, selector: string, text: string): Promise<() => Promise<number>> {
  await page.evaluate(
    ({ selector, text }) => {
      const shownAt = ((window as ShownAt).__shownAt ??= {});
      const observer = new MutationObserver(() => {
        if (document.querySelector(selector)?.textContent !== text) return;
        shownAt[text] = Date.now();
        observer.disconnect();
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    },
    { selector, text },
  );
  return async () => {
    let at: number | undefined;
    await expect.poll(async () => (at = await page.evaluate((text) => (window as ShownAt).__shownAt?.[text], text))).toBeDefined();
    return at!;
  };
}
