// `npm run bench:offline`: what the service worker keeps on the panel and how
// fast a panel restarted with no network shows the kiosk.
//
// Builds the kiosk against a simulator, starts Chromium on a fresh profile (a
// user data dir, as a panel's browser keeps) and loads the kiosk once online:
// prints the time to the welcome title from the network and the precache
// (files and bytes in Cache Storage once the worker serves the page). Then
// stops the kiosk's host and takes the API offline (503), and restarts the
// browser on the same profile BENCH_RUNS times (default 5), with the main
// thread normal and 4x slower: navigation start to the welcome title,
// measured in the page, and browser launch to the welcome title.
//
// Options (env): BENCH_RUNS, CHROMIUM_PATH.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { buildForSimulator } from '../scripts/build-for-simulator.mjs';
import { startStaticServer } from '../scripts/static-server.mjs';
import { startSimulator } from '../simulator/server.mjs';

const HOST = '127.0.0.1';
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync',
];

const work = await mkdtemp(path.join(tmpdir(), 'kiosk-offline-bench-'));
const sim = await startSimulator({ port: 0, host: HOST });
const outDir = path.join(work, 'dist');
await buildForSimulator({ host: HOST, port: new URL(sim.url).port, pusherPort: new URL(sim.pusherUrl).port, outDir });
const kiosk = await startStaticServer({ dir: outDir, port: 0, host: HOST });
const startUrl = `${kiosk.url}/?token=demo-token&model=GEN2`;
const profile = path.join(work, 'profile');

/** Starts the browser on the panel's profile and opens the kiosk; resolves with both times once the welcome title shows. */
async function boot(throttle = 1) {
  const launched = performance.now();
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS, viewport: { width: 800, height: 480 },
  });
  const page = context.pages()[0] ?? (await context.newPage());
  if (throttle > 1) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: throttle });
  await page.goto(startUrl);
  const inPage = await page.waitForFunction(
    () => (document.querySelector('h1')?.textContent?.startsWith('Welcome to ') ? performance.now() : false),
    undefined,
    { polling: 'raf', timeout: 30_000 },
  );
  return { context, page, navigationMs: await inPage.jsonValue(), launchMs: performance.now() - launched };
}

const ms = (value) => `${value.toFixed(0)} ms`;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

try {
  const first = await boot();
  await first.page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
  const cached = await first.page.evaluate(async () => {
    const sizes = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) sizes.push((await (await cache.match(request)).blob()).size);
    }
    return sizes;
  });
  await first.context.close();
  const bytes = cached.reduce((sum, size) => sum + size, 0);
  console.log(`Precache: ${cached.length} files, ${(bytes / 1024).toFixed(0)} KiB (${bytes} bytes)`);
  console.log(`First start, online, from the network: navigation to welcome ${ms(first.navigationMs)}, launch to welcome ${ms(first.launchMs)}`);

  await kiosk.close();
  sim.setOffline(true);
  for (const throttle of [1, 4]) {
    const runs = [];
    for (let i = 0; i < RUNS; i += 1) {
      const run = await boot(throttle);
      runs.push(run);
      await run.context.close();
    }
    const label = throttle === 1 ? 'main thread normal' : `main thread ${throttle}x slower`;
    console.log(
      `Offline restart (${label}): navigation to welcome median ${ms(median(runs.map((r) => r.navigationMs)))}` +
        ` [${runs.map((r) => r.navigationMs.toFixed(0)).join(', ')}], launch to welcome median ${ms(median(runs.map((r) => r.launchMs)))} (n=${RUNS})`,
    );
  }
} finally {
  await kiosk.close().catch(() => undefined);
  await sim.close();
  await rm(work, { recursive: true, force: true });
}
