// The search row of the scale rows: TOUCH's name search (docs/rules.md#r2-5-10)
// on the directory at 800x480, main thread slowed, real taps (Chromium's input
// pipeline, through the DevTools protocol). Each search taps Search, the first
// letters of a listed resident's last name one at a time, then Clear.
//
// Per tap, in the page: the click's timestamp to the start of the next
// animation frame (the list is filtered and rendered by then), and to a task
// queued from that frame, which runs once the frame's style, layout and paint
// are done (the visitor sees the filtered list). Search's tap is timed the
// same way: on the first one the name index is built.
import { sleep } from './common.mjs';
import { openKiosk } from './keys.mjs';

const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 6);
const LETTERS = 4;
/** Between taps: a quick typist on a touch screen. */
const TAP_GAP_MS = 250;

/** Runs in the page before the kiosk's code: times each tap on Search or a key of the keyboard. */
function recordTaps() {
  const log = [];
  window.__taps = log;
  document.addEventListener(
    'click',
    (event) => {
      const key = event.target instanceof Element ? event.target.closest('.name-key, .search-open') : null;
      if (!key) return;
      const at = event.timeStamp;
      requestAnimationFrame(() => {
        const frame = performance.now() - at;
        const channel = new MessageChannel();
        channel.port1.onmessage = () => log.push({ kind: key.classList.contains('search-open') ? 'open' : 'letter', frame, paint: performance.now() - at });
        channel.port2.postMessage(null);
      });
    },
    true,
  );
}

/** Last names of listed residents, each searched once: a prefix of a real name, so every key tapped is on. */
function lastNames(kiosk, count) {
  const listed = (r) => [true, 1, '1', 'true'].includes(r.enable_directory_listing);
  const names = kiosk.sim.state.property.residents.filter(listed).map((r) => r.directory_display_name.split(' ').at(-1));
  return [...new Set(names.filter((name) => /^[A-Za-z]{4,}$/.test(name)))].slice(0, count);
}

/** @param {import('@playwright/test').Browser} browser */
export async function measureNameSearch(browser, kiosk) {
  const { page, context } = await openKiosk(browser, kiosk, 'TOUCH', recordTaps);
  await page.getByRole('link', { name: 'Call a resident' }).click();
  await page.locator('.directory-resident').first().waitFor();
  await sleep(300);
  for (const name of lastNames(kiosk, SEARCHES)) {
    await page.locator('.search-open').click();
    await page.locator('.name-keyboard').waitFor();
    await sleep(TAP_GAP_MS);
    for (const letter of name.slice(0, LETTERS).toUpperCase()) {
      await page.locator('.name-key', { hasText: new RegExp(`^${letter}$`) }).click();
      await sleep(TAP_GAP_MS);
    }
    const typed = await page.locator('.search-typed').textContent();
    if (typed !== name.slice(0, LETTERS).toUpperCase()) throw new Error(`Typed ${typed}, not ${name.slice(0, LETTERS)}`);
    await page.locator('.search-clear').click();
    await sleep(TAP_GAP_MS);
  }
  const taps = await page.evaluate(() => window.__taps);
  await context.close();
  const of = (kind, figure) => taps.filter((tap) => tap.kind === kind).map((tap) => tap[figure]);
  return { letterFrame: of('letter', 'frame'), letterPaint: of('letter', 'paint'), firstOpen: of('open', 'paint')[0], open: of('open', 'paint').slice(1) };
}
