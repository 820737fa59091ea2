// Fixtures for the end-to-end tests.
//
// Per worker (a separate Node process): one free port reserved for the
// simulator, one build of the kiosk pointing at it (dist-e2e-<worker>-<pid>/), one
// static server for that build. Per test: a fresh simulator on that port, so
// tests never share records or property changes.
//
//   import { test, expect } from './fixtures';
//   test('...', async ({ page, kiosk, sim, waitForRecord }) => {
//     await kiosk.open(page, { model: 'TOUCH' });
//     await waitForRecord('hardware', (r) => r.method === 'wiegand');
//   });
import { rm } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, expect, test as base, type Browser, type Page } from '@playwright/test';
import { buildForSimulator } from '../../scripts/build-for-simulator.mjs';
import { startStaticServer } from '../../scripts/static-server.mjs';
import { KNOWN } from '../../simulator/seed.mjs';
import { startSimulator } from '../../simulator/server.mjs';
import { CHROMIUM_ARGS, chromiumPath } from './chromium';
import { createPageGuard, type PageGuard } from './support/pageGuard';

export { expect, KNOWN };

const HOST = '127.0.0.1';
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export type Simulator = Awaited<ReturnType<typeof startSimulator>>;
/** The simulator's record lists (accessRequests, hardware, checkins, ...). */
export type RecordList = 'accessRequests' | 'checkins' | 'logs' | 'calls' | 'sipCalls' | 'hardware' | 'channelEvents';
// The simulator is plain JS: records are loosely typed objects.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type SimRecord = Record<string, any>;

/** A record list of the simulator's state (the simulator is JS; its lists are untyped). */
export function records(sim: Pick<Simulator, 'state'>, list: RecordList): SimRecord[] {
  return (sim.state as unknown as Record<RecordList, SimRecord[]>)[list];
}

export type PanelModelName = 'DEFAULT' | 'GEN1' | 'GEN2' | 'GEN3' | 'TOUCH';

export interface OpenOptions {
  /** Query `model`; `null` leaves it out. Default GEN2. Any string is passed as is. */
  model?: string | null;
  /** Query `token`; `null` leaves it out. Default 'demo-token'. */
  token?: string | null;
  /** Path to open, default '/'. */
  path?: string;
  /**
   * Wait for the home screen's welcome title, and for the token to be saved
   * (default true when path is '/' and a token is given).
   */
  waitForHome?: boolean;
}

export interface Kiosk {
  /** The built kiosk's origin, e.g. http://127.0.0.1:41234 */
  origin: string;
  /** The simulator origin this build talks to. */
  simUrl: string;
  /** A kiosk URL: `kiosk.url({ token: 'demo-token', model: 'GEN2' })` or `kiosk.url('token=x')`. */
  url(query?: string | Record<string, string | null | undefined>, pathname?: string): string;
  /** Opens the kiosk with a token and model and waits until the home screen shows. */
  open(page: Page, options?: OpenOptions): Promise<void>;
}

/** Polls `sim.state[list]` until a record matches; resolves with it (default timeout 5 s). */
export type WaitForRecord = (
  list: RecordList,
  predicate?: (record: SimRecord) => boolean,
  options?: { timeout?: number },
) => Promise<SimRecord>;

/** Like WaitForRecord, until `count` records match; resolves with all matches. */
export type WaitForRecords = (
  list: RecordList,
  predicate: (record: SimRecord) => boolean,
  count: number,
  options?: { timeout?: number },
) => Promise<SimRecord[]>;

interface WorkerFixtures {
  /** The worker's build of the kiosk: where it is served, the simulator port it talks to, its directory. */
  kioskBuild: { origin: string; simPort: number; dir: string };
}

interface TestFixtures {
  /** Fails the test on an uncaught page error, a console error it did not allow, or a CSP violation. */
  guard: PageGuard;
  /** Console errors this test may cause (see PageGuard); any other fails it. */
  allowConsoleErrors: PageGuard['allowConsoleErrors'];
  sim: Simulator;
  kiosk: Kiosk;
  waitForRecord: WaitForRecord;
  waitForRecords: WaitForRecords;
  /** Launches an extra Chromium with the suite's flags plus `extraArgs`; closed after the test. */
  launchBrowser: (extraArgs?: string[]) => Promise<Browser>;
}

/**
 * Launches Chromium with the suite's flags plus `extraArgs`, e.g. a fake
 * camera file: `launchChromium(['--use-file-for-fake-video-capture=/abs/qr.y4m'])`.
 * The caller closes it (or use the `launchBrowser` fixture, which does).
 */
export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), headless: true, args: [...CHROMIUM_ARGS, ...extraArgs] });
}

