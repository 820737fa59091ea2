// The room leg against a real Janus (Debian's): the kiosk built with live call
// providers runs @telnyx/video, its fixed wss://video.telnyx.com address
// routed in this browser to the simulator's proxy standing in for Telnyx's
// (the join token, `janus_room_id`), and the resident is a second page running
// the same SDK through the same proxy: the room's media and messages are
// Janus's own audiobridge, videoroom and textroom (docs/calls.md). SPEC: with
// telnyx_enabled, a video resident gets a room; 'answered', 'open_gate' and
// 'decline' from the other side.
import type { Page } from '@playwright/test';
import { expect, KNOWN, records, test, trackMedia, trackStates, type SimRecord, type Simulator, type WaitForRecord } from './fixtures';
import { callFromDirectory, seedResident } from './support/directoryCall';
import { openJanusResident, type JanusResident } from './support/janusResident';
import { mediaPeers, remotePlaying } from './support/janusRoomPages.mjs';
import { openPhone } from './support/phone';
import { peerStates, routeRoomsToJanus, trackPeers } from './support/roomKiosk';

test.use({ callProviders: 'live', roomServer: 'janus' });

const status = (page: Page) => page.locator('.call-status');
const notification = (page: Page) => page.getByRole('alertdialog');
const sent = (sim: Simulator, janus: string, request?: string) =>
  sim.janusProxy.received().filter((m: SimRecord) => m.janus === janus && (request === undefined || m.request === request));
const openPeers = async (page: Page) => (await peerStates(page)).filter((state) => !state.startsWith('closed'));

test.beforeEach(async ({ page, sim }) => {
  sim.patchProperty({ featureFlags: { telnyx_enabled: true } });
  await routeRoomsToJanus(page, sim);
});

/**
 * The resident joins the call's room once the kiosk has dialled, and the kiosk
 * is in the room: it has subscribed to the resident's camera (it does so only
 * once its own connect() has finished, so its textroom is joined).
 */
async function residentInRoom(resident: JanusResident, sim: Simulator, call: SimRecord) {
  await resident.join(call.room_id);
  await expect.poll(() => sent(sim, 'message', 'start').length, { timeout: 10_000, message: "the kiosk subscribed to the resident's camera" }).toBe(1);
}

test("the resident answers: connected with their video and audio playing, the kiosk's camera reaching them, open_gate opens the gate", async ({ page, context, kiosk, sim, waitForRecord }) => {
  await trackPeers(page);
  await kiosk.open(page, { model: 'GEN1' });
  const resident = await openJanusResident(context, sim);
  const who = seedResident(sim, KNOWN.videoResidentId);

  await callFromDirectory(page, who);
  await expect(status(page)).toHaveText(`Calling ${who.directory_display_name}...`);
  const call = await waitForRecord('calls');
  await residentInRoom(resident, sim, call);
  expect(await resident.others()).toBe(1);

  const answered = Date.now();
  await resident.say('answered');
  await expect(status(page)).toHaveText(`Connected to ${who.directory_display_name}`);
  console.log(`[janus-room] 'answered' -> 'Connected' ${Date.now() - answered} ms`);
  await expect.poll(() => page.locator('.call-remote').evaluate(remotePlaying), { timeout: 10_000 }).toMatchObject({ audio: true, video: true, playing: true, frames: true, width: 320 });
  await expect.poll(() => resident.seesKiosk(), { timeout: 10_000 }).toBe(true);
  // The media goes through Janus, on its namespace's address: nothing peer to peer. A connection that has just
  // connected may not name its nominated pair in its stats yet ('none', once in a loaded CI run): read again.
  await expect.poll(() => page.evaluate(mediaPeers)).toEqual([expect.stringMatching(/^10\.200\.\d+\.2$/)]);

  await resident.say('open_gate');
  await expect(notification(page).getByRole('heading')).toHaveText('Access Granted!');
  const wiegand = await waitForRecord('hardware', (r) => r.direction === 'in' && r.method === 'wiegand');
  expect(wiegand.params).toEqual([0, who.property_access_code!.code]);
  await expect.poll(() => sent(sim, 'destroy').length).toBe(1);
  await expect.poll(() => openPeers(page)).toEqual([]);
  // The kiosk's socket is closed; the resident's stays.
  await expect.poll(() => sim.janusProxy.clientCount()).toBe(1);
  expect(records(sim, 'sipCalls')).toEqual([]);
});

