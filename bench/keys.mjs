// The gate and input rows: real key presses (Chromium's input pipeline, through
// the DevTools protocol) with the main thread slowed, on the property the
// simulator serves (5,000 residents; 50,000 in the scale rows).
//
// Gate, fresh page: 20 codes (residents' access codes, in order) typed on home, each the first on a freshly
// loaded page (every code's notification ends with the kiosk reloading itself, as on the panel). Gate, warm
// page: 20 codes on one page that stays (a build that does not reload). From the fifth digit's keydown sent
// to Chromium until the simulator's hardware socket receives `wiegand`: both
// ends are stamped on the benchmark's own clock (Node), so no clock is compared
// with another. In the page: the keydown's timestamp to the WebSocket frame
// handed to the browser.
//
// Input: Event Timing durations (keydown to the next frame presented), which
// Chromium reports only from 16 ms up: a press without an entry took less.
// Also, to the millisecond, each keydown's timestamp to the start of the next
// animation frame (the screen's update is rendered by then).
import { VIEWPORT, sleep, slowDown, until } from './common.mjs';

const CODES = Number(process.env.BENCH_CODES ?? 20);
const WARM_CODES = Number(process.env.BENCH_WARM_CODES ?? 20);
/** A build whose page stays after a notification (honoured only with the development app environment). */
export const WARM_PAGE_ENV = { VITE_APP_ENV: 'development', VITE_TEST_NO_RELOAD_AFTER_NOTIFICATION: 'true' };
/** Between presses: a quick typist. */
const TYPING_GAP_MS = 150;
const PAGE_TURNS = { down: 30, up: 10 };

/**
 * Runs in the page before the kiosk's code: collects keydown timestamps,
 * Event Timing entries of 16 ms and more, and when a `wiegand` frame is handed
 * to a WebSocket.
 */
function recordInput() {
  const log = { keys: [], slow: [], wiegandSent: [], toFrame: [], outcomeFrames: [] };
  window.__input = log;
  window.addEventListener('keydown', (event) => {
    log.keys.push({ key: event.key, at: event.timeStamp });
    requestAnimationFrame(() => log.toFrame.push(performance.now() - event.timeStamp));
  }, true);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'keydown') log.slow.push({ at: entry.startTime, duration: entry.duration });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    if (typeof data === 'string' && data.includes('"wiegand"')) log.wiegandSent.push(performance.now());
    return send.call(this, data);
  };
}

/**
 * In the page, before a code's fifth digit: the start of the frame that first
 * draws a notification (an animation frame asked for as one is added).
 */
function watchForOutcome() {
  const observer = new MutationObserver(() => {
    if (!document.querySelector('[role="alertdialog"]')) return;
    observer.disconnect();
    requestAnimationFrame(() => window.__input.outcomeFrames.push(performance.now()));
  });
  observer.observe(document.body, { childList: true, subtree: true });
}

/** Event Timing duration of each keydown in `keys` (null: under 16 ms, so Chromium reported none). */
const durations = (keys, slow) => keys.map((key) => slow.find((entry) => Math.abs(entry.at - key.at) < 0.5)?.duration ?? null);

/** A page on the kiosk's home screen with its hardware socket connected, main thread slowed; `record` also runs before the kiosk's code. */
export async function openKiosk(browser, kiosk, model, record = null) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  await page.addInitScript(recordInput);
  if (record) await page.addInitScript(record);
  await slowDown(page);
  const ready = async (load) => {
    const connections = kiosk.sim.state.hardware.filter((entry) => entry.method === 'detectUrl').length;
    await load();
    await page.getByRole('heading', { name: /^Welcome to / }).waitFor({ timeout: 120_000 });
    await until(() => kiosk.sim.state.hardware.filter((entry) => entry.method === 'detectUrl').length > connections, 'the hardware socket');
    // A visitor reaches the panel after the screen has settled (lazy screens preloaded).
    await page.waitForLoadState('networkidle');
    await sleep(300);
  };
  await ready(() => page.goto(kiosk.url(model)));
  // The kiosk reloads itself 5 s after a notification (docs/rules.md#r2-2-5).
  return { page, context, reloaded: () => ready(() => page.waitForEvent('load', { timeout: 20_000 })) };
}

/** The first `count` residents' access codes the simulator serves. */
export function accessCodes(kiosk, count) {
  return kiosk.sim.state.property.residents.flatMap((r) => (r.property_access_code ? [r.property_access_code.code] : [])).slice(0, count);
}