/** A port nobody listens on right now (the simulator binds it again for every test). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, HOST, () => resolve());
  });
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const test = base.extend<TestFixtures, WorkerFixtures>({
  kioskBuild: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const simPort = await freePort();
      // The pid keeps two runs in the same checkout (two engineers, or an
      // editor's test runner) from building into and deleting each other's output.
      const outDir = path.join(ROOT, `dist-e2e-${workerInfo.workerIndex}-${process.pid}`);
      await buildForSimulator({ host: HOST, port: simPort, outDir });
      const server = await startStaticServer({ dir: outDir, port: 0, host: HOST });
      await use({ origin: server.url, simPort, dir: outDir });
      await server.close();
      await rm(outDir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 120_000 },
  ],

  // eslint-disable-next-line no-empty-pattern
  guard: async ({}, use, testInfo) => {
    const guard = createPageGuard();
    await use(guard);
    // Last to tear down: every page and browser of the test is closed by now.
    await guard.finish(testInfo);
  },

  allowConsoleErrors: async ({ guard }, use) => {
    await use(guard.allowConsoleErrors);
  },

  sim: async ({ kioskBuild }, use) => {
    const sim = await startSimulator({ port: kioskBuild.simPort, host: HOST });
    await use(sim);
    await sim.close();
  },

  // The browser context depends on the simulator, so pages close before it
  // does. `sim` comes first: fixtures are set up in parameter order and torn
  // down in reverse, so the simulator outlives Playwright's own context.
  // Its pages are watched by the guard; their console goes into the report of a failed test.
  context: async ({ guard, sim, context }, use) => {
    void sim;
    await guard.watch(context);
    await use(context);
  },

  kiosk: async ({ kioskBuild, sim }, use) => {
    const url: Kiosk['url'] = (query, pathname = '/') => {
      const search =
        typeof query === 'string'
          ? query.replace(/^\?/, '')
          : new URLSearchParams(
              Object.entries(query ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
            ).toString();
      return `${kioskBuild.origin}${pathname}${search ? `?${search}` : ''}`;
    };
    await use({
      origin: kioskBuild.origin,
      simUrl: sim.url,
      url,
      async open(page, { model = 'GEN2', token = 'demo-token', path: pathname = '/', waitForHome } = {}) {
        await page.goto(url({ token, model }, pathname));
        if (waitForHome ?? (pathname === '/' && token !== null)) {
          await expect(page.getByRole('heading', { name: /^Welcome to / })).toBeVisible();
          // Saved, so that a test may navigate again at once.
          if (token) await waitForStorage(page, token);
        }
      },
    });
  },

  waitForRecord: async ({ sim }, use) => {
    await use(async (list, predicate = () => true, { timeout = 5_000 } = {}) => {
      const deadline = Date.now() + timeout;
      for (;;) {
        const found = records(sim, list).find(predicate);
        if (found) return found;
        if (Date.now() > deadline) {
          throw new Error(
            `No matching record in sim.state.${list} after ${timeout} ms. It holds:\n` +
              JSON.stringify(records(sim, list), null, 1).slice(0, 4_000),
          );
        }
        await sleep(20);
      }
    });
  },

  waitForRecords: async ({ sim }, use) => {
    await use(async (list, predicate, count, { timeout = 5_000 } = {}) => {
      const deadline = Date.now() + timeout;
      for (;;) {
        const found = records(sim, list).filter(predicate);
        if (found.length >= count) return found;
        if (Date.now() > deadline) {
          throw new Error(
            `Wanted ${count} matching records in sim.state.${list}, found ${found.length} after ${timeout} ms. It holds:\n` +
              JSON.stringify(records(sim, list), null, 1).slice(0, 4_000),
          );
        }
        await sleep(20);
      }
    });
  },

  launchBrowser: async ({ guard, sim }, use) => {
    void sim;
    const browsers: Browser[] = [];
    await use(async (extraArgs = []) => {
      const browser = await launchChromium(extraArgs);
      browsers.push(browser);
      // Every context the test makes in it is watched like the default one.
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        await guard.watch(context);
        return context;
      };
      return browser;
    });
    await Promise.all(browsers.map((browser) => browser.close()));
  },
});

/**
 * The console errors of an API that answers 503 (sim.setOffline): Chromium's
 * line for each refused request, and the kiosk's own log line for each failure.
 */
export const API_DOWN_ERRORS: RegExp[] = [
  /^Failed to load resource: the server responded with a status of 503 /,
  /^(Property data could not be loaded|Feature flags could not be loaded|Check-in failed|Access requests could not be sent|Real-time channel subscription failed) /,
];

