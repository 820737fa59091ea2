// What every benchmark shares: Chromium's flags and path, statistics, and a
// kiosk built for a simulator and served from a temporary folder.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SourceMapConsumer } from 'source-map-js';
import { buildForSimulator } from '../scripts/build-for-simulator.mjs';
import { startStaticServer } from '../scripts/static-server.mjs';
import { frozenWhole } from '../simulator/seed.mjs';
import { startSimulator } from '../simulator/server.mjs';

export const HOST = '127.0.0.1';
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/** The same flags as the end-to-end tests. */
export { CHROMIUM_ARGS } from '../tests/e2e/chromiumFlags.mjs';
/** The panel's browser stands in as Chromium with its main thread slowed this much. */
export const CPU_SLOWDOWN = 4;
export const VIEWPORT = { width: 800, height: 480 };

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Median, p95 and max (nearest rank); null entries are left out. */
export function stats(values) {
  const sorted = values.filter((value) => value !== null).sort((a, b) => a - b);
  if (sorted.length === 0) return { n: 0, median: null, p95: null, max: null };
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  return { n: sorted.length, median: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1] };
}

export const round = (value, digits = 1) => (value === null ? null : Number(value.toFixed(digits)));

/** Resolves once `check()` holds, polling every 10 ms. */
export async function until(check, what, timeout = 15_000) {
  const t0 = performance.now();
  while (!check()) {
    if (performance.now() - t0 > timeout) throw new Error(`Timed out waiting for ${what}`);
    await sleep(10);
  }
}

/** Slows the page's main thread (Web Workers are not slowed). */
export async function slowDown(page, rate = CPU_SLOWDOWN) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  return cdp;
}

/**
 * A simulator and a production build of the kiosk for it, served on free
 * ports from a temporary folder. `env` overrides build variables. A given
 * property is frozen whole, so the simulator makes its answer once and the
 * back end's own work does not load the machine the kiosk is measured on.
 * @param {{ property?: object, env?: Record<string, string>, build?: object }} [options]
 */
export async function startKiosk({ property, env, build } = {}) {
  const work = await mkdtemp(path.join(tmpdir(), 'kiosk-bench-'));
  const sim = await startSimulator({ port: 0, host: HOST, property: property && frozenWhole(property) });
  const dir = path.join(work, 'dist');
  try {
    await buildForSimulator({ host: HOST, port: new URL(sim.url).port, pusherPort: new URL(sim.pusherUrl).port, outDir: dir, env, build, logLevel: 'error' });
  } catch (error) {
    await sim.close();
    throw error;
  }
  const server = await startStaticServer({ dir, port: 0, host: HOST });
  return {
    sim,
    dir,
    origin: server.url,
    /** The kiosk's address as installed on a panel of `model`. */
    url: (model = 'GEN2') => `${server.url}/?token=demo-token&model=${model}`,
    async close() {
      await server.close();
      await sim.close();
      await rm(work, { recursive: true, force: true });
    },
  };
}

/**
 * Runs `use` with the kiosk's modules loaded from source through Vite, in
 * Node. As in the kiosk's build, Redux Toolkit's development checks (which
 * walk the whole state) are off.
 * @template T @param {(load: (id: string) => Promise<any>) => Promise<T>} use
 */
export async function withSourceModules(use) {
  process.env.NODE_ENV = 'production';
  const { createServer } = await import('vite');
  const vite = await createServer({
    configFile: false,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    return await use((id) => vite.ssrLoadModule(id));
  } finally {
    await vite.close();
  }
}

/** Source maps of the build's scripts, by URL path. */
export async function sourceMaps(dir) {
  const maps = new Map();
  return async (url) => {
    const file = url.startsWith('http') ? new URL(url).pathname : null;
    if (!file || !file.endsWith('.js')) return null;
    if (!maps.has(file)) {
      const text = await readFile(path.join(dir, `${file}.map`), 'utf8').catch(() => null);
      maps.set(file, text ? new SourceMapConsumer(JSON.parse(text)) : null);
    }
    return maps.get(file);
  };
}
