// The voice leg with the vendor's own client: the kiosk built with live call
// providers runs @twilio/voice-sdk, its production signalling URL routed to
// the simulator's Twilio Voice twin, and a phone page at the far end answers
// the kiosk's invite with a real RTCPeerConnection (docs/calls.md).
// docs/rules.md#r4-9-5; SPEC's 30 s fallback and error path.
import type { BrowserContext, Page } from '@playwright/test';
import { expect, fastForwardUntil, fetchTimes, hardwareIn, KNOWN, recordFetches, records, test, trackMedia, trackStates, type SimRecord, type Simulator } from './fixtures';
import { callFromDirectory, seedResident, type SeedResident } from './support/directoryCall';
import { openPhone, phoneOpensGate } from './support/phone';
import { connectSrcAllows, recordPlayedMedia, routeTwilioVoice, streamAudioPlaying, type TwilioTraffic } from './support/twilioVoice';

test.use({ callProviders: 'live' });

// The SDK's own line when the remote audio element's play() is refused as its track arrives (a call ended at once, a
// loaded machine): docs/calls.md, allowed in the engines tier too. Audio that does not play still fails the test that
// asserts it ('connected with its audio playing').
test.beforeEach(({ allowConsoleErrors }) => allowConsoleErrors(/^\[TwilioVoice\]\[PeerConnection\] Error attaching stream to element \(_onAddTrack\)\. /));

const NOT_GRANTED = "Sorry, you weren't granted access";

const status = (page: Page) => page.locator('.call-status');
const notification = (page: Page) => page.getByRole('alertdialog');
const sent = (sim: Simulator, type: string) => sim.twilioVoice.received().filter((m: SimRecord) => m.type === type);

/** The routes, the played-media record and the kiosk on GEN1; the SDK may be loaded from here on. */
async function openKiosk(page: Page, kiosk: { open: (page: Page, options: { model: string }) => Promise<void> }, sim: Simulator, model = 'GEN1') {
  const traffic = await routeTwilioVoice(page, sim);
  await recordPlayedMedia(page);
  await kiosk.open(page, { model });
  return traffic;
}

/** Calls the seeded resident without video from the directory; the phone picks up: 'Connected to {name}'. */
async function connectedCall(page: Page, context: BrowserContext, sim: Simulator) {
  const phone = await openPhone(context, sim, 'voice');
  const who = seedResident(sim, KNOWN.noVideoResidentId);
  await callFromDirectory(page, who);
  await phone.ringing();
  await phone.answer();
  await expect(status(page)).toHaveText(`Connected to ${who.directory_display_name}`);
  return phone;
}

/** What the back end's TwiML app receives: the four parameters of docs/rules.md#r4-9-5. */
async function expectInvite(sim: Simulator, call: SimRecord, to: string): Promise<void> {
  await expect.poll(() => records(sim, 'voiceCalls').length).toBe(1);
  expect(records(sim, 'voiceCalls')[0]!.params).toEqual({ room: call.id, apiUrl: sim.url, lbtoken: 'demo-token', To: to });
}

const phoneNumber = (who: SeedResident) => `+${who.directory_phone_country_code}${who.directory_phone}`;

/** Nothing left the machine, and the SDK told Insights about the call it made. */
function expectStayedLocal(traffic: TwilioTraffic): void {
  expect(traffic.elsewhere).toEqual([]);
  expect(traffic.signalling[0]).toBe('wss://voice-js.roaming.twilio.com/signal');
}

test.beforeEach(({ sim }) => {
  sim.patchProperty({ featureFlags: { telnyx_enabled: false } });
});