test("the manager's first message, open_gate, opens the gate with the first staff code", async ({ page, context, kiosk, sim, waitForRecord }) => {
  await kiosk.open(page, { model: 'GEN2' });
  const resident = await openJanusResident(context, sim);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Call a Manager');
  const call = await waitForRecord('calls');
  expect(call.resident_id).toBeUndefined();
  await residentInRoom(resident, sim, call);
  await resident.say('open_gate');
  await expect(notification(page).getByRole('heading')).toHaveText('Access Granted!');
  const wiegand = await waitForRecord('hardware', (r) => r.direction === 'in' && r.method === 'wiegand');
  expect(wiegand.params).toEqual([0, KNOWN.staffCode]);
  await expect.poll(() => sent(sim, 'destroy').length).toBe(1);
});

/** From dialling to the resident's 'answered': the resident in the room and seeing the kiosk's camera. */
async function answeredCall(page: Page, resident: JanusResident, sim: Simulator, waitForRecord: WaitForRecord) {
  const who = seedResident(sim, KNOWN.videoResidentId);
  await callFromDirectory(page, who);
  const call = await waitForRecord('calls');
  await residentInRoom(resident, sim, call);
  await resident.say('answered');
  await expect(status(page)).toHaveText(`Connected to ${who.directory_display_name}`);
  await expect.poll(() => resident.seesKiosk(), { timeout: 10_000 }).toBe(true);
  return call;
}

test("'decline' ends the call refused, without opening the gate, and closes every peer connection", async ({ page, context, kiosk, sim, waitForRecord }) => {
  await trackPeers(page);
  await kiosk.open(page, { model: 'GEN1' });
  const resident = await openJanusResident(context, sim);
  await answeredCall(page, resident, sim, waitForRecord);

  await resident.say('decline');
  await expect(notification(page).getByRole('heading')).toHaveText("Sorry, you weren't granted access");
  await expect.poll(() => sent(sim, 'destroy').length).toBe(1);
  await expect.poll(() => openPeers(page)).toEqual([]);
  // The textroom's, the mix's, the subscription's and the publisher's.
  expect(await peerStates(page)).toHaveLength(4);
  expect(records(sim, 'hardware').filter((r) => r.method === 'wiegand')).toEqual([]);
});

