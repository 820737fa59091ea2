// Stored state that heals, one kiosk per origin, and a crash that ends on
// the home screen (docs/rules.md#r3-5, #r4-1).
import type { Page } from '@playwright/test';
import {
  API_DOWN_ERRORS,
  expect,
  expectGateOpened,
  hardwareIn,
  KNOWN,
  nextLoad,
  recordSocketSends,
  records,
  storedQueue,
  test,
  typeCode,
  waitForHardwareSocket,
  type Kiosk,
} from './fixtures';

const WELCOME = 'Welcome to Maple Court Apartments!';

/**
 * Writes localStorage items of the kiosk's origin from a page of that origin
 * that runs no kiosk (its logo), so no running kiosk writes over them.
 */
async function writeStorage(page: Page, kiosk: Kiosk, items: Record<string, string | null>): Promise<void> {
  await page.goto(`${kiosk.origin}/logo.svg`);
  await page.evaluate((entries) => {
    for (const [key, value] of Object.entries(entries)) {
      if (value === null) localStorage.removeItem(key);
      else localStorage.setItem(key, value);
    }
  }, items);
}

const part = (version: number, state: unknown) => JSON.stringify({ version, state });
/** Reading back a broken part: the kiosk logs what it reset; the logo page the test writes from asks for a favicon. */
const READ_BACK_ERRORS = [/^Stored state could not all be read back; those parts were reset /, /status of 404 \(Not Found\) \(http:\/\/[^)]+\/favicon\.ico\)$/];

