// The message when nobody answers (docs/rules.md#r8-1-18), in Chromium with
// its fake camera and microphone against the simulator: offered only with the
// device record's `visitor_messages`; recorded with MediaRecorder, kept in the
// panel's database across a reload while the API is down, and delivered to
// the simulator once when it is back.
import type { Page } from '@playwright/test';
import { API_DOWN_ERRORS, API_OVERTAKEN_ERRORS, expect, fastForwardUntil, KNOWN, records, test, type Simulator } from './fixtures';
import { expectAccessible, text, type Language } from './support/accessibility';
import { callFromDirectory, seedResident as resident } from './support/directoryCall';
import { hardwareIn } from './support/simulator';
import { expectFits, expectTargets, PANEL_SIZES, saveScreenshot } from './support/layout';

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/** Calls the video resident and lets the call run out unanswered: 30 s of video, then the phone to the 300 s limit. */
async function callNobodyAnswers(page: Page, sim: Simulator, model: 'GEN2' | 'TOUCH' = 'GEN2', language: Language = 'en'): Promise<string> {
  const who = resident(sim, KNOWN.videoResidentId);
  if (model === 'TOUCH') {
    // The first name of the directory, at the top of TOUCH's list.
    await page.getByRole('link', { name: text(language, 'home.callResident') }).click();
    await page.getByRole('button', { name: who.directory_display_name }).first().click();
  } else await callFromDirectory(page, who, language);
  await fastForwardUntil(page, 1_000, () => expect.poll(() => records(sim, 'calls').length, { timeout: 500 }).toBe(1));
  const callId = records(sim, 'calls')[0]!.id as string;
  // 30 s of video nobody answers, then the phone (its twin's connect): not overtaken by the long jump after it.
  await page.clock.fastForward(31_000);
  await expect
    .poll(() => records(sim, 'channelEvents').filter((e) => e.source === 'client' && e.event === 'client-sim-voice').map((e) => e.data))
    .toContainEqual(expect.objectContaining({ call_id: callId, action: 'connect' }));
  await page.clock.fastForward(270_000);
  return who.directory_display_name;
}

test('without visitor_messages in the device record nothing new is shown: the call ends as before', async ({ page, kiosk, sim, allowConsoleErrors }) => {
  allowConsoleErrors(...API_OVERTAKEN_ERRORS);
  await page.clock.install();
  await kiosk.open(page, { model: 'GEN2' });
  const name = await callNobodyAnswers(page, sim);
  await expect(page.getByRole('alertdialog', { name: `${name} did not answer` })).toBeVisible();
  await expect(page.getByText(/Your video will be sent/)).toHaveCount(0);
});

test('a panel without MediaRecorder offers no message: the call ends as before, with visitor_messages on', async ({ page, kiosk, sim, allowConsoleErrors }) => {
  allowConsoleErrors(...API_OVERTAKEN_ERRORS);
  sim.patchProperty({ device: { visitor_messages: true } });
  await page.addInitScript(() => {
    delete (window as { MediaRecorder?: unknown }).MediaRecorder;
  });
  await page.clock.install();
  await kiosk.open(page, { model: 'GEN2' });
  const name = await callNobodyAnswers(page, sim);
  await expect(page.getByRole('alertdialog', { name: `${name} did not answer` })).toBeVisible();
  await expect(page.getByText(/Your video will be sent/)).toHaveCount(0);
});

test('a message is recorded with the fake camera, survives a reload with the API down, and reaches the simulator once', async ({ page, kiosk, sim, allowConsoleErrors }) => {
  allowConsoleErrors(...API_OVERTAKEN_ERRORS, ...API_DOWN_ERRORS, /^A message could not be sent: kept, and tried again/);
  sim.patchProperty({ device: { visitor_messages: true } });
  await page.clock.install();
  await kiosk.open(page, { model: 'GEN2' });
  const name = await callNobodyAnswers(page, sim);
  await expect(heading(page)).toHaveText(`${name} did not answer`);
  await expect(page.getByText(`Your video will be sent to ${name}`)).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);

  // The countdown's first second is read on a paused clock: a loaded machine's slow frames cannot take it away.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Press Enter to stop' })).toBeVisible();
  await expect(page.getByRole('timer')).toHaveText('Recording: 20 s left');
  await expect(page.getByLabel('Your camera')).toHaveJSProperty('paused', false);
  await page.clock.resume();
  // A second and more of real recording (the paused clock stood still, the camera did not): a take stopped before the
  // recorder's first data is a failed recording.
  await expect.poll(() => page.getByLabel('Your camera').evaluate((video: HTMLVideoElement) => video.currentTime)).toBeGreaterThan(1.5);
  // The API goes down before the take ends: the message cannot go out yet.
  sim.setOffline(true);
  await page.clock.fastForward(3_000);
  // At least 3 s gone (the page's clock runs on in real time, more on a loaded machine).
  await expect(page.getByRole('timer')).toHaveText(/^Recording: (1[0-7]|[1-9]) s left$/);
  await page.keyboard.press('Enter');
  await expect(heading(page)).toHaveText('Your message was sent');
  await expect(page.getByRole('button', { name: 'Press Enter to call the manager' })).toBeVisible();

  // The visitor leaves; the page reloads (a notification's reload, a crash, a power cut) while the API is down.
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await reloadStarted(page, sim);
  await page.clock.fastForward(31_000);
  expect(records(sim, 'messages')).toEqual([]);

  sim.setOffline(false);
  await fastForwardUntil(page, 10_000, () => expect.poll(() => records(sim, 'messages').length, { timeout: 1_000 }).toBe(1), { timeout: 20_000 });
  const [message] = records(sim, 'messages');
  expect(message).toMatchObject({ call_id: records(sim, 'calls')[0]!.id, kind: 'visitor', parts: [{ name: 'body', type: expect.stringMatching(/^video\/webm/) }] });
  expect(message!.parts[0].bytes).toBeGreaterThan(1000);
  // Delivered: nothing more goes out, whatever the time.
  await page.clock.fastForward(61_000);
  await reloadStarted(page, sim);
  await page.clock.fastForward(31_000);
  expect(records(sim, 'messages')).toHaveLength(1);
});

