// What the engines tier checks on each engine, as a visitor and the back end
// see it: each scenario opens the kiosk in a fresh page (its own storage) against
// a fresh simulator, and reads the simulator's records.
import assert from 'node:assert/strict';
import { KNOWN } from '../../simulator/seed.mjs';
import { until } from './until.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The first element `selector` matches where the visitor sees it: not in a screen kept hidden under the one
 * shown or rendered ahead (home under code entry, its code-entry layer, the directory ahead: aria-hidden).
 */
const shown = (selector, test = '') =>
  `[...document.querySelectorAll(${JSON.stringify(selector)})].find((e) => !e.closest('[aria-hidden="true"]')${test ? ` && ${test}` : ''})`;

/** Expressions evaluated in the page. */
export const IN_PAGE = {
  title: `(${shown('h1')} || { textContent: null }).textContent`,
  notice: `(document.querySelector('[role=alertdialog] h1') || {}).textContent || ''`,
  status: `(${shown('[role=status]')} || {}).textContent || ''`,
  callStatus: `(document.querySelector('.call-status') || {}).textContent || ''`,
  /** The element whose own text is `text` among those `selector` matches. */
  element: (selector, text) => shown(selector, `e.textContent.trim() === ${JSON.stringify(text)}`),
};

export const hardwareIn = (sim) => sim.state.hardware.filter((r) => r.direction === 'in' && r.method !== 'detectUrl').map((r) => [r.method, r.params]);

/** What a page shows and holds, for a failure's message: a title that never came says little on its own. */
const PAGE_STATE = `JSON.stringify({
  url: location.href,
  text: (document.body ? document.body.innerText : '').slice(0, 300),
  controlled: Boolean(navigator.serviceWorker && navigator.serviceWorker.controller),
  stored: (() => {
    try {
      return Object.keys(localStorage);
    } catch (error) {
      return String(error);
    }
  })(),
})`;

/** Opens the kiosk and waits for the welcome title (at most `timeout` ms) and the hardware socket. */
export async function openKiosk({ page, kiosk, sim }, model, path = '/', timeout = 10_000) {
  await page.goto(kiosk.url(model, path));
  if (path === '/') {
    await page.waitFor(`(${IN_PAGE.title} || '').startsWith('Welcome to ')`, { timeout, message: 'the welcome title' }).catch(async (error) => {
      const state = await page.evaluate(PAGE_STATE).catch((cause) => `unreadable (${cause.message})`);
      const logged = (page.console ?? page.errors).slice(-10).join('\n  ') || '(none)';
      const navigation = page.navigationError ? `\nthe navigation failed: ${page.navigationError}` : '';
      throw new Error(`${error.message}\nthe page: ${state}${navigation}\nits last log lines:\n  ${logged}`);
    });
  }
  await until(() => sim.snapshot().connections.hardware, (n) => n > 0, { message: 'the kiosk on the hardware socket' });
}

/**
 * Records each title the page shows from now on, so that a screen that gives way at once (a call on an
 * engine without a camera fails as it starts) is still seen; `titleSeen` asks for one.
 */
async function watchTitles(page) {
  await page.evaluate(`(() => {
    const seen = (window.__titles = []);
    const note = () => {
      const title = ${IN_PAGE.title};
      if (title && seen[seen.length - 1] !== title) seen.push(title);
    };
    new MutationObserver(note).observe(document.body, { childList: true, subtree: true, characterData: true });
  })()`);
}
const titleSeen = (title) => `window.__titles.includes(${JSON.stringify(title)})`;

export async function expectNotice(page, text, timeout = 10_000) {
  await until(() => page.evaluate(IN_PAGE.notice), (notice) => notice === text, { timeout, message: `the notice '${text}'` });
}

/** A gate opening with `code`: wiegand then the relay at the hardware socket, a granted request for `userCode` at the back end. */
export async function expectGateOpened(sim, code, userCode = code) {
  await until(() => hardwareIn(sim), (calls) => calls.length >= 2, { message: 'wiegand and enable_relay1' });
  assert.deepEqual(hardwareIn(sim), [['wiegand', [0, code]], ['enable_relay1', []]]);
  const [request] = await until(() => sim.state.accessRequests, (list) => list.length > 0, { message: 'the access request' });
  assert.deepEqual([request.user_code, request.access_granted], [userCode, true]);
}