test.describe('stored state', () => {
  test('a part that cannot be read is reset alone: the token, the model and the queue are kept, and it is logged', async ({ page, kiosk, waitForRecord, allowConsoleErrors }) => {
    allowConsoleErrors(...READ_BACK_ERRORS);
    const queued = { user_code: KNOWN.residentCode, access_granted: true, created_at: new Date().toISOString() };
    await writeStorage(page, kiosk, {
      'gate-kiosk:session': part(2, { token: 'demo-token', model: 'gen3' }),
      'gate-kiosk:accessQueue': part(2, { items: [queued] }),
      'gate-kiosk:property': '{"version":2,"state":{"data":{"prop',
    });
    const authorizations = new Set<string>();
    page.on('request', (request) => {
      if (request.url().includes('/api/')) authorizations.add(request.headers().authorization ?? '');
    });
    await page.goto(kiosk.url({}));

    await expect(page.getByRole('heading', { name: WELCOME })).toBeVisible();
    // GEN3's labels: the stored "gen3" is read as GEN3, not a crash.
    await page.keyboard.press('4');
    await expect(page.getByRole('button', { name: 'Press * to cancel' })).toBeVisible();
    expect([...authorizations]).toEqual(['Bearer demo-token']);
    const request = await waitForRecord('accessRequests');
    expect(request).toMatchObject(queued);
    const log = await waitForRecord('logs', (r) => r.message === 'Stored state could not all be read back; those parts were reset');
    expect(JSON.stringify(log.meta)).toContain('property: unreadable');
  });

  test('the echo of a back end without casts (1/0, microseconds) empties the queue: nothing is sent twice', async ({ page, kiosk, sim, waitForRecord, allowConsoleErrors }) => {
    // The page's clock runs 61 s in a moment: a check-in or the reload's probe still on its way is timed out.
    allowConsoleErrors(/^Check-in failed /, /^Reload skipped: the kiosk server does not answer/, /^Real-time channel subscription failed /);
    let posts = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/telephone-entry/access-requests')) posts += 1;
    });
    await page.clock.install();
    await kiosk.open(page, { model: 'GEN2' });
    await typeCode(page, KNOWN.residentCode);
    await waitForRecord('accessRequests');
    await expect.poll(() => storedQueue(page)).toEqual([]);
    // Two more batch periods: nothing left to send.
    await page.clock.runFor(61_000);
    expect(posts).toBe(1);
    expect(records(sim, 'accessRequests')).toHaveLength(1);
  });

  test('the echo of a back end keeping whole seconds (2026-11-21 10:00:00) empties the queue: nothing is sent twice', async ({ page, kiosk, sim, waitForRecord, allowConsoleErrors }) => {
    allowConsoleErrors(/^Check-in failed /, /^Reload skipped: the kiosk server does not answer/, /^Real-time channel subscription failed /);
    (sim.state as { accessRequestTimes: string }).accessRequestTimes = 'seconds';
    let posts = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/telephone-entry/access-requests')) posts += 1;
    });
    await page.clock.install();
    await kiosk.open(page, { model: 'GEN2' });
    await typeCode(page, KNOWN.residentCode);
    const record = await waitForRecord('accessRequests');
    expect(record?.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    await expect.poll(() => storedQueue(page)).toEqual([]);
    await page.clock.runFor(61_000);
    expect(posts).toBe(1);
    expect(records(sim, 'accessRequests')).toHaveLength(1);
  });

  test('a database that refuses writes: logged, the queue kept in memory and no reload until it is written', async ({ page, kiosk, waitForRecord, allowConsoleErrors }) => {
    allowConsoleErrors(/^Stored state could not be written/, /^Reload skipped: the stored state is not written yet/);
    await refuseDatabaseWritesWhenFull(page);
    await kiosk.open(page, { model: 'GEN2' });
    // The back end is slow to take requests, so the queue has something in it.
    let releaseQueue = () => {};
    const held = new Promise<void>((resolve) => (releaseQueue = resolve));
    await page.route('**/api/telephone-entry/access-requests', async (route) => {
      await held;
      await route.continue();
    });
    await page.evaluate(() => Object.assign(window, { storageFull: true, stillHere: true }));

    await typeCode(page, KNOWN.residentCode);
    await expect(page.getByRole('alertdialog').getByRole('heading')).toHaveText('Access Granted!');
    const failure = await waitForRecord('logs', (r) => r.message === 'Stored state could not be written; kept in memory and retried' && r.meta.part === 'accessQueue');
    expect(failure.meta.error).toContain('QuotaExceededError');
    await waitForRecord('logs', (r) => r.message === 'Self-diagnosis: Storage full: records kept in memory only');
    // The notification goes after 5 s, but the page stays: a reload would lose the queued request.
    await expect(page.getByRole('alertdialog')).toHaveCount(0, { timeout: 8_000 });
    await waitForRecord('logs', (r) => r.message === 'Reload skipped: the stored state is not written yet');
    expect(await page.evaluate(() => (window as { stillHere?: boolean }).stillHere)).toBe(true);
    expect(await storedQueue(page)).toEqual([]);

    await page.evaluate(() => Object.assign(window, { storageFull: false }));
    await waitForRecord('logs', (r) => r.message === 'Stored state written again' && r.meta.part === 'accessQueue', { timeout: 8_000 });
    expect((await storedQueue(page)).map((item) => item.user_code)).toEqual([KNOWN.residentCode]);
    releaseQueue();
    await waitForRecord('accessRequests', (r) => r.user_code === KNOWN.residentCode);
  });

  test('storage full to the last byte and the property data lost, then a reload with the API down: the gate opens and no record is lost', async ({
    page,
    kiosk,
    sim,
    waitForRecords,
    allowConsoleErrors,
  }) => {
    test.setTimeout(90_000);
    allowConsoleErrors(
      ...API_DOWN_ERRORS,
      /^Stored state could not be written/,
      /^Reload skipped: the stored state is not written yet/,
    );
    await refuseDatabaseWritesWhenFull(page);
    await recordSocketSends(page);
    await kiosk.open(page, { model: 'GEN2' });
    await waitForHardwareSocket(sim);
    const filled = await fillLocalStorage(page);
    expect(filled).toBeGreaterThan(1_000_000);
    sim.setOffline(true);
    await page.evaluate(() => Object.assign(window, { storageFull: true }));

    // Nothing can be stored: the gate opens all the same, and the record waits in memory.
    await typeCode(page, KNOWN.residentCode);
    await expectGateOpened(page, sim, KNOWN.residentCode);
    await expect(page.getByRole('alertdialog')).toHaveCount(0, { timeout: 8_000 });

    // Room in the database again (the record is written there), but the property data in it is gone.
    await page.evaluate(() => Object.assign(window, { storageFull: false }));
    await expect.poll(() => storedQueue(page), { timeout: 8_000 }).toHaveLength(1);
    await deletePropertyRecord(page);
    await page.reload();
    await expect(page.getByRole('heading', { name: WELCOME })).toBeVisible();
    await typeCode(page, KNOWN.staffCode);
    // The second opening of the test: the code signal, then the relay.
    await expect.poll(() => hardwareIn(sim, 'enable_relay1').length).toBe(2);
    expect(hardwareIn(sim, 'wiegand').map((r) => r.params)).toEqual([
      [0, KNOWN.residentCode],
      [0, KNOWN.staffCode],
    ]);
    await expect.poll(() => storedQueue(page), { timeout: 8_000 }).toHaveLength(2);

    // Sent at the queue's next round: 1 s after the second code if the API is back by then, else 30 s after that failed send.
    sim.setOffline(false);
    const delivered = await waitForRecords('accessRequests', () => true, 2, { timeout: 35_000 });
    expect(delivered.map((r) => r.user_code).sort()).toEqual([KNOWN.residentCode, KNOWN.staffCode].sort());
  });
});