/**
 * Reloads the page and waits for the new page's workflows to start: they start
 * once its stored state is read back, and the hardware socket connects then.
 * A jump of the page's clock before that would fire the read's own time limit
 * while the database still answers (on a loaded machine), not the workflows'
 * timers the test means.
 */
async function reloadStarted(page: Page, sim: Simulator): Promise<void> {
  const connected = hardwareIn(sim, 'detectUrl').length;
  await page.reload();
  await expect(page.getByRole('heading', { name: /^Welcome to / })).toBeVisible();
  await expect.poll(() => hardwareIn(sim, 'detectUrl').length, { message: "the new page's workflows started" }).toBeGreaterThan(connected);
}

/** The README's screenshots of the message screen. */
const FOR_DOCS: Record<string, string> = {
  'GEN2-1280x800-message-offer': 'message-gen2-1280x800.png',
  'TOUCH-480x800-message-recording': 'message-recording-touch-480x800.png',
};

for (const [model, language] of [
  ['GEN2', 'en'],
  ['TOUCH', 'en'],
  ['GEN2', 'es'],
  ['TOUCH', 'es'],
] as const satisfies ReadonlyArray<readonly ['GEN2' | 'TOUCH', Language]>) {
  test(`${model} in ${language === 'es' ? 'Spanish' : 'English'}: each step of the message fits every panel size and meets WCAG 2.2 AA`, async ({ page, kiosk, sim, allowConsoleErrors }) => {
    // Six sizes and axe at three steps: a minute on a loaded machine.
    test.setTimeout(120_000);
    allowConsoleErrors(...API_OVERTAKEN_ERRORS);
    // In the device record before the kiosk loads it: a patch after the first load could reach the kiosk after the call ends.
    sim.patchProperty({ device: { visitor_messages: true, language } });
    await page.clock.install();
    await kiosk.open(page, { model, waitForHome: false });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(language, 'home.title', { name: 'Maple Court Apartments' }));
    const name = await callNobodyAnswers(page, sim, model, language);
    const go = (key: 'message.offerButtons' | 'message.stopButtons', touchKey: 'message.offerTouch' | 'message.stopTouch') =>
      page.getByRole('button', { name: model === 'TOUCH' ? text(language, touchKey) : text(language, key, { go: 'Enter' }) });
    /** The step at every panel size, then axe at the first. */
    const checkStep = async (step: string) => {
      for (const size of PANEL_SIZES) {
        await page.setViewportSize(size);
        const shot = `${model}-${size.width}x${size.height}-message-${step}`;
        await expectFits(page, `${shot} (${language})`);
        await saveScreenshot(page, `layout/${shot}-${language}`, language === 'en' ? FOR_DOCS[shot] : undefined);
        if (model === 'TOUCH') await expectTargets(page, '.message-action, .cancel-touch', 44, shot);
      }
      await page.setViewportSize(PANEL_SIZES[0]);
      await expectAccessible(page, `the message, ${step} (${model}, ${language})`);
    };
    await expect(page.getByText(text(language, 'message.consent', { name }))).toBeVisible();
    await checkStep('offer');
    // The countdown stands still from its start while it is read and the sizes are checked: the page's clock is
    // paused (a tenth of a second on), so a loaded machine's slow frames cannot take its first second away.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
    await go('message.offerButtons', 'message.offerTouch').click();
    await expect(page.getByRole('timer')).toHaveText(text(language, 'message.recording', { seconds: '20' }));
    await expect.poll(() => page.locator('.call-preview').evaluate((video: HTMLVideoElement) => video.readyState)).toBeGreaterThanOrEqual(2);
    await checkStep('recording');
    await page.clock.resume();
    await go('message.stopButtons', 'message.stopTouch').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(language, 'message.sent'));
    await checkStep('sent');
  });
}