/** Types digits as the model takes them: keys on a button model, the on-screen keypad on TOUCH. */
export async function enterCode(page, model, code) {
  if (model !== 'TOUCH') return page.type(code);
  await page.tap(IN_PAGE.element('a', 'Enter a numeric code'));
  await page.waitFor(`location.pathname === '/enter-code'`);
  for (const digit of code) await page.tap(IN_PAGE.element('.keypad button', digit));
}

/**
 * Calls the first resident as a visitor does: its row in the directory on
 * TOUCH, its lookup code on button models. `beforeChoosing` runs once the
 * directory shows, before the resident is chosen.
 */
export async function callFirstResident(page, model, beforeChoosing = async () => undefined) {
  if (model === 'TOUCH') {
    await page.tap(IN_PAGE.element('a', 'Call a resident'));
    await page.waitFor(`!!document.querySelector('.directory-row')`, { message: 'directory rows' });
    await beforeChoosing();
    await page.tap(`[...document.querySelectorAll('.directory-row')].find((e) => e.textContent.includes(${JSON.stringify(KNOWN.firstResident.name)}))`);
    return;
  }
  await page.press('ArrowUp');
  await page.waitFor(`!!document.querySelector('[role=status][aria-label="Lookup code"]')`, { message: 'the lookup code slots' });
  await beforeChoosing();
  await page.type(KNOWN.firstResident.lookup);
}

/** Presses GO as the model takes it: the screen's action button on TOUCH, Enter on button models. */
export const go = (page, model) => (model === 'TOUCH' ? page.tap(`document.querySelector('.message-action')`) : page.press('Enter'));

