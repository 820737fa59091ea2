// The video room with the vendor's own client: the kiosk built with live call
// providers runs @telnyx/video against the simulator's Telnyx Video twin (the
// SDK's fixed wss://video.telnyx.com address is routed to it in this browser
// only), and a far-end page holds the room's real peer connections and data
// channel (docs/calls.md). SPEC: with telnyx_enabled, a video resident gets a
// room; 'answered', 'open_gate' and 'decline' from the other side.
import type { Page } from '@playwright/test';
import { expect, KNOWN, records, test, trackMedia, trackStates, type SimRecord, type Simulator } from './fixtures';
import { peerStates, routeRoomsToTwin, trackPeers } from './support/roomKiosk';
import { openRoomResident, type RoomResident } from './support/roomResident';
import { callFromDirectory, seedResident } from './support/directoryCall';
import { openPhone } from './support/phone';

test.use({ callProviders: 'live' });

const videoResident = (sim: Simulator) => seedResident(sim, KNOWN.videoResidentId);
const status = (page: Page) => page.locator('.call-status');
const notification = (page: Page) => page.getByRole('alertdialog');
const sent = (sim: Simulator, janus: string) => sim.telnyxVideo.received().filter((m: SimRecord) => m.janus === janus);

/** The kiosk's peer connections still open (trackPeers): none once a room call has ended. */
const openPeers = async (page: Page) => (await peerStates(page)).filter((state) => !state.startsWith('closed'));

/** The resident's video and audio play in the kiosk: time moves on, frames are decoded, the mixed audio is live. */
const remotePlaying = (page: Page) =>
  page.locator('.call-remote').evaluate(async (element: HTMLVideoElement) => {
    const stream = element.srcObject as MediaStream | null;
    const start = element.currentTime;
    const framesBefore = element.getVideoPlaybackQuality().totalVideoFrames;
    await new Promise((resolve) => setTimeout(resolve, 500));
    const live = (kind: 'audio' | 'video') => stream?.getTracks().some((track) => track.kind === kind && track.readyState === 'live') ?? false;
    return {
      audio: live('audio'),
      video: live('video'),
      playing: !element.paused && element.currentTime > start,
      frames: element.getVideoPlaybackQuality().totalVideoFrames > framesBefore,
      width: element.videoWidth,
    };
  });

test.beforeEach(async ({ page, sim }) => {
  sim.patchProperty({ featureFlags: { telnyx_enabled: true } });
  await routeRoomsToTwin(page, sim);
});

test("the resident answers in the room: connected with their video and audio playing, the kiosk's camera sent, open_gate opens the gate", async ({ page, context, kiosk, sim, waitForRecord }) => {
  await trackPeers(page);
  await kiosk.open(page, { model: 'GEN1' });
  const resident = await openRoomResident(context, sim);
  const who = videoResident(sim);

  const pressed = await callFromDirectory(page, who);
  await expect(status(page)).toHaveText(`Calling ${who.directory_display_name}...`);
  const calling = Date.now() - pressed;
  const call = await waitForRecord('calls');
  // The kiosk is in the room once it has the room's mix (the SDK passes on no message before).
  await expect.poll(() => resident.connected()).toEqual(['mixer', 'textroom']);
  expect(await resident.openChannels()).toBe(1);
  await resident.join(call.room_id);
  // The kiosk subscribes to the resident's camera.
  await expect.poll(() => resident.connected()).toEqual(['mixer', 'subscriber', 'textroom']);

  const answered = Date.now();
  await resident.say('answered');
  await expect(status(page)).toHaveText(`Connected to ${who.directory_display_name}`);
  const connected = Date.now() - answered;
  console.log(`[telnyx-room] call key -> 'Calling…' ${calling} ms; 'answered' -> 'Connected' ${connected} ms`);

  await expect.poll(() => remotePlaying(page), { timeout: 10_000 }).toMatchObject({ audio: true, video: true, playing: true, frames: true, width: 320 });
  await expect.poll(() => resident.connected()).toEqual(['mixer', 'publisher', 'subscriber', 'textroom']);
  await expect.poll(() => resident.seesKiosk()).toBe(true);

  await resident.say('open_gate');
  await expect(notification(page).getByRole('heading')).toHaveText('Access Granted!');
  const code = who.property_access_code!.code;
  const wiegand = await waitForRecord('hardware', (r) => r.direction === 'in' && r.method === 'wiegand');
  expect(wiegand.params).toEqual([0, code]);
  await expect.poll(() => sent(sim, 'destroy').length).toBe(1);
  await expect.poll(() => openPeers(page)).toEqual([]);
  expect(records(sim, 'sipCalls')).toEqual([]);
});

