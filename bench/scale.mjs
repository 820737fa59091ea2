// The scale rows: the same figures at 5,000 and at 50,000 residents on one
// built kiosk, the simulator serving its large seed of each size in turn
// (simulator/seed.mjs, largeSeed), main thread slowed as in every row.
//
//   poll       an unchanged poll, with an ETag (304) and without (the fingerprint)
//   directory  page turns on GEN2's directory
//   lookup     lookup codes typed on GEN2's directory
//   wiegand    the fifth digit's keydown to the hardware socket receiving `wiegand`
//   search     TOUCH's name search: each letter tapped to the filtered list painted
// and at 50,000 residents only, each figure against the visitor's-path budget:
//   large      start after a reload, the first code's gate signal, and the
//              longest main-thread task while a changed property is taken
import { measureChanges } from './change.mjs';
import { measureDirectoryPaging, measureGate, measureLookups } from './keys.mjs';
import { measurePolls } from './poll.mjs';
import { measureNameSearch } from './search.mjs';
import { measurePersistedStart } from './start.mjs';

export const RESIDENT_SCALES = [5000, 50_000];
export const SCALE_ROWS = ['poll', 'directory', 'lookup', 'wiegand', 'search', 'large'];
/** The scale seed of the visitor's-path budgets (the `large` row). */
export const LARGE_RESIDENTS = 50_000;
/** Each code reloads the kiosk, which at 50,000 residents loads the property again: fewer than the gate row's 50. */
const CODES = Number(process.env.BENCH_SCALE_CODES ?? 10);
/** Each lookup places a call; the kiosk allows 10 an hour to one target. */
const LOOKUPS = Number(process.env.BENCH_LOOKUPS ?? 4);

/** @param {import('@playwright/test').Browser} browser @param {string[]} rows */
export async function measureScale(browser, kiosk, rows) {
  const results = {};
  for (const residents of RESIDENT_SCALES) {
    kiosk.sim.seedResidents(residents);
    const at = (results[residents] = {});
    const label = `${residents.toLocaleString('en')} residents`;
    if (rows.includes('poll')) {
      console.log(`poll, ${label}: unchanged polls with an ETag, then without...`);
      at.pollETag = await measurePolls(browser, kiosk, { etag: true });
      at.pollFingerprint = await measurePolls(browser, kiosk, { etag: false });
    }
    if (rows.includes('directory')) {
      console.log(`directory, ${label}: page turns...`);
      at.directory = await measureDirectoryPaging(browser, kiosk);
    }
    if (rows.includes('lookup')) {
      console.log(`lookup, ${label}: ${LOOKUPS} lookup codes...`);
      at.lookup = await measureLookups(browser, kiosk, LOOKUPS);
    }
    if (rows.includes('search')) {
      console.log(`search, ${label}: names searched on TOUCH's directory...`);
      at.search = await measureNameSearch(browser, kiosk);
    }
    if (rows.includes('wiegand') || (rows.includes('large') && residents === LARGE_RESIDENTS)) {
      console.log(`wiegand, ${label}: ${CODES} codes, each on a fresh page...`);
      at.wiegand = await measureGate(browser, kiosk, CODES);
    }
    if (rows.includes('large') && residents === LARGE_RESIDENTS) {
      console.log(`large, ${label}: 10 reloads of a settled page, then changed properties (announced, then left to the 60 s poll)...`);
      at.start = await measurePersistedStart(browser, kiosk);
      at.changes = await measureChanges(browser, kiosk);
    }
  }
  return results;
}
