// Deliveries against the simulator (docs/rules.md#r2-3-9, #r2-7-8, #r4-9-12,
// #r4-9-13): the device record's `enable_deliveries` absent (nothing new
// shown, SPEC's keys) and present; a courier's delivery answered (approval
// opens the gate as for any call) and not answered (the offer, the message
// queued, the picture alone or with the courier's clip, reaching the
// simulator once; '{name} has been told').
import type { Page } from '@playwright/test';
import { API_OVERTAKEN_ERRORS, expect, fastForwardUntil, KNOWN, records, test, waitForHardwareSocket, type Kiosk, type Simulator } from './fixtures';
import { openDelivery, pickForDelivery, takePicture } from './support/delivery';
import { seedResident, type SeedResident } from './support/directoryCall';

const welcome = (page: Page) => page.getByRole('heading', { name: /^Welcome to / });
const notification = (page: Page) => page.getByRole('alertdialog').getByRole('heading');
const linkTexts = (page: Page) => page.getByRole('navigation').getByRole('link').locator('span');
const hint = (page: Page, link: string) => page.getByRole('link', { name: link }).locator('kbd');

/** The resident's side: the simulator's console names the call a delivery. */
async function consoleSays(page: Page, sim: Simulator, text: RegExp): Promise<void> {
  const consolePage = await page.context().newPage();
  await consolePage.goto(`${sim.url}/console`);
  await expect(consolePage.locator('#call-info')).toHaveText(text);
  await consolePage.close();
}

/** On a GEN2 kiosk's home with deliveries on: DOWN opens the delivery directory, the lookup code places the delivery call. */
async function deliverTo(page: Page, who: SeedResident): Promise<void> {
  await openDelivery(page, false);
  await expect(page.getByText('Delivery: who is it for?')).toBeVisible();
  await pickForDelivery(page, false, who);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Call ${who.directory_display_name}`);
  await expect(page.locator('.call-reason')).toHaveText('Delivery');
}

/**
 * With deliveries on, a GEN2 courier's delivery to the no-video resident that
 * nobody answers: the call runs out at its 300 s limit on the page's clock,
 * the offer shows, the clock runs on in real time, and GO takes the picture.
 */
async function pictureTaken(page: Page, kiosk: Kiosk, sim: Simulator, allowConsoleErrors: (...patterns: RegExp[]) => void): Promise<{ call: Record<string, unknown>; name: string }> {
  // The jumps below overtake an API call still on its way (as in calls.spec's hard timeout).
  allowConsoleErrors(...API_OVERTAKEN_ERRORS);
  sim.patchProperty({ device: { enable_deliveries: true } });
  await page.clock.install();
  await kiosk.open(page, { model: 'GEN2' });
  const who = seedResident(sim, KNOWN.noVideoResidentId);
  const name = who.directory_display_name;
  await deliverTo(page, who);
  await fastForwardUntil(page, 1_000, () => expect.poll(() => records(sim, 'calls').length, { timeout: 500 }).toBe(1));
  const call = records(sim, 'calls')[0]!;
  expect(call).toMatchObject({ reason: 'delivery' });
  // Nobody answers the phone: the call ends at its limit, and the courier gets the offer, not 'did not answer' alone.
  await page.clock.fastForward(301_000);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${name} did not answer`);
  await expect(page.getByText('Leave a delivery message: hold the parcel up to the camera.')).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await page.clock.resume();
  await takePicture(page, false);
  return { call, name };
}

/** A kept message as the simulator lists it. */
type SimMessage = { call_id: string; kind: string; parts: Array<{ name: string; type: string; bytes: number }> };

/**
 * Once the courier chose: '{name} has been told', one message at the
 * simulator, and still one after the notification's reload and a minute more.
 */
async function toldOnce(page: Page, sim: Simulator, name: string): Promise<SimMessage> {
  await expect(notification(page)).toHaveText(`${name} has been told`);
  await expect.poll(() => records(sim, 'messages').length).toBe(1);
  await expect(welcome(page)).toBeVisible({ timeout: 15_000 });
  await page.clock.fastForward(60_000);
  expect(records(sim, 'messages')).toHaveLength(1);
  return records(sim, 'messages')[0] as SimMessage;
}