test('the phone answers the voice leg: connected with its audio playing, its approval opens the gate', async ({ page, context, kiosk, sim, waitForRecord }) => {
  const traffic = await openKiosk(page, kiosk, sim);
  const phone = await openPhone(context, sim, 'voice');
  const who = seedResident(sim, KNOWN.noVideoResidentId);

  const pressed = await callFromDirectory(page, who);
  await expect(status(page)).toHaveText(`Calling ${who.directory_display_name}...`);
  const calling = Date.now() - pressed;
  const call = await waitForRecord('calls');
  await expectInvite(sim, call, phoneNumber(who));
  // Camera warm-up and snapshot, POST calls, the SDK's chunk, its socket, the microphone and the invite.
  const invited = Date.parse(records(sim, 'voiceCalls')[0]!.at) - pressed;
  expect(sent(sim, 'listen')[0].payload.token).toBe('sim-twiml-token');
  await phone.ringing();

  // From the phone picking up (its microphone, its answer) to the kiosk showing the call connected.
  const answered = Date.now();
  await phone.answer();
  await expect(status(page)).toHaveText(`Connected to ${who.directory_display_name}`);
  const connected = Date.now() - answered;
  console.log(`[twilio-voice] call key -> 'Calling…' ${calling} ms; call key -> invite at the twin ${invited} ms; phone picks up -> 'Connected' ${connected} ms`);

  await expect.poll(() => phone.state()).toBe('connected');
  await expect.poll(() => streamAudioPlaying(page)).toBe(true);
  await expect.poll(() => phone.hearsKiosk()).toBe(true);

  // The resident approves: the back end's sip-message open.
  await phoneOpensGate(page, sim, waitForRecord, who.property_access_code!.code);
  // The kiosk hangs up its leg on the way out.
  await expect.poll(() => sent(sim, 'hangup').map((m: SimRecord) => m.payload.callsid)).toEqual([await phone.callId()]);
  await expect.poll(() => phone.state()).toBe('ended by the kiosk');
  expectStayedLocal(traffic);
  // The served Content-Security-Policy lets the kiosk reach every host the SDK contacted.
  expect(traffic.insights.length).toBeGreaterThan(0);
  const policy = (await page.request.get(kiosk.origin)).headers()['content-security-policy'] ?? '';
  const connectSrc = (/connect-src ([^;]+)/.exec(policy)?.[1] ?? '').split(' ');
  for (const url of [...traffic.signalling, ...traffic.insights]) expect(connectSrcAllows(connectSrc, url), url).toBe(true);
});

test('the manager, dialled at once on a device without video, approves with the first staff code', async ({ page, context, kiosk, sim, waitForRecord }) => {
  sim.patchProperty({ device: { enable_video_calls: false } });
  const traffic = await openKiosk(page, kiosk, sim, 'GEN2');
  const phone = await openPhone(context, sim, 'voice');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Call a Manager');
  await phone.ringing();
  await phone.answer();
  await expect(status(page)).toHaveText('Connected to a Manager');
  sim.callAction('phone-open');
  await expect(notification(page).getByRole('heading')).toHaveText('Access Granted!');
  const wiegand = await waitForRecord('hardware', (r) => r.direction === 'in' && r.method === 'wiegand');
  expect(wiegand.params).toEqual([0, KNOWN.staffCode]);
  await expect.poll(() => sent(sim, 'hangup')).toHaveLength(1);
  expectStayedLocal(traffic);
});

test('a denial tells the visitor, hangs up the leg and signals nothing to the gate', async ({ page, context, kiosk, sim }) => {
  const traffic = await openKiosk(page, kiosk, sim);
  const phone = await connectedCall(page, context, sim);

  sim.callAction('deny');
  await expect(notification(page).getByRole('heading')).toHaveText(NOT_GRANTED);
  await expect.poll(() => phone.state()).toBe('ended by the kiosk');
  expect(sent(sim, 'hangup')).toHaveLength(1);
  expect(hardwareIn(sim, 'wiegand')).toEqual([]);
  expectStayedLocal(traffic);
});

test('the phone hanging up ends the call without access', async ({ page, context, kiosk, sim }) => {
  const traffic = await openKiosk(page, kiosk, sim);
  const phone = await connectedCall(page, context, sim);

  await phone.hangUp();
  await expect(notification(page).getByRole('heading')).toHaveText(NOT_GRANTED);
  expect(hardwareIn(sim, 'wiegand')).toEqual([]);
  // The leg was ended by the far end: the kiosk has nothing to hang up.
  expect(sent(sim, 'hangup')).toEqual([]);
  expectStayedLocal(traffic);
});

test('the visitor pressing BACK mid-call sends one hangup and releases every track', async ({ page, context, kiosk, sim }) => {
  await trackMedia(page);
  const traffic = await openKiosk(page, kiosk, sim);
  const phone = await connectedCall(page, context, sim);
  // The kiosk's camera and microphone, and the voice client's own microphone.
  const live = await trackStates(page);
  expect(live.filter((state) => state === 'audio:live').length).toBeGreaterThanOrEqual(2);
  expect(live).toContain('video:live');

  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { name: /^Welcome to / })).toBeVisible();
  await expect.poll(() => phone.state()).toBe('ended by the kiosk');
  await expect.poll(async () => (await trackStates(page)).filter((state) => !state.endsWith(':ended'))).toEqual([]);
  // The signalling socket is closed and stays closed (no reconnection), with one hangup on the wire.
  await expect.poll(() => sim.twilioVoice.clientCount()).toBe(0);
  await page.waitForTimeout(1_000);
  expect(sim.twilioVoice.clientCount()).toBe(0);
  expect(sent(sim, 'hangup').map((m: SimRecord) => m.payload.callsid)).toEqual([await phone.callId()]);
  expect(sent(sim, 'listen')).toHaveLength(1);
  await expect(notification(page)).toHaveCount(0);
  expectStayedLocal(traffic);
});

