// Calling a seeded resident from a button panel's directory, timed from the key
// that places the call (the phone-leg specs print how long each step took).
import { expect, type Page } from '@playwright/test';
import { text, type Language } from './accessibility';
import type { Simulator } from './simulator';

export interface SeedResident {
  id: number;
  directory_display_name: string;
  directory_lookup_code: string;
  directory_phone_country_code: string;
  directory_phone: string;
  property_access_code: { code: string } | null;
}

/** A resident of the seeded property (simulator/seed.mjs), by id. */
export function seedResident(sim: Simulator, id: number): SeedResident {
  const found = (sim.state.property as { residents: SeedResident[] }).residents.find((r) => r.id === id);
  if (!found) throw new Error(`No resident ${id} in the seed`);
  return found;
}

/**
 * On a button panel's home (in the panel's `language`): UP opens the
 * directory, the lookup code calls the resident. Resolves with when its last
 * digit, the one that calls, was pressed.
 */
export async function callFromDirectory(page: Page, who: SeedResident, language: Language = 'en'): Promise<number> {
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('status', { name: text(language, 'directory.lookupCode') })).toBeVisible();
  const code = who.directory_lookup_code;
  for (const digit of code.slice(0, -1)) await page.keyboard.press(digit);
  const pressed = Date.now();
  await page.keyboard.press(code.slice(-1));
  return pressed;
}