export const SCENARIOS = {
  async welcome({ page }) {
    assert.equal(await page.evaluate(IN_PAGE.title), 'Welcome to Maple Court Apartments!');
  },

  async code({ page, sim, model }) {
    await enterCode(page, model, KNOWN.residentCode);
    await expectNotice(page, 'Access Granted!');
    await expectGateOpened(sim, KNOWN.residentCode);
  },

  async invalidCode({ page, sim, model }) {
    await enterCode(page, model, KNOWN.invalidCode);
    await expectNotice(page, "Sorry, that code didn't work");
    const [request] = await until(() => sim.state.accessRequests, (list) => list.length > 0, { message: 'the refused request' });
    assert.deepEqual([request.user_code, request.access_granted], [KNOWN.invalidCode, false]);
    assert.deepEqual(hardwareIn(sim), []);
  },

  async card({ page, sim }) {
    assert.equal(sim.facility(KNOWN.staffCode), 1);
    await expectNotice(page, 'Access Granted!');
    await expectGateOpened(sim, KNOWN.staffCode);
  },

  async directory({ page, model }) {
    if (model === 'TOUCH') {
      await callFirstResident(page, model, () => watchTitles(page));
      await page.waitFor(titleSeen(`Call ${KNOWN.firstResident.name}`), { message: 'the call to the first resident' });
      return;
    }
    const pageLabel = `(document.querySelector('[aria-label^="Page "]') || {}).getAttribute && document.querySelector('[aria-label^="Page "]').getAttribute('aria-label')`;
    await page.press('ArrowDown');
    await page.waitFor(`${IN_PAGE.title} === 'call resident'`, { message: 'the directory' });
    assert.equal(await page.evaluate(pageLabel), 'Page 1');
    await page.press('ArrowDown');
    await page.waitFor(`${pageLabel} === 'Page 2'`, { message: 'page 2' });
    await page.press('Escape');
    await page.waitFor(`location.pathname === '/'`);
    await callFirstResident(page, model, () => watchTitles(page));
    await page.waitFor(titleSeen(`Call ${KNOWN.firstResident.name}`), { message: 'the call to the looked-up resident' });
  },

  /**
   * On a button model, taps reach home through the directory rendered ahead
   * over it, transparent, before and after a visit to it: engines without
   * `inert` (Chromium before 102) hit-test what the stylesheet lets through.
   */
  async tapThroughDirectory({ page }) {
    const ahead = `!!document.querySelector('.screen-ahead')`;
    const at = (path, what) => page.waitFor(`location.pathname === ${JSON.stringify(path)}`, { message: what });
    // Home's link by its own text, beside its button's hint.
    const codeEntryLink = `${IN_PAGE.element('a span', 'Enter a numeric code')}.parentElement`;
    await page.waitFor(ahead, { message: 'the directory rendered ahead' });
    await page.tap(codeEntryLink);
    await at('/enter-code', 'code entry, tapped on home');
    await page.press('Escape');
    await at('/', 'home again');
    await page.press('ArrowDown');
    await at('/resident-directory', 'the directory');
    await page.press('Escape');
    await at('/', 'home, from the directory');
    await page.waitFor(ahead, { message: 'the directory rendered ahead again' });
    await page.tap(codeEntryLink);
    await at('/enter-code', 'code entry, tapped on home after the directory');
  },

  /**
   * A property over 1 MB without an ETag (prepared with 5,000 residents): the
   * kiosk's worker makes the polls after the first load, and each change it
   * brings is shown. The page itself fetched the property once.
   */
  async largeProperty({ page, sim }) {
    const pageFetches = `performance.getEntriesByType('resource').filter((e) => e.name.endsWith('/api/telephone-entry/property')).length`;
    await until(() => sim.snapshot().connections.channels[sim.channelName()] || 0, (n) => n > 0, { message: 'the kiosk on its channel' });
    const fetched = await page.evaluate(pageFetches);
    for (const name of ['Worker Change', 'Second Change']) {
      sim.patchProperty({ property: { public_name: name } });
      await page.waitFor(`${IN_PAGE.title} === ${JSON.stringify(`Welcome to ${name}!`)}`, { timeout: 20_000, message: `the title of '${name}'` });
    }
    assert.equal(await page.evaluate(pageFetches), fetched);
  },

  /** The camera shows KNOWN.residentCode as a QR code (the browser's fake camera). */
  async qr({ page, sim, model }) {
    if (model === 'TOUCH') await page.tap(IN_PAGE.element('a', 'Scan a QR code'));
    else await page.press('Enter');
    await page.waitFor(`location.pathname === '/scan-qr'`);
    await expectNotice(page, 'Access Granted!');
    await expectGateOpened(sim, KNOWN.residentCode);
  },

  /**
   * The QR screen with the browser's own fake camera (a moving pattern, no QR
   * code), twice: the second time after home has shown for longer than the
   * engine keeps a stopped camera (Chromium 83 then failed with NotFoundError,
   * issue 44). Each time the video plays; no camera fault is logged.
   */
  async qrOwnCamera({ page, sim, model, diagnostic }) {
    const playing = `(() => { const v = document.querySelector('.camera-view video'); return !!v && !!v.srcObject && !v.paused && v.readyState >= 2 && v.currentTime > 0; })()`;
    for (const visit of ['first', 'second']) {
      const started = Date.now();
      if (model === 'TOUCH') await page.tap(IN_PAGE.element('a', 'Scan a QR code'));
      else await page.press('Enter');
      await page.waitFor(`location.pathname === '/scan-qr'`);
      await page.waitFor(playing, { message: `the camera playing on the QR screen (${visit} visit)` }).catch(async (error) => {
        const shown = await page.evaluate(`((document.querySelector('.camera-view') || {}).textContent || '')`);
        throw new Error(`${error.message}; the screen says: ${shown}; logged: ${JSON.stringify(sim.state.logs.map((line) => line.message))}`);
      });
      diagnostic(`${visit} visit: GO to the camera playing in ${Date.now() - started} ms`);
      if (model === 'TOUCH') await page.tap(`document.querySelector('button.cancel')`);
      else await page.press('Escape');
      await page.waitFor(`location.pathname === '/'`);
      if (visit === 'first') await sleep(6_000);
    }
    assert.deepEqual(sim.state.logs.filter((line) => /QR scanner failed|[Cc]amera/.test(line.message)), []);
  },

  /** A call to the first resident, answered with video by the console's far end in `farEnd` (a current Chromium), who opens the gate. */
  async call({ page, sim, model, farEnd }) {
    await callFirstResident(page, model);
    const [call] = await until(() => sim.state.calls, (list) => list.length > 0, { message: 'the call created at the back end' });
    const console = await farEnd.newPage();
    try {
      await console.goto(`${sim.url}/console`);
      await console.waitFor(`!document.querySelector('#answer-video').disabled && document.querySelector('#call-info').textContent.includes(${JSON.stringify(call.id)})`, {
        message: 'the console ready to answer',
      });
      await console.evaluate(`document.querySelector('#answer-video').click()`);
      const connected = `Connected to ${KNOWN.firstResident.name}`;
      await until(() => page.evaluate(IN_PAGE.status), (status) => status === connected, { timeout: 15_000, message: `'${connected}'` });
      await page.waitFor(`(() => { const v = document.querySelector('.call-remote'); return !!v && !!v.srcObject && v.readyState >= 2; })()`, { message: 'the far end on screen' });
      await console.evaluate(`document.querySelector('[data-action="open-gate"]').click()`);
      await expectNotice(page, 'Access Granted!');
      await expectGateOpened(sim, KNOWN.residentCode);
    } finally {
      await console.close();
    }
  },

  /**
   * Spoken prompts on: the code entry screen's prompt is played (from the
   * kiosk's recorded clips). WebKitGTK here now and then refuses an Ogg clip
   * with NotSupportedError (a fresh audio element too), and may leave a play
   * pending without starting it (not seen for sure: once in CI nothing was
   * played in 10 s, before the scenario recorded what the kiosk asked for).
   * The kiosk tries a refused clip once more, then skips it, and drops a pending one at the next
   * prompt, so the screen is opened afresh, at most three times, until a
   * clip plays. A prompt the kiosk never asked to play fails the test.
   */
  async speech({ page, model, reopen }) {
    const clip = (src) => /\/speech\/en\/.+\.ogg$/.test(src);
    const played = (list) => list.some((entry) => entry.startsWith('played ') && clip(entry));
    // The kiosk tries a refused clip once more: refused means refused twice.
    const refused = (list) => list.filter((entry) => entry.startsWith('refused NotSupportedError')).length >= 2;
    let last = [];
    for (let attempt = 1; attempt <= 3 && !played(last); attempt += 1) {
      if (attempt > 1) await reopen();
      // Installed after load: the speech player's audio element plays through the prototype at each clip.
      await page.evaluate(`(() => {
        window.__played = [];
        const play = HTMLMediaElement.prototype.play;
        HTMLMediaElement.prototype.play = function () {
          const src = this.src;
          window.__played.push('asked ' + src);
          return play.call(this).then(() => void window.__played.push('played ' + src), (error) => { window.__played.push('refused ' + error.name + ' ' + src); throw error; });
        };
      })()`);
      // The welcome shows the property stored by the scenario before, prompts off, until the kiosk's own load is stored.
      await page.waitFor(
        `Object.keys(localStorage).some((key) => key.startsWith('gate-kiosk:') && localStorage.getItem(key).includes('"spoken_prompts":true'))`,
        { message: 'the property with spoken prompts on, stored' },
      );
      if (model === 'TOUCH') await page.tap(IN_PAGE.element('a', 'Enter a numeric code'));
      else await page.press('1');
      // A clip refused before the first key press or tap (NotAllowedError) is played at it; one cut short by the next is AbortError.
      last = await until(() => page.evaluate('window.__played'), (list) => played(list) || refused(list), {
        message: 'a spoken prompt played',
      }).catch(async (error) => {
        const list = await page.evaluate('window.__played');
        if (!list.some((entry) => entry.startsWith('asked ') && clip(entry))) throw error;
        return list;
      });
    }
    assert.ok(played(last), `no spoken prompt played: ${last.join(', ')}`);
  },
};