test.describe('the device record without enable_deliveries', () => {
  test('shows no Delivery link on either model, and DOWN opens the directory as SPEC says', async ({ page, kiosk }) => {
    await kiosk.open(page, { model: 'TOUCH' });
    await expect(linkTexts(page)).toHaveText(['Enter a numeric code', 'Scan a QR code', 'Call a resident', 'Call a manager']);
    await kiosk.open(page, { model: 'GEN2' });
    await expect(linkTexts(page)).toHaveText(['Enter a numeric code', 'Scan a QR code', 'Call a resident', 'Call a manager']);
    await expect(hint(page, 'Call a resident')).toHaveText('▲ ▼');
    await page.keyboard.press('ArrowDown');
    await expect(page).toHaveURL((url) => url.pathname === '/resident-directory' && url.search === '');
    await expect(page.getByText('Delivery: who is it for?')).toHaveCount(0);
  });

  test("a delivery address with the field off places a plain call, without reason", async ({ page, kiosk, sim }) => {
    await kiosk.open(page, { model: 'GEN2' });
    const who = seedResident(sim, KNOWN.noVideoResidentId);
    // The kiosk started (its hardware socket opens once the stored residents are read), the address is followed
    // in the page, as the delivery's directory goes there. A page loaded at that address may look the resident up
    // before its stored residents are read, and refuse the call as to an unknown resident.
    await waitForHardwareSocket(sim);
    const address = new URL(kiosk.url({ model: 'GEN2', resident: String(who.id), reason: 'delivery' }, '/call'));
    await page.evaluate((to) => {
      history.pushState(null, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }, `${address.pathname}${address.search}`);
    await expect.poll(() => records(sim, 'calls').length).toBe(1);
    expect(records(sim, 'calls')[0]).not.toHaveProperty('reason');
    await expect(page.locator('.call-reason')).toHaveCount(0);
  });
});

test.describe('the device record with enable_deliveries', () => {
  test('home shows the Delivery link on both models, with DOWN on button panels', async ({ page, kiosk, sim }) => {
    sim.patchProperty({ device: { enable_deliveries: true } });
    await kiosk.open(page, { model: 'TOUCH' });
    await expect(linkTexts(page)).toHaveText(['Enter a numeric code', 'Scan a QR code', 'Call a resident', 'Call a manager', 'Delivery']);
    await kiosk.open(page, { model: 'GEN2' });
    await expect(linkTexts(page)).toHaveText(['Enter a numeric code', 'Scan a QR code', 'Call a resident', 'Call a manager', 'Delivery']);
    await expect(hint(page, 'Call a resident')).toHaveText('▲');
    await expect(hint(page, 'Delivery')).toHaveText('▼');
    await page.keyboard.press('ArrowUp');
    await expect(page).toHaveURL((url) => url.pathname === '/resident-directory' && url.search === '');
  });

  test('a delivery answered: the call says delivery, the resident side shows it, approval opens the gate', async ({ page, kiosk, sim, waitForRecord }) => {
    sim.patchProperty({ device: { enable_deliveries: true } });
    await kiosk.open(page, { model: 'GEN2' });
    const who = seedResident(sim, KNOWN.noVideoResidentId);
    await deliverTo(page, who);
    await expect.poll(() => records(sim, 'calls').length).toBe(1);
    const call = records(sim, 'calls')[0]!;
    expect(call).toMatchObject({ resident_id: who.id, reason: 'delivery', telnyx_enabled: false });
    expect(call.image_data).toMatch(/^data:image\/jpeg;base64,./);
    await consoleSays(page, sim, new RegExp(`^A delivery: ${call.id} to ${who.directory_display_name} `));

    await waitForRecord('channelEvents', (e) => e.event === 'client-sim-voice' && (e.data as { action?: string }).action === 'connect');
    sim.callAction('phone-connected');
    await expect(page.locator('.call-status')).toHaveText(`Connected to ${who.directory_display_name}`);
    sim.callAction('phone-open');
    await expect(notification(page)).toHaveText('Access Granted!');
    const code = who.property_access_code!.code;
    await waitForRecord('hardware', (r) => r.gateOpening?.code === code);
    await waitForRecord('accessRequests', (r) => r.user_code === code && r.access_granted === true);
  });

  // '{name} has been told' in both, the message reaching the back end once.
  test('nobody answers, the clip skipped: the picture alone', async ({ page, kiosk, sim, allowConsoleErrors }) => {
    const { call, name } = await pictureTaken(page, kiosk, sim, allowConsoleErrors);
    // BACK: the picture alone.
    await page.keyboard.press('Escape');
    const message = await toldOnce(page, sim, name);
    // One part, the picture, goes as the body itself with its type (the simulator names it 'body').
    expect(message).toMatchObject({ call_id: call.id, kind: 'delivery', parts: [{ name: 'body', type: 'image/jpeg' }] });
    expect(message.parts[0]!.bytes).toBeGreaterThan(1000);
  });

  test('nobody answers, a clip recorded: picture and clip as one message, shown and played by the console', async ({ page, kiosk, sim, allowConsoleErrors }) => {
    const { call, name } = await pictureTaken(page, kiosk, sim, allowConsoleErrors);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('timer')).toHaveText(/^Recording: (10|9) s left$/);
    await expect(page.getByLabel('Your camera')).toHaveJSProperty('paused', false);
    // A second or two of the fake camera and microphone, then the stop key.
    await expect(page.getByRole('timer')).toHaveText(/^Recording: [1-8] s left$/, { timeout: 9_000 });
    await page.getByRole('button', { name: /Stop$/ }).click();
    const message = await toldOnce(page, sim, name);
    expect(message).toMatchObject({
      call_id: call.id,
      kind: 'delivery',
      parts: [
        { name: 'picture', type: 'image/jpeg' },
        { name: 'clip', type: expect.stringMatching(/^video\/webm/) },
      ],
    });
    expect(message.parts.map((part) => part.bytes > 1000)).toEqual([true, true]);

    // The resident's side: the simulator's console shows the picture and plays the clip.
    const consolePage = await page.context().newPage();
    await consolePage.goto(`${sim.url}/console`);
    const listed = consolePage.locator('#messages li').filter({ hasText: `for ${call.id}` });
    await expect(listed.getByRole('img', { name: /^picture: image\/jpeg/ })).toHaveJSProperty('complete', true);
    expect(await listed.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const clip = listed.locator('video');
    await expect(clip).toHaveAttribute('title', /^clip: video\/webm/);
    await expect.poll(() => clip.evaluate((video: HTMLVideoElement) => video.readyState)).toBeGreaterThanOrEqual(1);
    await consolePage.close();
  });
});
