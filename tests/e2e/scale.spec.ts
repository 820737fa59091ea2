// A 50,000-resident property (a campus) works like a small one: stored in the
// kiosk's database, started with the API down, the gate opened and the
// directory paged (docs/stored-state.md).
import type { Page } from '@playwright/test';
import { largeSeed } from '../../simulator/seed.mjs';
import { API_DOWN_ERRORS, expect, hardwareIn, KNOWN, nextLoad, storedQueueCount, test, typeCode, waitForHardwareSocket } from './fixtures';

const RESIDENTS = 50_000;
const WELCOME = 'Welcome to Maple Court Apartments!';

/** How many residents the kiosk's database holds in its stored property data (0 when none). */
function storedResidents(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('gate-kiosk');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          // The residents are stored in pieces, records `property#0`, `property#1`... beside the data's head.
          const parts = db.transaction('parts').objectStore('parts');
          const [keys, values] = [parts.getAllKeys(), parts.getAll()];
          values.onsuccess = () => {
            db.close();
            const pieces = values.result.filter((_, i) => String(keys.result[i]).startsWith('property#')) as unknown[][];
            resolve(pieces.reduce((sum, piece) => sum + piece.length, 0));
          };
          values.onerror = () => reject(values.error);
        };
      }),
  );
}

test('a 50,000-resident property is stored, starts with the API down, opens the gate and pages the directory', async ({ page, kiosk, sim, allowConsoleErrors }) => {
  allowConsoleErrors(...API_DOWN_ERRORS);
  test.setTimeout(120_000);
  const property = largeSeed(RESIDENTS) as { residents: Array<{ property_access_code: { code: string } | null }> };
  sim.seedResidents(RESIDENTS);
  // The first load fetches and parses the whole property behind SPEC's 'Loading...': over 5 s on a busy machine.
  await kiosk.open(page, { model: 'GEN2', homeTimeout: 30_000 });
  await expect.poll(() => storedResidents(page), { timeout: 30_000 }).toBe(RESIDENTS);

  sim.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: WELCOME })).toBeVisible({ timeout: 15_000 });
  await waitForHardwareSocket(sim);
  // The last resident's code: one of the codes only the large property has.
  const code = property.residents.at(-1)!.property_access_code!.code as string;
  await typeCode(page, code);
  await expect.poll(() => hardwareIn(sim, 'wiegand').map((r) => r.params)).toEqual([[0, code]]);
  // The kiosk reloads after the notification: the next key goes to the reloaded page, not to one going away.
  const reloaded = nextLoad(page);
  await expect(page.getByRole('alertdialog').getByRole('heading')).toHaveText('Access Granted!');
  await reloaded;
  await expect(page.getByRole('heading', { name: WELCOME })).toBeVisible({ timeout: 15_000 });

  // The directory is shown while the browser is online, the API down or not.
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('heading', { name: 'call resident' })).toBeVisible();
  const shown = page.locator('.directory-page');
  const first = (await shown.textContent()) ?? '';
  await expect(page.locator('.directory-page .directory-row')).not.toHaveCount(0);
  for (let turn = 0; turn < 3; turn += 1) await page.keyboard.press('ArrowDown');
  await expect(shown).not.toHaveText(first);
  await expect(page.locator('.directory-page .directory-row')).not.toHaveCount(0);
});

test('100,000 queued records (weeks offline) survive two reloads, the gate still opens, and the oldest go out first when the API is back', async ({
  page,
  kiosk,
  sim,
  waitForRecords,
  allowConsoleErrors,
}) => {
  // The code's notification reloads the page 5 s later: with the server away the kiosk skips that reload and says so.
  allowConsoleErrors(...API_DOWN_ERRORS, /^Reload skipped: the kiosk server does not answer/);
  test.setTimeout(180_000);
  // The first two batches are counted: the simulator keeps its newest 500 records unless told otherwise.
  (sim.state as { recordLimit: number }).recordLimit = 2_000;
  await kiosk.open(page, { model: 'GEN2' });
  sim.setOffline(true);
  const oldest = Date.parse('2026-10-01T00:00:00.000Z');
  // Written straight into the kiosk's database, as weeks of refused card reads would have left it.
  await page.evaluate(
    ({ count, from }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('gate-kiosk');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const transaction = open.result.transaction('accessQueue', 'readwrite');
          const store = transaction.objectStore('accessQueue');
          for (let i = 0; i < count; i += 1) {
            store.add({ user_code: String(900_000_000 + i), access_granted: false, created_at: new Date(from + i * 20_000).toISOString() });
          }
          transaction.oncomplete = () => {
            open.result.close();
            resolve();
          };
          transaction.onabort = () => reject(transaction.error);
        };
      }),
    { count: 100_000, from: oldest },
  );

  for (let reload = 0; reload < 2; reload += 1) {
    const started = Date.now();
    await page.reload();
    await expect(page.getByRole('heading', { name: WELCOME })).toBeVisible({ timeout: 20_000 });
    test.info().annotations.push({ type: 'start with 100,000 queued', description: `${Date.now() - started} ms to the welcome title` });
  }
  await expect.poll(() => storedQueueCount(page), { timeout: 20_000 }).toBe(100_000);
  await waitForHardwareSocket(sim);
  const reloaded = nextLoad(page);
  await typeCode(page, KNOWN.residentCode);
  await expect.poll(() => hardwareIn(sim, 'wiegand').map((r) => r.params)).toEqual([[0, KNOWN.residentCode]]);
  // Read after the notification's reload, which a read under way would not survive: the new record is kept with the rest.
  await reloaded;
  await expect.poll(() => storedQueueCount(page), { timeout: 20_000 }).toBe(100_001);

  sim.setOffline(false);
  const first = await waitForRecords('accessRequests', () => true, 1_000, { timeout: 60_000 });
  // Oldest first: the first two batches are the first 1,000 records, in order.
  expect(first.slice(0, 1_000).map((r) => r.user_code)).toEqual(Array.from({ length: 1_000 }, (_, i) => String(900_000_000 + i)));
  await expect.poll(() => storedQueueCount(page), { timeout: 20_000 }).toBeLessThanOrEqual(99_001);
});
