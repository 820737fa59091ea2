// What the kiosk refuses: a Content-Security-Policy that blocks foreign code,
// a token that never shows, a locked-down browser, code guessing, and a
// simulator that other web pages cannot drive.
import type { Page } from '@playwright/test';
import { countPusherConnections, expect, KNOWN, nextLoad, records, test, waitForChannel, waitForHardwareSocket } from './fixtures';

const TOKEN = 'demo-token';
const home = (page: Page) => page.getByRole('heading', { name: 'Welcome to Maple Court Apartments!' });

test.describe('Content-Security-Policy', () => {
  test('index.html carries the policy as its first tag, and the kiosk server sends it as a header', async ({ page, kiosk, sim }) => {
    const response = await page.goto(kiosk.url({ token: TOKEN, model: 'GEN2' }));
    const header = response?.headers()['content-security-policy'] ?? '';
    const meta = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
    expect(await page.evaluate(() => document.head.firstElementChild?.getAttribute('http-equiv'))).toBe('Content-Security-Policy');
    expect(header).toBe(`${meta}; frame-ancestors 'none'`);
    const directives = Object.fromEntries((meta ?? '').split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
    expect(directives['script-src']).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(directives['media-src']).toEqual(["'self'", 'blob:', 'mediastream:']);
    expect(directives['img-src']).toContain('data:');
    expect(directives['worker-src']).toEqual(["'self'"]);
    // The simulator is the API, the hardware socket and the video provider here; soketi the Pusher server.
    expect(directives['connect-src']).toContain(kiosk.simUrl);
    expect(directives['connect-src']).toContain(kiosk.simUrl.replace('http:', 'ws:'));
    expect(directives['connect-src']).toContain(sim.pusherUrl);
    await expect(home(page)).toBeVisible();
  });

  test('an injected inline script, eval and a foreign script are refused, and each refusal is reported', async ({ page, kiosk, guard, allowConsoleErrors }) => {
    // This test breaks the policy on purpose; the guard fails every other test that does.
    guard.allowCspViolations(/^script-src(-elem|-attr)? blocked (inline|eval|https:\/\/cdn\.example\.invalid)/);
    allowConsoleErrors(/Content Security Policy/);
    await kiosk.open(page, { model: 'GEN2' });
    const outcome = await page.evaluate(async () => {
      const seen: string[] = [];
      document.addEventListener('securitypolicyviolation', (event) => seen.push(event.effectiveDirective));
      const inline = document.createElement('script');
      inline.textContent = 'window.__inlineRan = true';
      document.body.append(inline);
      // A string handed to setTimeout is compiled by the page itself, as eval would be (code run by the
      // test's evaluate may eval freely: DevTools is exempt).
      window.setTimeout('window.__evalRan = true' as unknown as TimerHandler, 0);
      const handler = document.createElement('button');
      handler.setAttribute('onclick', 'window.__handlerRan = true');
      document.body.append(handler);
      handler.click();
      const foreign = document.createElement('script');
      foreign.src = 'https://cdn.example.invalid/steal.js';
      const foreignFailed = new Promise((resolve) => (foreign.onerror = () => resolve(true)));
      document.body.append(foreign);
      await foreignFailed;
      await new Promise((resolve) => setTimeout(resolve, 100));
      handler.remove();
      return { ran: ['__inlineRan', '__evalRan', '__handlerRan'].filter((name) => name in window), seen: [...new Set(seen)].sort() };
    });
    expect(outcome).toEqual({ ran: [], seen: ['script-src', 'script-src-attr', 'script-src-elem'] });
  });
});

test.describe('the token', () => {
  test('is not in the visible address after start, on any screen or after a reload', async ({ page, kiosk, sim }) => {
    await kiosk.open(page, { model: 'GEN2' });
    expect(page.url()).toBe(`${kiosk.origin}/?model=GEN2`);
    await page.keyboard.press('ArrowDown');
    await expect(page).toHaveURL(`${kiosk.origin}/resident-directory`);
    // Its buttons work once its chunk is on screen.
    await expect(page.getByRole('heading', { name: 'call resident' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(home(page)).toBeVisible();
    await waitForHardwareSocket(sim);
    const reloaded = nextLoad(page);
    sim.refresh();
    await reloaded;
    await expect(home(page)).toBeVisible();
    expect(page.url()).not.toContain(TOKEN);
    expect(await page.evaluate(() => history.length)).toBeGreaterThan(0);
    expect(await page.evaluate(() => location.href + document.referrer)).not.toContain(TOKEN);
  });

  test('is in no log line the kiosk sends to the back end, nor in anything it writes to the console', async ({ page, kiosk, sim, allowConsoleErrors }) => {
    // Failures on purpose, so there is plenty to log: the property, check-ins, the channel authorization.
    allowConsoleErrors(/./);
    const consoleText: string[] = [];
    page.on('console', (message) => consoleText.push(message.text()));
    await page.clock.install();
    await kiosk.open(page, { model: 'GEN2' });
    await waitForChannel(sim);
    sim.setFault('telephone-entry/property', '500');
    sim.setFault('telephone-entry/checkin', 'malformed');
    sim.setFault('telephone-entry/pusher/auth', '500');
    sim.setFault('feature-flags', 'drop');
    // The channel is subscribed again after a reload of the page.
    const reloaded = nextLoad(page);
    sim.refresh();
    await reloaded;
    await expect(home(page)).toBeVisible();
    sim.closeHardwareSocket();
    await page.clock.fastForward(60_000);
    await expect.poll(() => records(sim, 'logs').length).toBeGreaterThanOrEqual(4);
    // The channel subscribes once the start's effects run, after the stored queue is read: its failure may come last.
    await expect.poll(() => JSON.stringify(records(sim, 'logs'))).toContain('Real-time channel subscription failed');
    const logs = JSON.stringify(records(sim, 'logs'));
    expect(logs).toContain('Property data could not be loaded');
    expect(logs).toContain('Real-time channel subscription failed');
    expect(logs).not.toContain(TOKEN);
    expect(consoleText.length).toBeGreaterThan(0);
    expect(consoleText.filter((text) => text.includes(TOKEN))).toEqual([]);
  });

  test('is not in detectUrl, after a reload either', async ({ page, kiosk, sim, waitForRecords }) => {
    await kiosk.open(page, { model: 'TOUCH' });
    await waitForHardwareSocket(sim);
    sim.refresh();
    const detects = await waitForRecords('hardware', (r) => r.direction === 'in' && r.method === 'detectUrl', 2);
    expect(detects.map((r) => r.params)).toEqual([[`${kiosk.origin}/?model=TOUCH`], [`${kiosk.origin}/?model=TOUCH`]]);
  });
});

test.describe('kiosk lockdown', () => {
  /** Records whether each event of `types` reached the window with its default action cancelled. */
  async function watchDefaults(page: Page, types: string[]) {
    await page.evaluate((names) => {
      const seen: Record<string, boolean[]> = {};
      Object.assign(window, { __defaults: seen });
      for (const name of names) window.addEventListener(name, (event) => (seen[name] ??= []).push(event.defaultPrevented));
    }, types);
  }
  const defaults = (page: Page) => page.evaluate(() => (window as unknown as { __defaults: Record<string, boolean[]> }).__defaults);

  test('no context menu, no text selection, no dragging the logo or a link', async ({ page, kiosk }) => {
    await kiosk.open(page, { model: 'TOUCH' });
    await watchDefaults(page, ['contextmenu', 'dragstart']);
    await home(page).click({ button: 'right' });
    await home(page).dblclick();
    const box = (await home(page).boundingBox())!;
    await page.mouse.move(box.x + 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width - 2, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    expect(await page.evaluate(() => getSelection()?.toString())).toBe('');

    // Images and links cannot be picked up (headless Chromium starts no native drag, so the style is checked),
    // and a drag that started anyway would be cancelled.
    for (const target of [page.getByRole('img').first(), page.getByRole('link', { name: 'Call a resident' })]) {
      expect(await target.evaluate((el) => getComputedStyle(el).getPropertyValue('-webkit-user-drag'))).toBe('none');
      await target.dispatchEvent('dragstart');
    }
    const seen = await defaults(page);
    expect(seen.contextmenu).toEqual([true]);
    expect(seen.dragstart).toEqual([true, true]);
    await expect(page).toHaveURL(/\/\?model=TOUCH$/);
  });

  test('no pinch or double-tap zoom: touch-action on every element, and a pinch leaves the scale at 1', async ({ browser, kiosk, guard }) => {
    const context = await browser.newContext({ viewport: { width: 800, height: 480 }, hasTouch: true, isMobile: true });
    await guard.watch(context);
    const page = await context.newPage();
    await kiosk.open(page, { model: 'TOUCH' });
    for (const selector of ['html', 'body', 'a.home-link', 'h1']) {
      expect(await page.locator(selector).first().evaluate((el) => getComputedStyle(el).touchAction)).toBe('pan-x pan-y');
    }
    expect(await page.locator('meta[name=viewport]').getAttribute('content')).toContain('user-scalable=no');
    const cdp = await context.newCDPSession(page);
    const fingers = (type: 'touchStart' | 'touchMove' | 'touchEnd', apart: number) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: type === 'touchEnd' ? [] : [{ x: 400 - apart, y: 240, id: 1 }, { x: 400 + apart, y: 240, id: 2 }],
      });
    /** Two fingers spread from 40 to 600 px apart, then two quick taps. (On a page without protection the first makes the scale 5.) */
    async function pinchAndDoubleTap() {
      await fingers('touchStart', 20);
      for (let apart = 30; apart <= 300; apart += 15) await fingers('touchMove', apart);
      await fingers('touchEnd', 0);
      for (let tap = 0; tap < 2; tap += 1) {
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: 200, y: 200, id: 3 }] });
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      }
      await page.waitForTimeout(500);
      return page.evaluate(() => visualViewport?.scale);
    }
    expect(await pinchAndDoubleTap()).toBe(1);
    // A browser that ignores user-scalable=no (an accessibility setting can) is still held by touch-action.
    await page.locator('meta[name=viewport]').evaluate((meta) => meta.setAttribute('content', 'width=device-width'));
    expect(await pinchAndDoubleTap()).toBe(1);
    await context.close();
  });

  test("no way off the kiosk's origin: a link, a form, window.open or a dropped URL", async ({ page, context, kiosk }) => {
    await kiosk.open(page, { model: 'GEN2' });
    const pages: string[] = [];
    context.on('page', (opened) => pages.push(opened.url()));
    await page.evaluate(() => {
      const link = Object.assign(document.createElement('a'), { href: 'http://example.invalid/away', textContent: 'Away' });
      const form = Object.assign(document.createElement('form'), { action: 'http://example.invalid/post', method: 'post' });
      form.append(Object.assign(document.createElement('button'), { textContent: 'Send' }));
      document.querySelector('main')?.append(link, form);
    });
    await page.getByRole('link', { name: 'Away' }).click();
    await page.getByRole('link', { name: 'Away' }).click({ modifiers: ['Control'] });
    await page.getByRole('button', { name: 'Send' }).click();
    const opened = await page.evaluate(() => window.open('http://example.invalid/popup'));
    await watchDefaults(page, ['dragover', 'drop']);
    await page.evaluate(() => {
      const data = new DataTransfer();
      data.setData('text/uri-list', 'http://example.invalid/dropped');
      for (const type of ['dragover', 'drop']) document.body.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: data }));
    });
    await page.waitForTimeout(300);
    expect(opened).toBeNull();
    expect(pages).toEqual([]);
    expect(await defaults(page)).toEqual({ dragover: [true], drop: [true] });
    expect(page.url()).toBe(`${kiosk.origin}/?model=GEN2`);
    await expect(home(page)).toBeVisible();
  });
});

