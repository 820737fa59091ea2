// A 50,000-resident property (a campus) works like a small one: stored in the
// kiosk's database, started with the API down, the gate opened and the
// directory paged (docs/stored-state.md).
import type { Page } from '@playwright/test';
import { largeSeed } from '../../simulator/seed.mjs';
import { API_DOWN_ERRORS, expect, hardwareIn, test, typeCode, waitForHardwareSocket } from './fixtures';

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
          const get = db.transaction('parts').objectStore('parts').get('property');
          get.onsuccess = () => {
            db.close();
            const stored = get.result as { state?: { data?: { residents?: unknown[] } } } | undefined;
            resolve(stored?.state?.data?.residents?.length ?? 0);
          };
          get.onerror = () => reject(get.error);
        };
      }),
  );
}

test('a 50,000-resident property is stored, starts with the API down, opens the gate and pages the directory', async ({ page, kiosk, sim, allowConsoleErrors }) => {
  allowConsoleErrors(...API_DOWN_ERRORS);
  test.setTimeout(120_000);
  const property = largeSeed(RESIDENTS) as { residents: Array<{ property_access_code: { code: string } | null }> };
  sim.seedResidents(RESIDENTS);
  await kiosk.open(page, { model: 'GEN2' });
  await expect.poll(() => storedResidents(page), { timeout: 30_000 }).toBe(RESIDENTS);

  sim.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: WELCOME })).toBeVisible({ timeout: 15_000 });
  await waitForHardwareSocket(sim);
  // The last resident's code: one of the codes only the large property has.
  const code = property.residents.at(-1)!.property_access_code!.code as string;
  await typeCode(page, code);
  await expect.poll(() => hardwareIn(sim, 'wiegand').map((r) => r.params)).toEqual([[0, code]]);
  await expect(page.getByRole('alertdialog').getByRole('heading')).toHaveText('Access Granted!');
  await expect(page.getByRole('alertdialog')).toHaveCount(0, { timeout: 10_000 });
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
