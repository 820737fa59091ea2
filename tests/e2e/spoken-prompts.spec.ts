// Spoken prompts (docs/rules.md#r2-9-2): off unless the device record (or the build)
// turns them on; then each screen says its title and what the buttons do,
// and the outcome is said, from clips the kiosk serves itself (no network
// voice). A browser that allows audio without a gesture plays them for real:
// each clip is only asked for once the one before has ended.
import type { Browser, Page } from '@playwright/test';
import { expect, KNOWN, test, typeCode, waitForHardwareSocket, type Kiosk, type Simulator } from './fixtures';

/** Records the source of every audio play, in order. */
async function recordPlays(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const played: string[] = [];
    Object.defineProperty(window, '__played', { value: played });
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      // src, not currentSrc: the latter still names the clip before until the new one loads.
      played.push(new URL(this.src, location.href).pathname);
      return play.call(this);
    };
  });
}

const played = (page: Page) => page.evaluate(() => (window as unknown as { __played: string[] }).__played.filter((src) => src.startsWith('/speech/')));

async function openPanel(browser: Browser, kiosk: Kiosk, sim: Simulator, device: Record<string, unknown>, model = 'GEN2') {
  Object.assign((sim.state.property as { device: Record<string, unknown> }).device, device);
  const page = await browser.newPage({ viewport: { width: 800, height: 480 } });
  await recordPlays(page);
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await kiosk.open(page, { model, waitForHome: false });
  await expect(page.getByRole('heading', { name: device.language === 'es' ? /^¡Bienvenido a / : /^Welcome to / })).toBeVisible();
  return { page, requested };
}

test('with spoken prompts on, home says what each button does, and each screen and outcome is said', async ({ kiosk, sim, launchBrowser }) => {
  test.setTimeout(90_000);
  const browser = await launchBrowser(['--autoplay-policy=no-user-gesture-required']);
  const { page, requested } = await openPanel(browser, kiosk, sim, { spoken_prompts: true });
  const home = ['welcome', 'homeCode', 'homeQr-GEN2', 'homeDirectory', 'homeManager-GEN2'].map((clip) => `/speech/en/${clip}.ogg`);
  await expect.poll(() => played(page), { timeout: 30_000 }).toEqual(home);

  await page.keyboard.press('1');
  await expect.poll(() => played(page), { timeout: 15_000 }).toEqual([...home, '/speech/en/enterCode.ogg', '/speech/en/cancel-GEN2.ogg']);
  await waitForHardwareSocket(sim);
  await typeCode(page, KNOWN.residentCode.slice(1));
  await expect(page.getByRole('alertdialog')).toContainText('Access Granted!');
  await expect.poll(async () => (await played(page)).at(-1), { timeout: 10_000 }).toBe('/speech/en/granted.ogg');

  // Every clip came from the kiosk itself: no voice service on the network.
  const hosts = new Set(requested.map((url) => new URL(url).host));
  expect([...hosts].sort()).toEqual([new URL(kiosk.origin).host, new URL(sim.url).host].sort());
});

test('a call says it is calling, then that it rings their app, and how to hang up, in the panel language', async ({ kiosk, sim, launchBrowser }) => {
  test.setTimeout(60_000);
  const browser = await launchBrowser(['--autoplay-policy=no-user-gesture-required']);
  const { page } = await openPanel(browser, kiosk, sim, { spoken_prompts: true, language: 'es' }, 'GEN3');
  await expect.poll(() => played(page), { timeout: 30_000 }).toContain('/speech/es/homeManager-GEN3.ogg');
  const before = (await played(page)).length;
  await page.keyboard.press('*');
  await expect(page.getByRole('status')).toHaveText('Llamando a un administrador...');
  // The stage comes about 2 s in (docs/rules.md#r2-7-7): it may cut 'calling' short, and says the way out again.
  await expect.poll(async () => (await played(page)).slice(-2), { timeout: 15_000 }).toEqual(['/speech/es/ringingApp.ogg', '/speech/es/hangUp-GEN3.ogg']);
  expect((await played(page))[before]).toBe('/speech/es/calling.ogg');
});

test('spoken prompts are off by default: nothing is said or fetched', async ({ kiosk, sim, launchBrowser }) => {
  const browser = await launchBrowser(['--autoplay-policy=no-user-gesture-required']);
  const { page, requested } = await openPanel(browser, kiosk, sim, {});
  await page.keyboard.press('1');
  await expect(page.getByRole('heading', { name: 'Enter a numeric code' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { name: /^Welcome to / })).toBeVisible();
  expect(await played(page)).toEqual([]);
  expect(requested.filter((url) => url.includes('/speech/'))).toEqual([]);
});