/**
 * Types `code` on home as real key presses; resolves once the socket has `wiegand` and Access Granted! shows.
 * The fifth digit's keydown to the socket's `wiegand` (the benchmark's clock), and in the page.
 */
async function typeCode(page, kiosk, code) {
  for (const digit of code.slice(0, 4)) {
    await page.keyboard.press(digit);
    await sleep(TYPING_GAP_MS);
  }
  const sent = performance.now() + performance.timeOrigin;
  await page.keyboard.down(code[4]);
  await until(() => kiosk.sim.state.hardware.some((e) => e.method === 'wiegand' && e.params[1] === code && e.ms >= sent), `wiegand ${code}`);
  await page.keyboard.up(code[4]);
  const wiegand = kiosk.sim.state.hardware.findLast((e) => e.method === 'wiegand' && e.params[1] === code).ms - sent;
  await page.getByRole('alertdialog', { name: 'Access Granted!' }).waitFor();
  await sleep(TYPING_GAP_MS);
  const log = await page.evaluate(() => window.__input);
  const keys = log.keys.slice(-5);
  if (keys.map((key) => key.key).join('') !== code) throw new Error(`The page saw ${keys.map((key) => key.key).join('')}, not ${code}`);
  const [first, ...rest] = durations(keys, log.slow);
  return { wiegand, inPage: log.wiegandSent.at(-1) - keys[4].at, first, rest };
}

/** Each code's figures gathered into lists. */
function gather(samples) {
  return {
    wiegand: samples.map((s) => s.wiegand),
    inPage: samples.map((s) => s.inPage),
    firstDigit: samples.map((s) => s.first),
    codeDigits: samples.flatMap((s) => s.rest),
  };
}

/**
 * Fresh page: `count` codes, each the first on a freshly loaded page (the
 * kiosk reloads itself after each code's notification, as a visitor meets it).
 * @param {import('@playwright/test').Browser} browser
 */
export async function measureGate(browser, kiosk, count = CODES) {
  const { page, context, reloaded } = await openKiosk(browser, kiosk, 'GEN2');
  const samples = [];
  for (const code of accessCodes(kiosk, count)) {
    samples.push(await typeCode(page, kiosk, code));
    await reloaded();
  }
  await context.close();
  return gather(samples);
}

/**
 * Warm page: on a kiosk built not to reload after a notification
 * (`WARM_PAGE_ENV`), a first code that is not counted, then `count` codes on
 * the same page, each once the last one's notification has gone.
 */
export async function measureWarmGate(browser, kiosk, count = WARM_CODES) {
  const { page, context } = await openKiosk(browser, kiosk, 'GEN2');
  const samples = [];
  for (const code of accessCodes(kiosk, count + 1)) {
    samples.push(await typeCode(page, kiosk, code));
    await page.getByRole('alertdialog').waitFor({ state: 'detached', timeout: 15_000 });
    await sleep(300);
  }
  await context.close();
  return gather(samples.slice(1));
}

/** Button paging on GEN2: DOWN opens the directory, then pages down and up. */
export async function measureDirectoryPaging(browser, kiosk) {
  const { page, context } = await openKiosk(browser, kiosk, 'GEN2');
  const label = () => page.locator('.directory-page').getAttribute('aria-label');
  await page.keyboard.press('ArrowDown');
  await page.locator('.directory-page[aria-label="Page 1"]').waitFor();
  const before = (await page.evaluate(() => window.__input.keys.length));
  for (const [key, count] of [['ArrowDown', PAGE_TURNS.down], ['ArrowUp', PAGE_TURNS.up]]) {
    for (let i = 0; i < count; i += 1) {
      const previous = await label();
      await page.keyboard.press(key);
      await page.waitForFunction((was) => document.querySelector('.directory-page')?.getAttribute('aria-label') !== was, previous);
      await sleep(TYPING_GAP_MS);
    }
  }
  const log = await page.evaluate(() => window.__input);
  await context.close();
  return { pages: durations(log.keys.slice(before), log.slow), pageFrames: log.toFrame.slice(before) };
}

/**
 * Lookup codes on GEN2's directory: the listed residents' codes, in order,
 * each from home (DOWN), its four digits typed; the fourth finds the resident
 * and opens the call screen, then BACK ends the call before it is answered.
 * Each digit's keydown to the next frame.
 */