/** From dialling to the resident's 'answered': the kiosk in the room, the resident joined and subscribed to. */
async function answeredCall(page: Page, resident: RoomResident, sim: Simulator, waitForRecord: (list: 'calls') => Promise<SimRecord>) {
  const who = videoResident(sim);
  await callFromDirectory(page, who);
  const call = await waitForRecord('calls');
  await expect.poll(() => resident.connected()).toEqual(['mixer', 'textroom']);
  await resident.join(call.room_id);
  await expect.poll(() => resident.connected()).toEqual(['mixer', 'subscriber', 'textroom']);
  await resident.say('answered');
  await expect(status(page)).toHaveText(`Connected to ${who.directory_display_name}`);
  return { who, call };
}

test('a resident already in the room before the kiosk joins is subscribed to from the room state', async ({ page, context, kiosk, sim, waitForRecord }) => {
  await kiosk.open(page, { model: 'GEN1' });
  const resident = await openRoomResident(context, sim);
  const who = videoResident(sim);
  // The gateway holds the SDK's session until the resident is in the room.
  sim.telnyxVideo.answerCreate(false);
  await callFromDirectory(page, who);
  const call = await waitForRecord('calls');
  await expect.poll(() => sent(sim, 'create').length).toBe(1);
  await resident.join(call.room_id);
  sim.telnyxVideo.answerCreate(true);
  await expect.poll(() => sent(sim, 'attach').length).toBeGreaterThan(0);

  await expect.poll(() => resident.connected()).toEqual(['mixer', 'subscriber', 'textroom']);
  await resident.say('answered');
  await expect(status(page)).toHaveText(`Connected to ${who.directory_display_name}`);
  await expect.poll(() => remotePlaying(page), { timeout: 10_000 }).toMatchObject({ audio: true, video: true, playing: true, frames: true });
});

test("the manager's first message, open_gate, opens the gate with the first staff code", async ({ page, context, kiosk, sim, waitForRecord }) => {
  await kiosk.open(page, { model: 'GEN2' });
  const resident = await openRoomResident(context, sim);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Call a Manager');
  const call = await waitForRecord('calls');
  expect(call.resident_id).toBeUndefined();
  await expect.poll(() => resident.connected()).toEqual(['mixer', 'textroom']);
  await resident.join(call.room_id);
  await resident.say('open_gate');
  await expect(notification(page).getByRole('heading')).toHaveText('Access Granted!');
  const wiegand = await waitForRecord('hardware', (r) => r.direction === 'in' && r.method === 'wiegand');
  expect(wiegand.params).toEqual([0, KNOWN.staffCode]);
  await expect.poll(() => sent(sim, 'destroy').length).toBe(1);
});

test("'decline' ends the call refused, without opening the gate, and closes every peer connection", async ({ page, context, kiosk, sim, waitForRecord }) => {
  await trackPeers(page);
  await kiosk.open(page, { model: 'GEN1' });
  const resident = await openRoomResident(context, sim);
  await answeredCall(page, resident, sim, waitForRecord);
  await resident.say('decline');
  await expect(notification(page).getByRole('heading')).toHaveText("Sorry, you weren't granted access");
  await expect.poll(() => sent(sim, 'destroy').length).toBe(1);
  await expect.poll(() => openPeers(page)).toEqual([]);
  expect(await peerStates(page)).toHaveLength(4);
  expect(records(sim, 'hardware').filter((r) => r.method === 'wiegand')).toEqual([]);
});

test('the resident leaving the room ends the call as disconnected and closes every peer connection', async ({ page, context, kiosk, sim, waitForRecord, allowConsoleErrors }) => {
  allowConsoleErrors(/^Call failed \(peer-lost\) /);
  await trackPeers(page);
  await kiosk.open(page, { model: 'GEN1' });
  const resident = await openRoomResident(context, sim);
  const { call } = await answeredCall(page, resident, sim, waitForRecord);
  await resident.leave(call.room_id);
  await expect(notification(page).getByRole('heading')).toHaveText('Call disconnected');
  await expect(notification(page)).toContainText('Please try again later');
  await expect.poll(() => sent(sim, 'destroy').length).toBe(1);
  await expect.poll(() => openPeers(page)).toEqual([]);
  expect(records(sim, 'hardware').filter((r) => r.method === 'wiegand')).toEqual([]);
});