test('a resident already in the room before the kiosk joins is subscribed to from the room state', async ({ page, context, kiosk, sim, waitForRecord }) => {
  await kiosk.open(page, { model: 'GEN1' });
  const resident = await openJanusResident(context, sim);
  const who = seedResident(sim, KNOWN.videoResidentId);
  // The kiosk's join token is held until the resident is in the room (and publishing).
  let release = () => {};
  const residentIn = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/video-provider/**', async (route) => {
    await residentIn;
    await route.continue();
  });
  await callFromDirectory(page, who);
  const call = await waitForRecord('calls');
  await resident.join(call.room_id);
  expect(sent(sim, 'create')).toHaveLength(1);
  release();

  await expect.poll(() => sent(sim, 'message', 'start').length, { timeout: 10_000 }).toBe(1);
  await resident.say('answered');
  await expect(status(page)).toHaveText(`Connected to ${who.directory_display_name}`);
  await expect.poll(() => page.locator('.call-remote').evaluate(remotePlaying), { timeout: 10_000 }).toMatchObject({ audio: true, video: true, playing: true, frames: true });
});

test('the resident leaving the room ends the call as disconnected and closes every peer connection', async ({ page, context, kiosk, sim, waitForRecord, allowConsoleErrors }) => {
  allowConsoleErrors(/^Call failed \(peer-lost\) /);
  await trackPeers(page);
  await kiosk.open(page, { model: 'GEN1' });
  const resident = await openJanusResident(context, sim);
  await answeredCall(page, resident, sim, waitForRecord);
  await resident.leave();
  await expect(notification(page).getByRole('heading')).toHaveText('Call disconnected');
  await expect(notification(page)).toContainText('Please try again later');
  // The resident's session and the kiosk's.
  await expect.poll(() => sent(sim, 'destroy').length).toBe(2);
  await expect.poll(() => openPeers(page)).toEqual([]);
  expect(records(sim, 'hardware').filter((r) => r.method === 'wiegand')).toEqual([]);
});

test('the visitor pressing BACK mid-call leaves the room on the wire, ends every track and closes every peer connection', async ({ page, context, kiosk, sim, waitForRecord }) => {
  await trackMedia(page);
  await trackPeers(page);
  await kiosk.open(page, { model: 'GEN1' });
  const resident = await openJanusResident(context, sim);
  await answeredCall(page, resident, sim, waitForRecord);
  expect(await trackStates(page)).toEqual(expect.arrayContaining(['audio:live', 'video:live']));

  await page.evaluate(() => {
    (window as unknown as { __remote: MediaStreamTrack[] }).__remote = (document.querySelector<HTMLVideoElement>('.call-remote')!.srcObject as MediaStream).getTracks();
  });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { name: /^Welcome to / })).toBeVisible();
  // The subscription and the published stream are detached before the session is destroyed.
  await expect.poll(() => sent(sim, 'destroy').length).toBe(1);
  const kiosks = sent(sim, 'destroy')[0]!.socket;
  const ending = sim.janusProxy.received().filter((m: SimRecord) => m.socket === kiosks && ['detach', 'destroy'].includes(m.janus));
  expect(ending.map((m: SimRecord) => m.janus)).toEqual(['detach', 'detach', 'destroy']);
  // The kiosk's socket is closed, and Janus tells the resident the kiosk left.
  await expect.poll(() => sim.janusProxy.clientCount()).toBe(1);
  await expect.poll(() => resident.others()).toBe(0);
  // The camera and microphone, and the resident's video and the room's mix.
  await expect.poll(async () => (await trackStates(page)).filter((state) => !state.endsWith(':ended'))).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __remote: MediaStreamTrack[] }).__remote.map((t) => `${t.kind}:${t.readyState}`).sort())).toEqual([
    'audio:ended',
    'video:ended',
  ]);
  // The data channel's, the room's mix's, the subscription's and the publisher's.
  await expect.poll(() => openPeers(page)).toEqual([]);
  expect((await peerStates(page)).sort()).toEqual(['closed', 'closed', 'closed:video', 'closed:video']);
  await expect(notification(page)).toHaveCount(0);
});

test('a room where nobody speaks for 30 s is left for the SIP leg, both with the real SDKs, its peer connections closed', async ({ page, context, kiosk, sim, waitForRecord }) => {
  test.setTimeout(90_000);
  await trackPeers(page);
  await kiosk.open(page, { model: 'GEN1' });
  const phone = await openPhone(context, sim, 'sip');
  const who = seedResident(sim, KNOWN.videoResidentId);
  await callFromDirectory(page, who);
  const call = await waitForRecord('calls');
  // In the room: the mix (connect() waits for it) and the textroom, nobody else there.
  await expect.poll(() => sent(sim, 'message', 'configure').length, { timeout: 10_000 }).toBeGreaterThan(0);
  const joined = Date.now();

  // SPEC: 30 s without a message from the other side; then the room is left and the phone dialled.
  await waitForRecord('sipCalls', (r) => r.intercomCallId === call.id, { timeout: 40_000 });
  console.log(`[janus-room] room joined -> phone dialled ${Date.now() - joined} ms`);
  await expect.poll(() => sent(sim, 'destroy').length).toBe(1);
  await expect.poll(() => sim.janusProxy.clientCount()).toBe(0);
  await phone.ringing();
  await phone.answer();
  await expect(status(page)).toHaveText(`Connected to ${who.directory_display_name}`);
  // The room's data channel and mix are closed; the phone leg's connection is the one open.
  expect(await peerStates(page)).toEqual(['closed', 'closed', 'open']);
  sim.callAction('phone-open');
  await expect(notification(page).getByRole('heading')).toHaveText('Access Granted!');
  const wiegand = await waitForRecord('hardware', (r) => r.direction === 'in' && r.method === 'wiegand');
  expect(wiegand.params).toEqual([0, who.property_access_code!.code]);
});
