// Startup: token handling, installer message, splash (docs/rules.md#r2-2-1 to #r2-2-3, #r4-1, #r8-1-13).
import { API_DOWN_ERRORS, expect, expectGateOpened, fastForwardUntil, fetchTimes, KNOWN, recordFetches, records, recordSocketSends, test, typeCode, waitForChannel, waitForHardwareSocket } from './fixtures';
import { markPage } from './support/notifications';

const PROPERTY_API = '**/api/telephone-entry/property';

test.describe('startup', () => {
  test('without a token the installer message shows, never a blank page', async ({ page, kiosk, sim, allowConsoleErrors }) => {
    allowConsoleErrors(/API token is not defined/);
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await recordFetches(page);
    await kiosk.open(page, { token: null, model: 'GEN2' });

    const message = page.getByRole('alert');
    await expect(message.getByRole('heading')).toHaveText('This panel is not set up yet');
    await expect(message).toContainText('The API token is not defined');
    await expect(message).toContainText('?token=');
    expect((await page.locator('body').innerText()).trim()).not.toBe('');
    expect(consoleErrors.join('\n')).toContain('API token is not defined');

    // Nothing starts without a token: no API calls, no hardware socket. The effects would have
    // started with the message (in the same turn), and each starts with a request.
    expect(await fetchTimes(page, '')).toEqual([]);
    expect(sim.snapshot().connections.hardware).toBe(0);
    expect(records(sim, 'accessRequests')).toEqual([]);
    expect(records(sim, 'checkins')).toEqual([]);
    expect(records(sim, 'logs')).toEqual([]);
  });

  test('an empty token counts as none', async ({ page, kiosk, allowConsoleErrors }) => {
    allowConsoleErrors(/API token is not defined/);
    await kiosk.open(page, { token: '', model: 'TOUCH', waitForHome: false });
    await expect(page.getByRole('heading', { name: 'This panel is not set up yet' })).toBeVisible();
  });

  test('the token is kept: the panel starts again without it in the address', async ({ page, kiosk }) => {
    const authorizations: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/')) authorizations.push(request.headers().authorization ?? '');
    });
    await kiosk.open(page, { model: 'GEN2' });
    await kiosk.open(page, { token: null, model: null, waitForHome: true });
    await expect(page.getByRole('heading', { name: 'Welcome to Maple Court Apartments!' })).toBeVisible();
    expect(authorizations.length).toBeGreaterThan(0);
    expect(new Set(authorizations)).toEqual(new Set(['Bearer demo-token']));
  });

  test("a splash with 'Loading...' shows until the property data arrives", async ({ page, kiosk }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(PROPERTY_API, async (route) => {
      await held;
      await route.continue();
    });
    await kiosk.open(page, { model: 'GEN2', waitForHome: false });

    await expect(page.getByText('Loading...')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Gate Kiosk' })).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Welcome to / })).toHaveCount(0);
    expect(new URL(page.url()).searchParams.has('token')).toBe(false);

    release();
    await expect(page.getByRole('heading', { name: 'Welcome to Maple Court Apartments!' })).toBeVisible();
    await expect(page.getByText('Loading...')).toHaveCount(0);
  });

  test('with the API down at first start the splash stays, then the retry every 5 s loads the property', async ({ page, kiosk, sim, allowConsoleErrors }) => {
    allowConsoleErrors(...API_DOWN_ERRORS);
    let refused = 0;
    page.on('response', (response) => {
      if (response.url().endsWith('/api/telephone-entry/property') && response.status() === 503) refused += 1;
    });
    await recordFetches(page);
    await page.clock.install();
    sim.setOffline(true);
    await kiosk.open(page, { model: 'GEN2', waitForHome: false });
    await expect(page.getByText('Loading...')).toBeVisible();
    await expect.poll(() => refused).toBe(1);
    // 1 s steps (the retry timer is set once the refusal is in): the retry comes 5000 ms later on the kiosk's clock.
    await fastForwardUntil(page, 1_000, async () => expect(refused).toBeGreaterThanOrEqual(2));
    const [first, retry] = await fetchTimes(page, '/api/telephone-entry/property');
    expect(retry! - first!).toBeGreaterThanOrEqual(5_000);
    expect(retry! - first!).toBeLessThan(5_000 + 1_000 + 1_000);
    await expect(page.getByText('Loading...')).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Welcome to / })).toHaveCount(0);

    sim.setOffline(false);
    await fastForwardUntil(page, 5_000, () =>
      expect(page.getByRole('heading', { name: 'Welcome to Maple Court Apartments!' })).toBeVisible({ timeout: 500 }),
    );
  });

  test("the footer shows ' ...' after the version while the property reloads", async ({ page, kiosk, sim }) => {
    await kiosk.open(page, { model: 'GEN2' });
    await waitForChannel(sim);
    const footer = page.locator('footer').filter({ hasText: /^v\d/ });
    await expect(footer).toHaveText(/^v[\d.]+$/);

    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(PROPERTY_API, async (route) => {
      await held;
      await route.continue();
    });
    sim.propertyUpdated();
    await expect(footer).toHaveText(/^v[\d.]+ \.\.\.$/);
    release();
    await expect(footer).toHaveText(/^v[\d.]+$/);
  });

  test('after a reload the welcome shows from the stored property before the bundle runs; a digit typed then opens code entry at once, and the kiosk goes on from it', async ({ page, kiosk }) => {
    await kiosk.open(page, { model: 'GEN2' });
    // The bundle held back: only the first frame's script (src/first-frame/) runs.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/index-*.js', async (route) => {
      await held;
      await route.continue();
    });
    // Each text the code's slots show, in order, from the first frame's to the kiosk's: the slots not hidden
    // from the visitor (home's code-entry layer, kept under code entry, is hidden with home).
    await page.addInitScript(() => {
      const shown: string[] = [];
      (window as unknown as { shownSlots: string[] }).shownSlots = shown;
      new MutationObserver(() => {
        const text = [...document.querySelectorAll('.code-slots')].find((slots) => !slots.closest('[aria-hidden="true"]'))?.textContent;
        if (text && text !== shown[shown.length - 1]) shown.push(text);
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    // Not to the load event: the held bundle holds it back.
    await page.goto(kiosk.url({ model: 'GEN2' }), { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { name: 'Welcome to Maple Court Apartments!' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Enter a numeric code/ })).toHaveCount(0);
    const slots = page.getByRole('status', { name: 'Code entered' });
    await page.keyboard.press('4');
    await expect(page.getByRole('heading', { name: 'Enter a numeric code' })).toBeVisible();
    await expect(slots).toHaveText('*----');
    await expect(page.getByRole('button', { name: 'Press Back to cancel' })).toBeVisible();
    await page.keyboard.press('2');
    await page.keyboard.press('8');
    release();
    await expect(page).toHaveURL(/\/enter-code/);
    await expect(slots).toHaveText('***--');
    await page.keyboard.press('1');
    await expect(slots).toHaveText('****-');
    // Never fewer digits than shown before: the kiosk took over from the first frame's code entry without going back.
    const shown = await page.evaluate(() => (window as unknown as { shownSlots: string[] }).shownSlots);
    const typed = shown.map((text) => text.split('*').length - 1);
    expect(shown[0]).toBe('*----');
    expect(typed).toEqual([...typed].sort((a, b) => a - b));
    expect(shown[shown.length - 1]).toBe('****-');
  });

  test('the service-worker client loads after the first screen, at the load event (offline-boot.spec.ts has it register the worker)', async ({ page, kiosk }) => {
    const scripts: string[] = [];
    page.on('request', (request) => scripts.push(new URL(request.url()).pathname));
    await kiosk.open(page, { model: 'GEN2' });
    const entry = new URL((await page.locator('script[type="module"]').getAttribute('src'))!, page.url()).pathname;
    await expect.poll(() => scripts.filter((path) => /^\/assets\/shellWorker-[\w-]+\.js$/.test(path))).toHaveLength(1);
    expect(scripts.indexOf(entry)).toBeLessThan(scripts.findIndex((path) => path.includes('/shellWorker-')));
  });

  test("a Spanish panel's welcome stays Spanish through a reload: the first frame's, then the kiosk's", async ({ page, kiosk, sim }) => {
    Object.assign((sim.state.property as { device: Record<string, unknown> }).device, { language: 'es' });
    await kiosk.open(page, { model: 'GEN2', waitForHome: false });
    await expect(page.getByRole('heading', { name: /^¡Bienvenido a / })).toBeVisible();
    await page.addInitScript(() => {
      const titles: string[] = [];
      Object.defineProperty(window, '__titles', { value: titles });
      new MutationObserver(() => {
        const title = document.querySelector('h1')?.textContent ?? '';
        if (title !== '' && title !== titles[titles.length - 1]) titles.push(title);
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await page.goto(kiosk.url({ model: 'GEN2' }));
    await expect(page.getByRole('link', { name: /Ingrese un código numérico/ })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __titles: string[] }).__titles)).toEqual(['¡Bienvenido a Maple Court Apartments!']);
  });

  test('keys typed on the first frame of a second window, which then waits, are dropped: it takes over on home', async ({ page, context, kiosk }) => {
    await kiosk.open(page, { model: 'GEN2' });
    const second = await context.newPage();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await second.route('**/assets/index-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await second.goto(kiosk.url({ model: 'GEN2' }), { waitUntil: 'commit' });
    await expect(second.getByRole('heading', { name: 'Welcome to Maple Court Apartments!' })).toBeVisible();
    await second.keyboard.press('5');
    release();
    await expect(second.getByRole('heading', { name: 'This kiosk is already running in another window' })).toBeVisible();
    await page.close();
    await expect(second.getByRole('link', { name: /Enter a numeric code/ })).toBeVisible();
    await second.waitForTimeout(500);
    expect(new URL(second.url()).pathname).toBe('/');
  });
});

test.describe("the workflows after the first screen (src/app/laterListeners.ts)", () => {
  const LATER_CODE = /\/assets\/laterListeners-[^/]*\.js$/;

  test('a fetch of their code that fails once is made again, and they run: the check-in goes out', async ({ page, kiosk, waitForRecord, allowConsoleErrors }) => {
    allowConsoleErrors(/ERR_CONNECTION_RESET/);
    let fetches = 0;
    await page.route(LATER_CODE, (route) => (++fetches === 1 ? route.abort('connectionreset') : route.continue()));
    await kiosk.open(page, { model: 'GEN2' });
    await waitForRecord('checkins');
    expect(fetches).toBe(2);
  });

  test('code that cannot be fetched at all: a first start still shows home, a typed code opens the gate, and the failure reaches the back-end log', async ({
    page,
    kiosk,
    sim,
    waitForRecord,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/workflows after the first screen could not be loaded|Failed to fetch dynamically imported module|ERR_CONNECTION_RESET/);
    await page.route(LATER_CODE, (route) => route.abort('connectionreset'));
    await recordSocketSends(page);
    await kiosk.open(page, { model: 'GEN2' });
    await waitForRecord('logs', (line) => line.message === 'The workflows after the first screen could not be loaded');
    await waitForHardwareSocket(sim);
    await typeCode(page, KNOWN.residentCode);
    await expect(page.getByRole('alertdialog').getByRole('heading')).toHaveText('Access Granted!');
    await expectGateOpened(page, sim, KNOWN.residentCode);
    expect(records(sim, 'checkins')).toEqual([]);
  });
});

test.describe("the stored property data's reader (src/app/persistence/readStoredProperty.ts)", () => {
  const READER = /\/assets\/readStoredProperty-[^/]*\.js$/;
  const firstResident = `${KNOWN.firstResident.lookup} ${KNOWN.firstResident.name}`;

  test('a reader that cannot be fetched: the gate opens from the property core, the failure reaches the back-end log, and the stored directory is kept for the next page', async ({
    page,
    kiosk,
    sim,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/stored property data could not be read|Failed to fetch dynamically imported module|ERR_CONNECTION_RESET|Property data could not be loaded/);
    await recordSocketSends(page);
    await kiosk.open(page, { model: 'GEN2' });
    await waitForHardwareSocket(sim);
    const unreadLogged = () => records(sim, 'logs').filter((line) => line.message === 'The stored property data could not be read; the next load brings it').length;
    await page.route(READER, (route) => route.abort('connectionreset'));
    await page.reload();
    await expect.poll(unreadLogged).toBe(1);
    await typeCode(page, KNOWN.residentCode);
    await expect(page.getByRole('alertdialog').getByRole('heading')).toHaveText('Access Granted!');
    await markPage(page);
    await expectGateOpened(page, sim, KNOWN.residentCode);
    // The kiosk reloads itself once the notification has gone: the test's own reload comes after that one.
    await expect.poll(() => page.evaluate(() => 'showedNotification' in window).catch(() => true), { timeout: 15_000 }).toBe(false);
    await expect(page.getByRole('heading', { name: 'Welcome to Maple Court Apartments!' })).toBeVisible();
    await expect.poll(unreadLogged).toBe(2);

    // No load brings the data again (the property's answer fails): a page that could not read it leaves it as stored.
    await page.route(PROPERTY_API, (route) => route.abort('connectionreset'));
    await page.reload();
    await expect.poll(unreadLogged).toBe(3);
    await page.unroute(READER);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Welcome to Maple Court Apartments!' })).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('button', { name: firstResident })).toBeVisible();
  });
});
