// The SIP leg with the vendor's own client: the kiosk built with live call
// providers runs @telnyx/webrtc against the simulator's Telnyx WebRTC twin,
// and a phone page at the far end answers with a real RTCPeerConnection
// (docs/calls.md). docs/rules.md#r4-9-7; SPEC's error path for a SIP error.
import type { Page } from '@playwright/test';
import { expect, KNOWN, records, test, trackMedia, trackStates, type SimRecord, type Simulator } from './fixtures';
import { callFromDirectory, seedResident } from './support/directoryCall';
import { openPhone, phoneOpensGate } from './support/phone';

test.use({ callProviders: 'live' });

const noVideoResident = (sim: Simulator) => seedResident(sim, KNOWN.noVideoResidentId);
const status = (page: Page) => page.locator('.call-status');
const notification = (page: Page) => page.getByRole('alertdialog');
const sent = (sim: Simulator, method: string) => sim.telnyxRtc.received().filter((m: SimRecord) => m.method === method);

/** The far end's audio plays in the kiosk: its media element has the phone's audio and its time moves on. */
const remoteAudioPlaying = (page: Page) =>
  page.locator('.call-remote').evaluate(async (element: HTMLMediaElement) => {
    const stream = element.srcObject as MediaStream | null;
    const start = element.currentTime;
    await new Promise((resolve) => setTimeout(resolve, 300));
    const live = stream?.getAudioTracks().some((track) => track.readyState === 'live') ?? false;
    return live && !element.paused && element.currentTime > 0 && element.currentTime > start;
  });

test.beforeEach(({ sim }) => {
  sim.patchProperty({ featureFlags: { telnyx_enabled: true } });
});

test('the phone answers the SIP leg: connected with its audio playing, its approval opens the gate', async ({ page, context, kiosk, sim, waitForRecord }) => {
  await kiosk.open(page, { model: 'GEN1' });
  const phone = await openPhone(context, sim, 'sip');
  const who = noVideoResident(sim);

  const pressed = await callFromDirectory(page, who);
  await expect(status(page)).toHaveText(`Calling ${who.directory_display_name}...`);
  const calling = Date.now() - pressed;

  const call = await waitForRecord('calls');
  await waitForRecord('sipCalls', (r) => r.username === `sip:${call.sip_username}@sip.telnyx.com`);
  // The back end is asked to dial only once the client is logged in with the call's SIP user.
  expect(sent(sim, 'login')[0].params).toMatchObject({ login: call.sip_username, passwd: call.sip_password });
  await phone.ringing();

  // From the phone picking up (its microphone, its offer) to the kiosk showing the call connected.
  const answered = Date.now();
  await phone.answer();
  await expect(status(page)).toHaveText(`Connected to ${who.directory_display_name}`);
  const connected = Date.now() - answered;
  console.log(`[telnyx-sip] call key -> 'Calling…' ${calling} ms; phone picks up -> 'Connected' ${connected} ms`);

  expect(sent(sim, 'telnyx_rtc.answer')).toHaveLength(1);
  await expect.poll(() => phone.state()).toBe('connected');
  await expect.poll(() => remoteAudioPlaying(page)).toBe(true);
  await expect.poll(() => phone.hearsKiosk()).toBe(true);

  // The resident approves: the back end's sip-message open.
  await phoneOpensGate(page, sim, waitForRecord, who.property_access_code!.code);
  // The kiosk hangs up its leg on the way out.
  await expect.poll(() => sent(sim, 'telnyx_rtc.bye').length).toBe(1);
  await expect.poll(() => phone.state()).toBe('ended by the kiosk');
});

test('the visitor pressing BACK mid-call sends the gateway a bye and releases every track', async ({ page, context, kiosk, sim }) => {
  await trackMedia(page);
  await kiosk.open(page, { model: 'GEN1' });
  const phone = await openPhone(context, sim, 'sip');
  const who = noVideoResident(sim);
  await callFromDirectory(page, who);
  await phone.ringing();
  await phone.answer();
  await expect(status(page)).toHaveText(`Connected to ${who.directory_display_name}`);
  const { callID } = sent(sim, 'telnyx_rtc.answer')[0].params.dialogParams;
  // The kiosk's camera and microphone, and the SIP client's own microphone.
  const live = await trackStates(page);
  expect(live.filter((state) => state === 'audio:live').length).toBeGreaterThanOrEqual(2);
  expect(live).toContain('video:live');

  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { name: /^Welcome to / })).toBeVisible();
  await expect.poll(() => sent(sim, 'telnyx_rtc.bye').map((m: SimRecord) => m.params.dialogParams?.callID)).toEqual([callID]);
  await expect.poll(() => phone.state()).toBe('ended by the kiosk');
  await expect.poll(async () => (await trackStates(page)).filter((state) => !state.endsWith(':ended'))).toEqual([]);
  // Logged out: the SIP client's socket is closed, and stays closed (no reconnection).
  await expect.poll(() => sim.telnyxRtc.clientCount()).toBe(0);
  await page.waitForTimeout(1_000);
  expect(sim.telnyxRtc.clientCount()).toBe(0);
  expect(sent(sim, 'login')).toHaveLength(1);
  await expect(notification(page)).toHaveCount(0);
});