test.describe('localStorage full', () => {
  test('the storage fault names the part and the records held in memory, on the installer screen and to the back end, once', async ({ page, kiosk, sim, waitForRecord, allowConsoleErrors }) => {
    allowConsoleErrors(/^Stored state could not be written/, /^Reload skipped: the stored state is not written yet/);
    await kiosk.open(page, { model: 'GEN2' });
    await waitForHardwareSocket(sim);
    // The browser's own limit, reached by the test's items: no method of the page is changed.
    expect(await fillLocalStorage(page)).toBeGreaterThan(1_000_000);
    await typeCode(page, KNOWN.residentCode);
    await expect(page.getByRole('alertdialog')).toBeVisible();
    const report = await waitForRecord('logs', (line) => line.message === 'Self-diagnosis: Storage full: records kept in memory only', { timeout: 15_000 });
    expect(report.meta.detail).toMatch(/^\w+, \d+ held in memory: QuotaExceededError/);
    await expect(page.getByRole('alertdialog')).toHaveCount(0, { timeout: 10_000 });
    for (const key of ['ArrowUp', 'ArrowDown', 'ArrowUp', 'ArrowDown', 'ArrowUp', 'ArrowDown']) await page.keyboard.press(key);
    await expect(page.getByRole('listitem').filter({ hasText: 'Storage full: records kept in memory only' })).toContainText(
      new RegExp(`\\(${report.meta.detail.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\), reported`),
    );
    expect(records(sim, 'logs').filter((line) => line.message === report.message)).toHaveLength(1);
  });
});

/** Makes the page's IndexedDB refuse writes while `window.storageFull` is set, as a full disk does (Chromium's quota override does not reach writes in this build). */
async function refuseDatabaseWritesWhenFull(page: Page): Promise<void> {
  await page.addInitScript(() => {
    for (const method of ['add', 'put'] as const) {
      const original = IDBObjectStore.prototype[method];
      IDBObjectStore.prototype[method] = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['add']>) {
        if ((window as { storageFull?: boolean }).storageFull) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        return original.apply(this, args);
      };
    }
  });
}

/** Fills the origin's localStorage to its last character; returns how many characters it took. */
function fillLocalStorage(page: Page): Promise<number> {
  return page.evaluate(() => {
    let total = 0;
    let index = 0;
    for (let size = 4 * 1024 * 1024; size >= 1; size = Math.floor(size / 2)) {
      for (;;) {
        try {
          localStorage.setItem(`filler-${index}`, 'x'.repeat(size));
          index += 1;
          total += size;
        } catch {
          break;
        }
      }
    }
    return total;
  });
}

/** Deletes the kiosk's stored property data from its database, as a write that never happened would leave it. */
function deletePropertyRecord(page: Page): Promise<void> {
  return page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('gate-kiosk');
        open.onsuccess = () => {
          const transaction = open.result.transaction('parts', 'readwrite');
          transaction.objectStore('parts').delete('property');
          transaction.oncomplete = () => {
            open.result.close();
            resolve();
          };
          transaction.onabort = () => reject(transaction.error);
        };
        open.onerror = () => reject(open.error);
      }),
  );
}

test.describe('one kiosk per origin', () => {
  test('a second window waits without touching the hardware, the queue or the storage, and takes over when the first closes', async ({ page, context, kiosk, sim, waitForRecord }) => {
    await kiosk.open(page, { model: 'GEN2' });
    await waitForHardwareSocket(sim);
    const second = await context.newPage();
    const secondApi: string[] = [];
    second.on('request', (request) => {
      if (request.url().includes('/api/')) secondApi.push(request.url());
    });
    await second.goto(kiosk.url({ model: 'GEN2' }));
    await expect(second.getByRole('heading', { name: 'This kiosk is already running in another window' })).toBeVisible();

    sim.facility(KNOWN.staffCode);
    await waitForRecord('accessRequests');
    await expect(page.getByRole('alertdialog').getByRole('heading')).toHaveText('Access Granted!');
    await second.waitForTimeout(1_500);
    expect(sim.snapshot().connections.hardware).toBe(1);
    expect(hardwareIn(sim, 'wiegand')).toHaveLength(1);
    expect(hardwareIn(sim, 'detectUrl')).toHaveLength(1);
    expect(secondApi).toEqual([]);

    await page.close();
    await expect(second.getByRole('heading', { name: WELCOME })).toBeVisible();
    await expect.poll(() => hardwareIn(sim, 'detectUrl').length).toBe(2);
    await expect.poll(() => sim.snapshot().connections.hardware).toBe(1);
    expect(records(sim, 'accessRequests')).toHaveLength(1);
  });
});