test('the visitor pressing BACK mid-call leaves the room on the wire, ends every track and closes every peer connection', async ({ page, context, kiosk, sim, waitForRecord }) => {
  await trackMedia(page);
  await trackPeers(page);
  await kiosk.open(page, { model: 'GEN1' });
  const resident = await openRoomResident(context, sim);
  await answeredCall(page, resident, sim, waitForRecord);
  await expect.poll(() => resident.connected()).toEqual(['mixer', 'publisher', 'subscriber', 'textroom']);
  expect(await trackStates(page)).toEqual(expect.arrayContaining(['audio:live', 'video:live']));

  await page.evaluate(() => {
    (window as unknown as { __remote: MediaStreamTrack[] }).__remote = (document.querySelector<HTMLVideoElement>('.call-remote')!.srcObject as MediaStream).getTracks();
  });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { name: /^Welcome to / })).toBeVisible();
  // The subscription and the published stream are detached before the session is destroyed.
  await expect.poll(() => sent(sim, 'destroy').length).toBe(1);
  const ending = sim.telnyxVideo.received().filter((m: SimRecord) => ['detach', 'destroy'].includes(m.janus));
  expect(ending.map((m: SimRecord) => `${m.janus}${m.role ? ` ${m.role}` : ''}`).sort()).toEqual(['destroy', 'detach publisher', 'detach subscriber']);
  expect(ending.at(-1).janus).toBe('destroy');
  await expect.poll(() => sim.telnyxVideo.clientCount()).toBe(0);
  await expect.poll(() => resident.closed()).toEqual(['mixer', 'publisher', 'subscriber', 'textroom']);
  // The camera and microphone, and the resident's video and the room's mix.
  await expect.poll(async () => (await trackStates(page)).filter((state) => !state.endsWith(':ended'))).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __remote: MediaStreamTrack[] }).__remote.map((t) => `${t.kind}:${t.readyState}`).sort())).toEqual([
    'audio:ended',
    'video:ended',
  ]);
  // The data channel's, the room's mix's, the subscription's and the publisher's.
  await expect.poll(() => openPeers(page)).toEqual([]);
  const peers = await peerStates(page);
  console.log(`[telnyx-room] peer connections after BACK: ${peers.join(', ')}`);
  expect(peers.sort()).toEqual(['closed', 'closed', 'closed:video', 'closed:video']);
  await expect(notification(page)).toHaveCount(0);
});

test("a gateway that never answers create: the room gives up at its join deadline, closing the SDK's socket, and the call goes to the phone", async ({ page, context, kiosk, sim, waitForRecord, allowConsoleErrors }) => {
  test.setTimeout(60_000);
  allowConsoleErrors(/^Video could not start: calling by phone /, /telnyx-video/);
  sim.telnyxVideo.answerCreate(false);
  // @telnyx/video polls for its `create` answer with 0 ms timers: count them.
  await page.addInitScript(() => {
    const counted = window as unknown as { zeroTimers: number };
    const original = window.setTimeout.bind(window);
    counted.zeroTimers = 0;
    window.setTimeout = ((handler: TimerHandler, ms?: number, ...rest: unknown[]) => {
      if (!ms) counted.zeroTimers += 1;
      return original(handler, ms, ...rest);
    }) as typeof window.setTimeout;
  });
  const zeroTimersInASecond = async () => {
    const read = () => page.evaluate(() => (window as unknown as { zeroTimers: number }).zeroTimers);
    const before = await read();
    await page.waitForTimeout(1_000);
    return (await read()) - before;
  };
  await kiosk.open(page, { model: 'GEN1' });
  const phone = await openPhone(context, sim, 'sip');
  const who = videoResident(sim);
  await callFromDirectory(page, who);
  await expect(status(page)).toHaveText(`Calling ${who.directory_display_name}...`);
  await expect.poll(() => sent(sim, 'create').length).toBe(1);
  const started = Date.now();
  console.log(`[telnyx-room] 0 ms timers in a second while create is unanswered: ${await zeroTimersInASecond()}`);

  // ROOM_JOIN_DEADLINE_MS (15 s): the phone is dialled.
  const call = await waitForRecord('calls');
  await waitForRecord('sipCalls', (r) => r.intercomCallId === call.id, { timeout: 20_000 });
  console.log(`[telnyx-room] unanswered create -> phone dialled ${Date.now() - started} ms`);
  // Closed by the kiosk as it gives up, not by the SDK's own timeout 30 s after create.
  await expect.poll(() => sim.telnyxVideo.clientCount()).toBe(0);
  await phone.ringing();
  await phone.answer();
  await expect(status(page)).toHaveText(`Connected to ${who.directory_display_name}`);
  expect(sent(sim, 'attach')).toEqual([]);
  // The SDK's poll for the answer ended with the room (about 190 a second while it runs).
  const after = await zeroTimersInASecond();
  console.log(`[telnyx-room] 0 ms timers in a second after the room was left: ${after}`);
  expect(after).toBeLessThan(20);
});

test('a room where nobody speaks for 30 s is left for the SIP leg, both with the real SDKs, its peer connections closed', async ({ page, context, kiosk, sim, waitForRecord }) => {
  test.setTimeout(90_000);
  await trackPeers(page);
  await kiosk.open(page, { model: 'GEN1' });
  const resident = await openRoomResident(context, sim);
  const phone = await openPhone(context, sim, 'sip');
  const who = videoResident(sim);
  await callFromDirectory(page, who);
  const call = await waitForRecord('calls');
  await expect.poll(() => resident.connected()).toEqual(['mixer', 'textroom']);
  const joined = Date.now();

  // SPEC: 30 s without a message from the other side; then the room is left and the phone dialled.
  await waitForRecord('sipCalls', (r) => r.intercomCallId === call.id, { timeout: 40_000 });
  console.log(`[telnyx-room] room joined -> phone dialled ${Date.now() - joined} ms`);
  await expect.poll(() => sent(sim, 'destroy').length).toBe(1);
  await expect.poll(() => sim.telnyxVideo.clientCount()).toBe(0);
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