test.describe('code guessing', () => {
  test('5 wrong codes lock code entry for 30 s: the visitor sees why, the lock outlives a reload, card reads still open the gate', async ({
    page,
    kiosk,
    sim,
    waitForRecord,
    allowConsoleErrors,
  }) => {
    // The kiosk tells the back end (and its console) that someone may be guessing.
    allowConsoleErrors(/^Code entry locked: too many refused codes /);
    const pusher = countPusherConnections(page);
    /** Waits for the reload that the notification's expiry (5 s on) brings, until the new page is connected. */
    const expireNotification = async () => {
      const connections = pusher.established;
      const reloaded = nextLoad(page);
      await page.clock.fastForward(5_000);
      await reloaded;
      await waitForHardwareSocket(sim);
      await expect.poll(() => pusher.established).toBeGreaterThan(connections);
    };
    await page.clock.install();
    await kiosk.open(page, { model: 'GEN2' });
    await waitForHardwareSocket(sim);
    const overlay = page.getByRole('alertdialog');
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      for (const digit of KNOWN.invalidCode) await page.keyboard.press(digit);
        await expect(overlay.getByRole('heading')).toHaveText("Sorry, that code didn't work");
      // The notification goes after 5 s and the page reloads.
      await expireNotification();
      await expect(home(page)).toBeVisible();
    }
    // Five refusals were recorded; the home screen now counts down (the reload took part of the 30 s).
    await expect(page.getByText('Too many wrong codes')).toBeVisible();
    await expect(page.getByText(/^Try again in (2[0-9]|30) seconds$/)).toBeVisible();
    await expect.poll(() => records(sim, 'accessRequests').length).toBe(5);

    // A valid code typed now does nothing, and the screen says why.
    await page.keyboard.press('1');
    await expect(page).toHaveURL(/\/enter-code$/);
    for (const digit of KNOWN.residentCode.slice(1)) await page.keyboard.press(digit);
    await expect(page.getByRole('alert')).toHaveText('Too many wrong codes');
    await expect(overlay).toHaveCount(0);
    await page.keyboard.press('Escape');

    // QR scanning is locked too: no camera.
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/scan-qr$/);
    await expect(page.getByRole('alert')).toHaveText('Too many wrong codes');
    await expect(page.getByLabel('Camera')).toHaveCount(0);
    await page.keyboard.press('Escape');

    // The directory still opens; a card read still opens the gate.
    await page.keyboard.press('ArrowDown');
    await expect(page).toHaveURL(/\/resident-directory$/);
    await page.keyboard.press('Escape');
    await waitForHardwareSocket(sim);
    sim.facility(KNOWN.staffCode);
    await expect(overlay.getByRole('heading')).toHaveText('Access Granted!');
    await waitForRecord('hardware', (r) => r.direction === 'in' && r.method === 'enable_relay1');
    // That notification's reload: the lock is still there afterwards.
    await expireNotification();
    await expect(page.getByText('Too many wrong codes')).toBeVisible();

    await page.clock.fastForward(30_000);
    await expect(page.getByText('Too many wrong codes')).toHaveCount(0);
    for (const digit of KNOWN.residentCode) await page.keyboard.press(digit);
    await expect(overlay.getByRole('heading')).toHaveText('Access Granted!');
  });
});