test("the console's SIP phone: picked up, then hung up, ends the call without access", async ({ page, context, kiosk, sim }) => {
  await kiosk.open(page, { model: 'GEN1' });
  const consolePage = await context.newPage();
  await consolePage.goto(`${sim.url}/console`);
  const phone = consolePage.locator('#sip-phone-status');
  await expect(phone).toHaveText('idle');
  const who = noVideoResident(sim);
  await callFromDirectory(page, who);
  await expect(phone).toHaveText('ringing');
  await consolePage.getByRole('button', { name: 'Pick up' }).click();
  await expect(status(page)).toHaveText(`Connected to ${who.directory_display_name}`);
  // The kiosk's audio reaches the phone: the bytes it shows grow.
  await expect(phone).toHaveText(/^connected, kiosk audio received: [1-9]\d* bytes$/);

  await consolePage.getByRole('button', { name: 'Hang up the SIP phone' }).click();
  await expect(phone).toHaveText('hung up');
  await expect(notification(page).getByRole('heading')).toHaveText("Sorry, you weren't granted access");
  expect(records(sim, 'hardware').filter((r) => r.method === 'wiegand')).toEqual([]);
});

test('a gateway that never answers the login ends in the error path within the login deadline', async ({ page, kiosk, sim, allowConsoleErrors }) => {
  test.setTimeout(45_000);
  allowConsoleErrors(/^Call failed \(error\) /);
  sim.telnyxRtc.answerLogin(false);
  await kiosk.open(page, { model: 'GEN1' });
  const who = noVideoResident(sim);
  await callFromDirectory(page, who);
  await expect(status(page)).toHaveText(`Calling ${who.directory_display_name}...`);
  await expect.poll(() => sent(sim, 'login').length).toBe(1);
  const started = Date.now();

  // SIP_LOGIN_DEADLINE_MS (15 s), and a little for the screen.
  await expect(notification(page).getByRole('heading')).toHaveText('An Error Occurred', { timeout: 18_000 });
  await expect(notification(page)).toContainText('Please try again');
  console.log(`[telnyx-sip] unanswered login -> 'An Error Occurred' ${Date.now() - started} ms`);
  await expect.poll(() => records(sim, 'logs').map((r) => r.message)).toContain('Call failed (error)');
  // The back end was never asked to dial a client that never logged in.
  expect(records(sim, 'sipCalls')).toEqual([]);
});

test('an invite that never comes: the call ends 45 s after the SIP leg started, as not answered, and the client logs out', async ({ page, kiosk, sim }) => {
  // No phone at the far end: the twin is asked to dial, and nothing rings.
  await page.clock.install();
  await kiosk.open(page, { model: 'GEN1' });
  const who = noVideoResident(sim);
  await callFromDirectory(page, who);
  await expect(status(page)).toHaveText(`Calling ${who.directory_display_name}...`);
  // The SIP login and sip-call take seconds on a loaded machine.
  await expect.poll(() => records(sim, 'sipCalls').length, { timeout: 20_000 }).toBe(1);
  expect(sim.telnyxRtc.clientCount()).toBe(1);

  // The leg started before the login, and so less than the 20 s above before now.
  await page.clock.fastForward(20_000);
  await expect(status(page)).toHaveText(`Calling ${who.directory_display_name}...`);
  await page.clock.fastForward(25_100);
  // Nobody answered: not a refusal (docs/rules.md#r8-1-17).
  await expect(notification(page).getByRole('heading')).toHaveText(`${who.directory_display_name} did not answer`);
  await expect.poll(() => sim.telnyxRtc.clientCount()).toBe(0);
  expect(sent(sim, 'telnyx_rtc.answer')).toEqual([]);
  expect(records(sim, 'hardware').filter((r) => r.method === 'wiegand')).toEqual([]);
});