export async function measureLookups(browser, kiosk, count) {
  const { page, context } = await openKiosk(browser, kiosk, 'GEN2');
  const listed = (r) => [true, 1, '1', 'true'].includes(r.enable_directory_listing);
  const codes = kiosk.sim.state.property.residents.filter(listed).slice(0, count).map((r) => r.directory_lookup_code);
  const typing = [];
  const found = [];
  for (const code of codes) {
    await page.keyboard.press('ArrowDown');
    await page.locator('.directory-page[aria-label="Page 1"]').waitFor();
    await sleep(TYPING_GAP_MS);
    const before = await page.evaluate(() => window.__input.toFrame.length);
    for (const digit of code) {
      await page.keyboard.press(digit);
      await sleep(TYPING_GAP_MS);
    }
    await page.waitForURL(/\/call/);
    await page.waitForFunction((n) => window.__input.toFrame.length >= n, before + 4);
    const frames = await page.evaluate((from) => window.__input.toFrame.slice(from, from + 4), before);
    typing.push(...frames.slice(0, 3));
    found.push(frames[3]);
    await page.keyboard.press('Escape');
    await page.getByRole('heading', { name: /^Welcome to / }).waitFor();
    await sleep(300);
  }
  await context.close();
  return { typing, found };
}

/** Four digits of round `i`: never a whole code, so nothing is checked. */
const fourDigits = (i) => String(1000 + ((i * 7919) % 9000)).slice(0, 4);
const KEY_ROUNDS = Number(process.env.BENCH_KEY_ROUNDS ?? 10);

/**
 * One round of a visitor's sequences as real key presses on GEN2's home,
 * typed at TYPING_GAP_MS: four digits and BACK (home's first digit opens code
 * entry, BACK brings home back); DOWN, which opens the directory, three page
 * turns down, one up, BACK; then `code`, whose fifth digit opens the gate
 * (resolves once Access Granted! shows). `code` null: no code.
 * Resolves with each press's kind, in order.
 */
export async function visitorRound(page, round, code) {
  const kinds = [];
  const press = async (key, kind) => {
    await page.keyboard.press(key);
    kinds.push(kind);
    await sleep(TYPING_GAP_MS);
  };
  const home = async () => {
    await page.getByRole('heading', { name: /^Welcome to / }).waitFor();
    await sleep(TYPING_GAP_MS);
  };
  const digits = fourDigits(round);
  await press(digits[0], 'home: digit (opens code entry)');
  for (const digit of digits.slice(1)) await press(digit, 'code entry: digits 2-4');
  await press('Escape', 'code entry: BACK (home)');
  await home();
  await press('ArrowDown', 'home: DOWN (opens the directory)');
  await page.locator('.directory-page[aria-label="Page 1"]').waitFor();
  for (const key of ['ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowUp']) await press(key, 'directory: DOWN, UP (page turn)');
  await press('Escape', 'directory: BACK (home)');
  await home();
  if (code) {
    await press(code[0], 'home: digit (opens code entry)');
    for (const digit of code.slice(1, 4)) await press(digit, 'code entry: digits 2-4');
    await page.evaluate(watchForOutcome);
    await page.keyboard.press(code[4]);
    kinds.push('code entry: fifth digit (opens the gate)');
    await page.getByRole('alertdialog', { name: 'Access Granted!' }).waitFor();
    await sleep(TYPING_GAP_MS);
  }
  return kinds;
}

/**
 * Every key of a visitor's sequences (visitorRound), `rounds` rounds, each on
 * a freshly loaded page (the kiosk reloads itself after each code's
 * notification): each press's Event Timing duration by kind (null: under 16
 * ms), and each code's fifth digit keydown to the frame that draws its outcome.
 */
export async function measureVisitorKeys(browser, kiosk, rounds = KEY_ROUNDS) {
  const { page, context, reloaded } = await openKiosk(browser, kiosk, 'GEN2');
  const byKind = {};
  const outcome = [];
  const codes = accessCodes(kiosk, rounds);
  for (let round = 0; round < rounds; round += 1) {
    const kinds = await visitorRound(page, round, codes[round]);
    const log = await page.evaluate(() => window.__input);
    const keys = log.keys.slice(-kinds.length);
    if (keys.length !== kinds.length) throw new Error(`The page saw ${keys.length} presses, not ${kinds.length}`);
    durations(keys, log.slow).forEach((duration, index) => (byKind[kinds[index]] ??= []).push(duration));
    outcome.push(log.outcomeFrames.at(-1) - keys.at(-1).at);
    await reloaded();
  }
  await context.close();
  return { byKind, outcome };
}
