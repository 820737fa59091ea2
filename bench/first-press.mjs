// Where home's first digit spends its key press to paint, on a fresh page and
// on the same page later (npm run bench:first-press [pages]).
//
// Each page: a Chrome trace of the first digit typed on home (it opens code
// entry), then BACK, a digit, BACK, and a trace of that second opening of
// code entry on the same page; then a code, and the kiosk's reload after its
// notification. From the trace's EventTiming event of each keydown: the
// input delay (keydown's timestamp to its first listener), the listeners with
// their microtasks (React's render and commit), the frame's main-thread
// work until the commit, and the commit to the frame presented. The first
// page (no code cache yet) is left out. Main thread slowed 4x, as in npm run bench.
import { chromium } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS, sleep, startKiosk, stats } from './common.mjs';
import { openKiosk } from './keys.mjs';
import { largeSeed } from '../simulator/seed.mjs';

const PAGES = Number(process.argv[2] ?? 12);
const CATEGORIES = ['devtools.timeline'];
const PHASES = ['duration', 'delay', 'listeners', 'to commit', 'to presented'];

/** The trace of `press` until code entry shows. */
async function traced(cdp, page, press) {
  const events = [];
  const collect = (data) => events.push(...data.value);
  cdp.on('Tracing.dataCollected', collect);
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: CATEGORIES }, transferMode: 'ReportEvents' });
  await press();
  await page.locator('.screen-over .enter-code').waitFor();
  await sleep(200);
  await cdp.send('Tracing.end');
  await complete;
  cdp.off('Tracing.dataCollected', collect);
  return events;
}

/** The keydown's phases in ms, from its EventTiming trace event. */
function phases(events) {
  const timing = events.find((e) => e.name === 'EventTiming' && e.args?.data?.type === 'keydown' && e.args.data.duration)?.args.data;
  if (!timing) throw new Error('No keydown in the trace');
  return {
    duration: timing.duration,
    delay: timing.processingStart - timing.timeStamp,
    listeners: timing.processingEnd - timing.processingStart,
    'to commit': timing.commitFinishTime - timing.processingEnd,
    'to presented': timing.timeStamp + timing.duration - timing.commitFinishTime,
  };
}

const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
const kiosk = await startKiosk({ property: largeSeed(5000) });
const samples = { fresh: [], later: [] };
try {
  const { page, context, reloaded } = await openKiosk(browser, kiosk, 'GEN2');
  const cdp = await context.newCDPSession(page);
  const codes = kiosk.sim.state.property.residents.flatMap((r) => (r.property_access_code ? [r.property_access_code.code] : []));
  const back = async () => {
    await page.keyboard.press('Escape');
    await page.getByRole('heading', { name: /^Welcome to / }).waitFor();
    await sleep(400);
  };
  for (let i = 0; i <= PAGES; i += 1) {
    const fresh = phases(await traced(cdp, page, () => page.keyboard.press('1')));
    await back();
    await page.keyboard.press('9');
    await page.locator('.screen-over .enter-code').waitFor();
    await back();
    const later = phases(await traced(cdp, page, () => page.keyboard.press('9')));
    if (i > 0) {
      samples.fresh.push(fresh);
      samples.later.push(later);
    }
    await back();
    for (const digit of codes[i]) {
      await page.keyboard.press(digit);
      await sleep(150);
    }
    await reloaded();
  }
  await context.close();
} finally {
  await browser.close();
  await kiosk.close();
}

const cell = (list, phase) => {
  const { median, p95 } = stats(list.map((sample) => sample[phase]));
  return `${median.toFixed(1)} (${p95.toFixed(1)})`.padStart(14);
};
console.log(`Home's first digit, ${PAGES} fresh pages, main thread slowed 4x: median (p95) in ms, from Chrome traces`);
console.log(`${'phase'.padEnd(16)}${'first on page'.padStart(14)}${'later on page'.padStart(14)}`);
for (const phase of PHASES) console.log(`${phase.padEnd(16)}${cell(samples.fresh, phase)}${cell(samples.later, phase)}`);
console.log(`duration 28 ms or more (Event Timing reports 32): ${samples.fresh.filter((s) => s.duration >= 28).length} first, ${samples.later.filter((s) => s.duration >= 28).length} later of ${PAGES}`);
