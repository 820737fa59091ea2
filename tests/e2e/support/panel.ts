// A panel's browser with a profile that outlives it (Chromium's user data
// dir), for tests of what the kiosk keeps between starts: its service worker
// and Cache Storage, besides localStorage.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../chromium';
import { recordSocketSends } from '../fixtures';

export interface Panel {
  context: BrowserContext;
  page: Page;
  /** From the navigation's start to the welcome title in the page, measured in the page. */
  bootMs: number;
}

/** Starts Chromium on `profile`, opens `url` and waits for the home screen's welcome title. */
export async function startPanel(profile: string, url: string): Promise<Panel> {
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    headless: true,
    args: [...CHROMIUM_ARGS],
    viewport: { width: 800, height: 480 },
    // The suite's default (playwright.config.ts) blocks service workers; this browser is for them.
    serviceWorkers: 'allow',
  });
  const page = context.pages()[0] ?? (await context.newPage());
  // This browser is not the suite's guarded one: its warnings and errors go to the test's output, so a failure says why.
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') console.log(`[panel] ${message.type()} ${message.text()}`);
  });
  await recordSocketSends(page);
  await page.goto(url);
  const welcomeAt = await page.waitForFunction(
    () => (document.querySelector('h1')?.textContent?.startsWith('Welcome to ') ? performance.now() : false),
    undefined,
    { polling: 'raf', timeout: 10_000 },
  );
  return { context, page, bootMs: (await welcomeAt.jsonValue()) as number };
}

/** Waits until the service worker serves the page: its precache is then complete. */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
}

/** Every response in the page's Cache Storage: its address and size in bytes. */
export function cachedResponses(page: Page): Promise<Array<{ url: string; bytes: number }>> {
  return page.evaluate(async () => {
    const entries: Array<{ url: string; bytes: number }> = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        entries.push({ url: request.url, bytes: response ? (await response.blob()).size : 0 });
      }
    }
    return entries;
  });
}

/** The files of a build, as paths from its root ('/index.html', '/assets/...'). */
export async function builtFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => '/' + path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}