test.describe('the simulator', () => {
  test('answers its control routes to the console and local tools only, not to another web page', async ({ page, kiosk, sim, allowConsoleErrors }) => {
    // Chromium says the simulator's refusals carry no CORS headers.
    allowConsoleErrors(/CORS policy/, /^Failed to load resource: net::ERR_FAILED/, /status of 403/);
    await kiosk.open(page, { model: 'GEN2' });
    const status = await page.evaluate(async (simUrl) => {
      const post = await fetch(`${simUrl}/sim/offline`, { method: 'POST', body: JSON.stringify({ offline: true }) }).then(
        (r) => r.status,
        () => 'blocked',
      );
      const noCors = await fetch(`${simUrl}/sim/offline`, { method: 'POST', mode: 'no-cors', body: JSON.stringify({ offline: true }) }).then(
        () => 'sent',
        () => 'blocked',
      );
      const read = await fetch(`${simUrl}/sim/state`).then(
        (r) => r.status,
        () => 'blocked',
      );
      return { post, noCors, read };
    }, sim.url);
    // The request may leave (no-cors), but the simulator does nothing with it, and nothing can be read back.
    expect(status.read).toBe('blocked');
    expect(sim.snapshot().offline).toBe(false);
    expect(status.post).toBe('blocked');
    void status.noCors;
  });
});