/**
 * The console errors of a browser that is offline (context.setOffline): requests and sockets that could
 * not go out (the channel's authorization among them), and parts loaded after the first screen that a
 * test going offline at once catches still on their way (the tests block the service worker that
 * would hold them).
 */
export const BROWSER_OFFLINE_ERRORS: RegExp[] = [
  /^Failed to load resource: net::ERR_INTERNET_DISCONNECTED /,
  /^WebSocket connection to '[^']+' failed: .*ERR_INTERNET_DISCONNECTED/,
  /^Real-time channel subscription failed /,
  /could not be loaded .*Failed to fetch dynamically imported module/,
];

/** Hardware socket messages the kiosk sent (direction 'in'), optionally only one method. */
export function hardwareIn(sim: Pick<Simulator, 'state'>, method?: string): SimRecord[] {
  return records(sim, 'hardware').filter((r) => r.direction === 'in' && (method === undefined || r.method === method));
}

/** Types a code on the panel's keys (keyboard digits), from the home or an empty code-entry screen. */
export async function typeCode(page: Page, code: string): Promise<void> {
  for (const digit of code) await page.keyboard.press(digit);
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

/** Waits until the kiosk holds the hardware socket open (card reads and refresh reach it). */
export async function waitForHardwareSocket(sim: Simulator, timeout = 5_000): Promise<void> {
  await expect.poll(() => sim.snapshot().connections.hardware, { timeout, message: 'kiosk on the hardware socket' }).toBeGreaterThan(0);
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

/** Waits until the kiosk is subscribed to the property's private channel (server events reach it). */
export async function waitForChannel(sim: Simulator, timeout = 5_000): Promise<void> {
  await expect
    .poll(() => (sim.snapshot().connections.channels as Record<string, number>)[sim.channelName()] ?? 0, {
      timeout,
      message: `kiosk subscribed to ${sim.channelName()}`,
    })
    .toBeGreaterThan(0);
}

/** The relay follows the code signal after this long (CONTRACT.md section 5). */
export const RELAY_DELAY_MS = 600;
/**
 * How much earlier than 600 ms the simulator may see the relay after the code
 * signal: it timestamps frames when the test process's event loop gets to
 * them, and that loop is shared with Playwright, so a frame can be stamped
 * late by a few tens of milliseconds. The exact check is made in the page.
 */
const RECEIVE_JITTER_MS = 50;

/**
 * Asserts one gate opening with `code`: the simulator got `wiegand [0, code]`
 * then `enable_relay1 []` (and nothing else but detectUrl), and the page sent
 * the relay at least 600 ms after the code signal. Needs `recordSocketSends`
 * before the page was opened, and a real clock (no page.clock) for timing.
 */
export async function expectGateOpened(page: Page, sim: Simulator, code: string): Promise<void> {
  await expect
    .poll(() => hardwareIn(sim, 'enable_relay1').length, { message: 'enable_relay1 reached the hardware socket' })
    .toBe(1);
  const received = hardwareIn(sim).filter((r) => r.method !== 'detectUrl');
  expect(received.map((r) => [r.method, r.params])).toEqual([
    ['wiegand', [0, code]],
    ['enable_relay1', []],
  ]);
  const [wiegand, relay] = received as [SimRecord, SimRecord];
  expect(relay.gateOpening).toMatchObject({ code });
  const receivedGap = relay.ms - wiegand.ms;
  expect(receivedGap, 'ms between wiegand and enable_relay1 at the simulator').toBeGreaterThanOrEqual(RELAY_DELAY_MS - RECEIVE_JITTER_MS);
  expect(receivedGap).toBeLessThan(RELAY_DELAY_MS + 1_000);

  const sent = (await hardwareSends(page)).filter((s) => s.method !== 'detectUrl');
  expect(sent.map((s) => s.method)).toEqual(['wiegand', 'enable_relay1']);
  // performance.now() is coarsened to 0.1 ms, hence the 0.5 ms allowance.
  expect(sent[1]!.t - sent[0]!.t, 'ms between wiegand and enable_relay1 as sent by the page').toBeGreaterThanOrEqual(RELAY_DELAY_MS - 0.5);
}

/** An access request as the kiosk queues it and the back end records it (SPEC.md section 3). */
export interface QueuedRequest {
  user_code: string;
  access_granted: boolean;
  created_at: string;
}

/** The access-request queue as the kiosk last stored it (its own storage item). */
export async function storedQueue(page: Page): Promise<QueuedRequest[]> {
  const item = await page.evaluate(() => localStorage.getItem('gate-kiosk:accessQueue'));
  return (JSON.parse(item ?? 'null') as { state?: { items?: QueuedRequest[] } } | null)?.state?.items ?? [];
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
