// The message when nobody answers (docs/rules.md#r8-1-18), in Chromium with
// its fake camera and microphone against the simulator: offered only with the
// device record's `visitor_messages`; recorded with MediaRecorder, kept in the
// panel's database across a reload while the API is down, and delivered to
// the simulator once when it is back.
import type { Page } from '@playwright/test';
import { API_DOWN_ERRORS, API_OVERTAKEN_ERRORS, expect, fastForwardUntil, KNOWN, records, test, type Simulator } from './fixtures';
import { callFromDirectory, seedResident as resident } from './support/directoryCall';

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/** Calls the video resident and lets the call run out unanswered: 30 s of video, then the phone to the 300 s limit. */
async function callNobodyAnswers(page: Page, sim: Simulator): Promise<string> {
  const who = resident(sim, KNOWN.videoResidentId);
  await callFromDirectory(page, who);
  await fastForwardUntil(page, 1_000, () => expect.poll(() => records(sim, 'calls').length, { timeout: 500 }).toBe(1));
  await page.clock.fastForward(31_000);
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

test('a message is recorded with the fake camera, survives a reload with the API down, and reaches the simulator once', async ({ page, kiosk, sim, allowConsoleErrors }) => {
  allowConsoleErrors(...API_OVERTAKEN_ERRORS, ...API_DOWN_ERRORS, /^A message could not be sent: kept, and tried again/);
  sim.patchProperty({ device: { visitor_messages: true } });
  await page.clock.install();
  await kiosk.open(page, { model: 'GEN2' });
  const name = await callNobodyAnswers(page, sim);
  await expect(heading(page)).toHaveText(`${name} did not answer`);
  await expect(page.getByText(`Your video will be sent to ${name}`)).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);

  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Press Enter to stop' })).toBeVisible();
  await expect(page.getByRole('timer')).toHaveText('Recording: 20 s left');
  await expect(page.getByLabel('Your camera')).toHaveJSProperty('paused', false);
  // The API goes down before the take ends: the message cannot go out yet.
  sim.setOffline(true);
  await page.clock.fastForward(3_000);
  await expect(page.getByRole('timer')).toHaveText('Recording: 17 s left');
  await page.keyboard.press('Enter');
  await expect(heading(page)).toHaveText('Your message was sent');
  await expect(page.getByRole('button', { name: 'Press Enter to call the manager' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: /^Welcome to / })).toBeVisible();
  await page.clock.fastForward(31_000);
  expect(records(sim, 'messages')).toEqual([]);

  sim.setOffline(false);
  await fastForwardUntil(page, 10_000, () => expect.poll(() => records(sim, 'messages').length, { timeout: 1_000 }).toBe(1), { timeout: 20_000 });
  const [message] = records(sim, 'messages');
  expect(message).toMatchObject({ call_id: records(sim, 'calls')[0]!.id, kind: 'visitor', parts: [{ name: 'body', type: expect.stringMatching(/^video\/webm/) }] });
  expect(message!.parts[0].bytes).toBeGreaterThan(1000);
  // Delivered: nothing more goes out, whatever the time.
  await page.clock.fastForward(61_000);
  await page.reload();
  await expect(page.getByRole('heading', { name: /^Welcome to / })).toBeVisible();
  await page.clock.fastForward(31_000);
  expect(records(sim, 'messages')).toHaveLength(1);
});