for (const unanswered of ['listen', 'invite'] as const) {
  test(`a twin that never answers the ${unanswered} ends in the error path within the connect deadline`, async ({ page, kiosk, sim, allowConsoleErrors }) => {
    test.setTimeout(45_000);
    allowConsoleErrors(/^Call failed \(error\) /);
    if (unanswered === 'listen') sim.twilioVoice.answerListen(false);
    else sim.twilioVoice.answerInvite(false);
    const traffic = await openKiosk(page, kiosk, sim);
    const who = seedResident(sim, KNOWN.noVideoResidentId);
    await callFromDirectory(page, who);
    await expect(status(page)).toHaveText(`Calling ${who.directory_display_name}...`);
    await expect.poll(() => sent(sim, unanswered).length).toBe(1);
    const started = Date.now();

    // VOICE_CONNECT_DEADLINE_MS (15 s), and a little for the screen.
    await expect(notification(page).getByRole('heading')).toHaveText('An Error Occurred', { timeout: 18_000 });
    await expect(notification(page)).toContainText('Please try again');
    console.log(`[twilio-voice] unanswered ${unanswered} -> 'An Error Occurred' ${Date.now() - started} ms`);
    await expect.poll(() => records(sim, 'logs').map((r) => r.message)).toContain('Call failed (error)');
    await expect.poll(() => sim.twilioVoice.clientCount()).toBe(0);
    expectStayedLocal(traffic);
  });
}

test('a signalling socket that drops fails the call once, and the SDK stops retrying it', async ({ page, kiosk, sim, allowConsoleErrors }) => {
  allowConsoleErrors(/^Call failed \(error\) /, /^\[TwilioVoice\]\[WSTransport\] Received websocket close event code: 1006/, /^\[TwilioVoice\]\[Device\] Received error: /);
  const traffic = await openKiosk(page, kiosk, sim);
  // Registered last, so it takes the SDK's sockets: each drops as an unreachable server's does.
  await page.routeWebSocket(/^wss:\/\/voice-js\./, (route) => {
    traffic.signalling.push(route.url());
    void route.close({ code: 1006 });
  });
  const who = seedResident(sim, KNOWN.noVideoResidentId);
  await callFromDirectory(page, who);
  await expect(notification(page).getByRole('heading')).toHaveText('An Error Occurred');
  // The notification goes after 5 s and the page reloads: time the SDK would have spent retrying.
  await expect(page.getByRole('heading', { name: /^Welcome to / })).toBeVisible({ timeout: 10_000 });
  expect(records(sim, 'logs').filter((r) => r.message === 'Call failed (error)')).toHaveLength(1);
  expect(traffic.signalling).toHaveLength(1);
  expect(traffic.elsewhere).toEqual([]);
});

test('video not answered in 30 s falls back to the voice client, whose phone opens the gate', async ({ page, context, kiosk, sim, waitForRecord }) => {
  await page.clock.install();
  await recordFetches(page);
  const traffic = await openKiosk(page, kiosk, sim);
  const phone = await openPhone(context, sim, 'voice');
  const who = seedResident(sim, KNOWN.videoResidentId);
  await callFromDirectory(page, who);
  // The snapshot is taken after the camera's 2 s warm-up; then the video call waits on the channel.
  await fastForwardUntil(page, 1_000, () => expect.poll(() => records(sim, 'calls').length, { timeout: 500 }).toBe(1));
  const call = records(sim, 'calls')[0]!;
  // 29 s after the call was posted, on the page's clock: the 30 s start after the post.
  const [posted] = await fetchTimes(page, '/api/telephone-entry/calls');
  await page.clock.pauseAt(posted! + 29_000);
  expect(sim.twilioVoice.received()).toEqual([]);
  await page.clock.resume();
  await page.clock.fastForward(1_500);

  await expectInvite(sim, call, phoneNumber(who));
  await phone.ringing();
  await expect(status(page)).toHaveText(`Calling ${who.directory_display_name}...`);
  await phone.answer();
  await expect(status(page)).toHaveText(`Connected to ${who.directory_display_name}`);
  await expect.poll(() => streamAudioPlaying(page)).toBe(true);
  sim.callAction('phone-open');
  const wiegand = await waitForRecord('hardware', (r) => r.direction === 'in' && r.method === 'wiegand');
  expect(wiegand.params).toEqual([0, KNOWN.residentCode]);
  await fastForwardUntil(page, 700, () => expect.poll(() => hardwareIn(sim, 'enable_relay1').length, { timeout: 500 }).toBe(1));
  await expect(notification(page).getByRole('heading')).toHaveText('Access Granted!');
  await expect.poll(() => sent(sim, 'hangup')).toHaveLength(1);
  expectStayedLocal(traffic);
});