test.describe('a crashed screen', () => {
  test('shows a calm message, is logged, and restarts on the home screen, trying again until the server answers', async ({ page, kiosk, waitForRecord, allowConsoleErrors }) => {
    // The planted fault, React's report of it, the kiosk's log line, and the probe the test refuses.
    allowConsoleErrors(/planted fault/, /^Screen crashed /, /^Reload skipped: the kiosk server does not answer/, /^Failed to load resource: net::ERR_FAILED/);
    // A fault planted in the page: once armed, no span can be made, so code entry (which the digit below opens) cannot draw its slots.
    await page.addInitScript(() => {
      const createElement = Document.prototype.createElement;
      Document.prototype.createElement = function (this: Document, tag: string, options?: ElementCreationOptions) {
        if ((window as { crashCodeEntry?: boolean }).crashCodeEntry && tag === 'span') {
          throw new Error('planted fault');
        }
        return createElement.call(this, tag, options);
      } as typeof Document.prototype.createElement;
    });
    await page.clock.install();
    await kiosk.open(page, { model: 'GEN2' });
    await page.evaluate(() => Object.assign(window, { crashCodeEntry: true }));
    let probes = 0;
    await page.route(`${kiosk.origin}/`, async (route) => {
      if (route.request().method() !== 'HEAD') return route.continue();
      probes += 1;
      return probes === 1 ? route.abort() : route.continue();
    });

    await page.keyboard.press('4');
    await expect(page.getByRole('alert')).toContainText('Something went wrong');
    expect((await waitForRecord('logs', (r) => r.message === 'Screen crashed')).meta).toMatchObject({ message: 'planted fault' });

    // The first try finds the kiosk's server out of reach and keeps the message up.
    await page.clock.fastForward(10_000);
    await waitForRecord('logs', (r) => r.message === 'Reload skipped: the kiosk server does not answer');
    await expect(page.getByRole('alert')).toContainText('Something went wrong');

    const reloaded = nextLoad(page);
    await page.clock.fastForward(10_000);
    await reloaded;
    await expect(page.getByRole('heading', { name: WELCOME })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(probes).toBe(2);
  });
});

test.describe('inactivity', () => {
  test('paging the directory with a gamepad keeps it open; it goes home 60 s after the last press', async ({ page, kiosk }) => {
    await page.addInitScript(() => {
      const pad = { connected: true, buttons: [0, 1, 2, 3].map(() => ({ pressed: false, value: 0 })) };
      Object.assign(window, { pad });
      Object.defineProperty(Navigator.prototype, 'getGamepads', { configurable: true, value: () => [pad] });
    });
    const pressGamepad = async (index: number) => {
      await page.evaluate((i) => ((window as unknown as { pad: { buttons: { pressed: boolean }[] } }).pad.buttons[i]!.pressed = true), index);
      await page.clock.runFor(100);
      await page.evaluate((i) => ((window as unknown as { pad: { buttons: { pressed: boolean }[] } }).pad.buttons[i]!.pressed = false), index);
      await page.clock.runFor(100);
    };
    await page.clock.install();
    await kiosk.open(page, { model: 'GEN2' });
    await page.keyboard.press('ArrowDown');
    await expect(page.getByLabel(/^Page \d+$/)).toHaveAccessibleName('Page 1');

    await page.clock.fastForward(40_000);
    await pressGamepad(2); // DOWN
    await expect(page.getByLabel(/^Page \d+$/)).toHaveAccessibleName('Page 2');
    // 70 s after the last key press, 30 s after the gamepad's: still here.
    await page.clock.fastForward(30_000);
    await page.waitForTimeout(200);
    await expect(page).toHaveURL(/\/resident-directory$/);
    await page.clock.fastForward(31_000);
    await expect(page.getByRole('heading', { name: WELCOME })).toBeVisible();
  });
});
