// Video calls answered by a person: the kiosk in one page, the simulator's
// console in another playing the resident's app (a real RTCPeerConnection
// with Chromium's fake camera, signalled over the simulator's channel), as
// someone trying `npm start` would do with two windows. docs/rules.md#r2-7
// (`/call`), #r4-9-4 and #r8-1; docs/protocol.md.
import type { Page } from '@playwright/test';
import { expect as baseExpect, KNOWN, records, test, type Simulator } from './fixtures';
import { docsScreenshot } from './support/docs-screenshots';

// Two pages encoding and decoding fake camera video over WebRTC: on two cores
// that are busy with other tests, each step can take several seconds.
test.describe.configure({ timeout: 90_000 });
test.use({ actionTimeout: 15_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

/** The console, ready to answer: subscribed to the property channel. */
async function openConsole(page: Page, sim: Simulator): Promise<Page> {
  const consolePage = await page.context().newPage();
  await consolePage.goto(`${sim.url}/console`);
  await expect(consolePage.getByRole('button', { name: 'Answer with video' })).toBeEnabled();
  return consolePage;
}

/** Whether a video element is showing live frames (a stream with a live video track, time moving). */
function isPlaying(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).evaluate(async (video: HTMLVideoElement) => {
    const stream = video.srcObject as MediaStream | null;
    const live = stream?.getVideoTracks().some((track) => track.readyState === 'live') ?? false;
    const start = video.currentTime;
    await new Promise((resolve) => setTimeout(resolve, 300));
    return live && !video.paused && video.readyState >= 2 && video.currentTime > start;
  });
}

test('a resident answers with live video both ways and opens the gate with their code', async ({ page, kiosk, sim, waitForRecord }) => {
  await kiosk.open(page, { model: 'GEN1' });
  await page.keyboard.press('ArrowUp');
  // The directory takes keys once it is on screen.
  await expect(page.getByRole('status', { name: 'Lookup code' })).toBeVisible();
  for (const digit of KNOWN.firstResident.lookup) await page.keyboard.press(digit);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Call ${KNOWN.firstResident.name}`);
  await expect(page.getByRole('status')).toHaveText(`Calling ${KNOWN.firstResident.name}...`);
  const call = await waitForRecord('calls', undefined, { timeout: 10_000 });
  expect(call).toMatchObject({ resident_id: KNOWN.videoResidentId, telnyx_enabled: false });

  const farEnd = await openConsole(page, sim);
  await expect(farEnd.locator('#call-info')).toContainText(`${call.id} to ${KNOWN.firstResident.name}`);
  await farEnd.getByRole('button', { name: 'Answer with video' }).click();

  await expect(page.getByRole('status')).toHaveText(`Connected to ${KNOWN.firstResident.name}`, { timeout: 10_000 });
  await expect(page.getByLabel(`Video of ${KNOWN.firstResident.name}`)).toBeVisible();
  await expect.poll(() => isPlaying(page, '.call-remote')).toBe(true);
  await expect(farEnd.locator('#far-end-status')).toHaveText(`Video connected with the kiosk (${call.id})`);
  await expect.poll(() => isPlaying(farEnd, '#far-end-video')).toBe(true);
  await docsScreenshot(page, 'call-connected.png');

  await farEnd.getByRole('button', { name: 'Open gate', exact: true }).click();
  const wiegand = await waitForRecord('hardware', (r) => r.method === 'wiegand');
  expect(wiegand.params).toEqual([0, KNOWN.residentCode]);
  await waitForRecord('hardware', (r) => r.gateOpening?.code === KNOWN.residentCode);
  await expect(page.getByText('Access Granted!')).toBeVisible();
  await waitForRecord('accessRequests', (r) => r.user_code === KNOWN.residentCode && r.access_granted === true);
  await waitForRecord('channelEvents', (r) => r.event === 'client-hangup' && r.data.call_id === call.id);
});

test('the manager answers a call with video and denies it: the visitor is told, the gate stays shut', async ({ page, kiosk, sim, waitForRecord }) => {
  await kiosk.open(page, { model: 'GEN2' });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Call a Manager');
  const call = await waitForRecord('calls', undefined, { timeout: 10_000 });
  expect(call).not.toHaveProperty('resident_id');

  const farEnd = await openConsole(page, sim);
  await expect(farEnd.locator('#call-info')).toContainText(`${call.id} to the manager`);
  await farEnd.getByRole('button', { name: 'Answer with video' }).click();
  await expect(page.getByRole('status')).toHaveText('Connected to a Manager', { timeout: 10_000 });

  await farEnd.getByRole('button', { name: 'Deny', exact: true }).click();
  await expect(page.getByText("Sorry, you weren't granted access")).toBeVisible();
  await expect(farEnd.locator('#far-end-status')).toHaveText('Sent deny');
  // The kiosk's camera and the console's went with the call.
  await expect(farEnd.locator('#far-end-video')).toBeHidden();
  expect(records(sim, 'hardware').filter((r) => r.method === 'wiegand')).toEqual([]);
  expect(records(sim, 'accessRequests')).toEqual([]);
});

test('the kiosk hanging up ends the console side of the video call', async ({ page, kiosk, sim, waitForRecord }) => {
  await kiosk.open(page, { model: 'GEN1' });
  await page.keyboard.press('ArrowUp');
  // The directory takes keys once it is on screen.
  await expect(page.getByRole('status', { name: 'Lookup code' })).toBeVisible();
  for (const digit of KNOWN.firstResident.lookup) await page.keyboard.press(digit);
  const call = await waitForRecord('calls', undefined, { timeout: 10_000 });
  const farEnd = await openConsole(page, sim);
  await farEnd.getByRole('button', { name: 'Answer with video' }).click();
  await expect(page.getByRole('status')).toHaveText(`Connected to ${KNOWN.firstResident.name}`, { timeout: 10_000 });

  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/$/);
  await expect(farEnd.locator('#far-end-status')).toHaveText(`The kiosk ended ${call.id}`);
  await expect(farEnd.getByRole('button', { name: 'Hang up', exact: true })).toBeDisabled();
});
