// Fixtures for the end-to-end tests.
//
// Per worker (a separate Node process): one free port reserved for the
// simulator and one for its Pusher server, soketi, which runs for the whole
// worker (it starts in about a second); one build of the kiosk pointing at
// both (dist-e2e-<worker>-<pid>/), one static server for that build. Per
// test: a fresh simulator on that port, on soketi made clean (no subscription
// left from an earlier test), so tests never share records, property changes
// or channel members.
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
import { janusUnavailable, startJanus } from '../../simulator/janus.mjs';
import { janusNetnsSlot } from '../../simulator/janusNetns.mjs';
import { KNOWN } from '../../simulator/seed.mjs';
import { startSimulator } from '../../simulator/server.mjs';
import { startSoketi, type Soketi } from '../../simulator/soketi.mjs';
import { CHROMIUM_ARGS, chromiumPath } from './chromium';
import { waitForStorage } from './support/page';
import { createPageGuard, type PageGuard } from './support/pageGuard';
import { records, type RecordList, type Simulator, type SimRecord } from './support/simulator';

export { expect, KNOWN };
export * from './support/channelMember';
export * from './support/page';
export * from './support/simulator';
export { API_DOWN_ERRORS, API_OVERTAKEN_ERRORS, BROWSER_OFFLINE_ERRORS, CHANNEL_DOWN_ERRORS, HARDWARE_OVERTAKEN_ERRORS } from './support/pageGuard';

const HOST = '127.0.0.1';
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

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
  /** How long the welcome title may take (default expect's 5 s; a first load of a very large property takes longer on a busy machine). */
  homeTimeout?: number;
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
  /**
   * Which call providers the worker's build uses: the simulator's channel twins
   * (default), or `live`, the vendor SDKs, with the Telnyx WebRTC client sent to
   * the simulator's twin (`test.use({ callProviders: 'live' })`). The Twilio
   * Voice SDK keeps its production URLs: a spec routes them to its twin with
   * `routeTwilioVoice` (support/twilioVoice.ts); the video room SDK would reach
   * for the internet, so such a spec uses only the phone legs.
   */
  callProviders: 'simulator' | 'live';
  /** The worker's build of the kiosk: where it is served, the simulator and soketi ports it talks to, its directory. */
  kioskBuild: { origin: string; simPort: number; pusherPort: number; dir: string };
  /** The worker's soketi, on `kioskBuild.pusherPort`; each test's simulator makes it clean. */
  soketi: Soketi;
}

interface TestFixtures {
  /**
   * The video room's server: the simulator's Telnyx Video twin (default), or
   * Debian's Janus behind the proxy standing in for Telnyx's
   * (`test.use({ roomServer: 'janus' })`, docs/calls.md). Janus runs in a
   * network namespace, so that needs root: without it the test fails saying so.
   */
  roomServer: 'twin' | 'janus';
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
  callProviders: ['simulator', { option: true, scope: 'worker' }],

  kioskBuild: [
    async ({ callProviders }, use, workerInfo) => {
      const simPort = await freePort();
      const pusherPort = await freePort();
      // The pid keeps two runs in the same checkout (two engineers, or an
      // editor's test runner) from building into and deleting each other's output.
      const outDir = path.join(ROOT, `dist-e2e-${workerInfo.workerIndex}-${process.pid}`);
      const env: Record<string, string> =
        callProviders === 'live' ? { VITE_CALL_PROVIDERS: 'live', VITE_TELNYX_RTC_HOST: `ws://${HOST}:${simPort}/telnyx-rtc` } : {};
      await buildForSimulator({ host: HOST, port: simPort, pusherPort, outDir, env });
      const server = await startStaticServer({ dir: outDir, port: 0, host: HOST });
      await use({ origin: server.url, simPort, pusherPort, dir: outDir });
      await server.close();
      await rm(outDir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 120_000 },
  ],

  soketi: [
    async ({ kioskBuild }, use) => {
      const soketi = await startSoketi({ host: HOST, port: kioskBuild.pusherPort });
      await use(soketi);
      await soketi.close();
    },
    { scope: 'worker', timeout: 30_000 },
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

  roomServer: ['twin', { option: true }],

  sim: async ({ kioskBuild, roomServer, soketi }, use, testInfo) => {
    const unavailable = roomServer === 'janus' ? janusUnavailable() : null;
    if (unavailable) throw new Error(`This test runs the video room on Janus, and ${unavailable}: run it as root with janus and iproute2 installed (CI does).`);
    // The worker's namespace, made before the browsers started (janusNamespaces.ts).
    const slot = process.env.KIOSK_JANUS_SLOTS?.split(',')[testInfo.parallelIndex];
    const janus =
      roomServer === 'janus'
        ? await startJanus({ logFile: testInfo.outputPath('janus.log'), netns: slot === undefined ? undefined : janusNetnsSlot(Number(slot)) })
        : undefined;
    try {
      const sim = await startSimulator({ port: kioskBuild.simPort, host: HOST, soketi, janus });
      await use(sim);
      await sim.close();
    } finally {
      await janus?.close();
    }
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
      async open(page, { model = 'GEN2', token = 'demo-token', path: pathname = '/', waitForHome, homeTimeout } = {}) {
        await page.goto(url({ token, model }, pathname));
        if (waitForHome ?? (pathname === '/' && token !== null)) {
          await expect(page.getByRole('heading', { name: /^Welcome to / })).toBeVisible({ timeout: homeTimeout });
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

