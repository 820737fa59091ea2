// Members of the property's channel who are not the call's answerer: every
// resident's app and panel of the property may send client events on it. The
// kiosk answers only the first offer of a call, takes decisions only from its
// sender once it has offered, and only for the call in progress; with the
// back end's room_token it never asks the video provider. docs/security.md.
// A decision naming nobody counts (SPEC's client-deny has no `from`): that
// limit, and what the back end must add, are in docs/security.md.
import type { Page } from '@playwright/test';
import { expect, hardwareIn, joinChannel, KNOWN, records, test, type ChannelMember, type SimRecord, type Simulator } from './fixtures';

// Two pages with fake cameras over WebRTC on two busy cores.
test.describe.configure({ timeout: 90_000 });
const DEVICE_ID = 7;
const IGNORED = 'A channel event the call does not take was ignored';
const WHO = KNOWN.firstResident;

async function callFirstResident(page: Page): Promise<void> {
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('status', { name: 'Lookup code' })).toBeVisible();
  for (const digit of WHO.lookup) await page.keyboard.press(digit);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Call ${WHO.name}`);
}

async function placedCall(sim: Simulator, count: number): Promise<SimRecord> {
  await expect.poll(() => records(sim, 'calls').length, { timeout: 10_000, message: 'the kiosk created the call' }).toBe(count);
  return records(sim, 'calls').at(-1)!;
}

/** The video answers the kiosk sent (client-sdp with its own `from`). */
const kioskAnswers = (sim: Simulator) =>
  records(sim, 'channelEvents').filter((e) => e.source === 'client' && e.event === 'client-sdp' && e.data.from === DEVICE_ID);

/**
 * Sends client events as another member, waits until the channel has relayed
 * them, then until the kiosk has read past them: it reloads property data on
 * a property-updated sent after them, and reads its channel in order.
 */
async function sendAndWait(page: Page, sim: Simulator, member: ChannelMember, events: Array<[`client-${string}`, Record<string, unknown>]>) {
  const before = records(sim, 'channelEvents').length;
  const sent = events.map(([event, data]) => JSON.stringify([event, data]));
  for (const [event, data] of events) member.send(event, data);
  const relayed = () => records(sim, 'channelEvents').slice(before).filter((e) => sent.includes(JSON.stringify([e.event, e.data])));
  await expect.poll(() => relayed().length, { message: 'the channel relayed them' }).toBe(events.length);
  const reload = page.waitForRequest((request) => request.url().endsWith('/api/telephone-entry/property'));
  sim.propertyUpdated();
  await reload;
}

/** A real offer for audio and video, as any member could make, from a blank page of its own. */
async function offerFromElsewhere(page: Page): Promise<{ type: 'offer'; sdp: string }> {
  const other = await page.context().newPage();
  try {
    const sdp = await other.evaluate(async () => {
      const pc = new RTCPeerConnection();
      pc.addTransceiver('audio');
      pc.addTransceiver('video');
      const offer = await pc.createOffer();
      pc.close();
      return offer.sdp ?? '';
    });
    return { type: 'offer', sdp };
  } finally {
    await other.close();
  }
}

test('another member cannot take a video call the resident answered, nor open the gate with a client-deny naming itself; the resident still can', async ({
  page,
  kiosk,
  sim,
  waitForRecord,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(new RegExp(`^${IGNORED}`));
  const intruder = await joinChannel(sim);
  try {
    await kiosk.open(page, { model: 'GEN1' });
    await callFirstResident(page);
    const call = await placedCall(sim, 1);
    const farEnd = await page.context().newPage();
    await farEnd.goto(`${sim.url}/console`);
    await expect(farEnd.locator('#call-info')).toContainText(`${call.id} to ${WHO.name}`);
    await farEnd.getByRole('button', { name: 'Answer with video' }).click();
    await expect.poll(() => kioskAnswers(sim).length, { message: "the kiosk answered the resident's offer" }).toBe(1);

    const offer = await offerFromElsewhere(page);
    await sendAndWait(page, sim, intruder, [
      ['client-sdp', { call_id: call.id, sdp: offer, from: 'intruder' }],
      ['client-candidate', { call_id: call.id, candidate: { candidate: 'candidate:1 1 udp 1 192.0.2.1 9 typ host', sdpMid: '0' }, from: 'intruder' }],
    ]);
    await waitForRecord('logs', (line) => line.message === IGNORED && line.meta.detail.event === 'client-sdp');
    expect(kioskAnswers(sim)).toHaveLength(1);

    await sendAndWait(page, sim, intruder, [['client-deny', { call_id: call.id, open_gate: true, from: 'intruder' }]]);
    expect(hardwareIn(sim, 'wiegand')).toEqual([]);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Call ${WHO.name}`);
    await waitForRecord('logs', (line) => line.message === IGNORED && line.meta.detail.event === 'client-deny');
    const ignored = records(sim, 'logs').filter((line) => line.message === IGNORED).map((line) => line.meta.detail);
    expect(ignored).toEqual([
      { event: 'client-sdp', from: 'intruder' },
      { event: 'client-candidate', from: 'intruder' },
      { event: 'client-deny', from: 'intruder' },
    ]);

    await expect(page.locator('.call-status')).toHaveText(`Connected to ${WHO.name}`, { timeout: 15_000 });
    await farEnd.getByRole('button', { name: 'Open gate', exact: true }).click();
    const wiegand = await waitForRecord('hardware', (r) => r.direction === 'in' && r.method === 'wiegand');
    expect(wiegand.params).toEqual([0, KNOWN.residentCode]);
    await expect(page.getByText('Access Granted!')).toBeVisible();
  } finally {
    await intruder.close();
  }
});

test('a client-deny with open_gate for an old call, or for the current one after it ended, opens nothing', async ({ page, kiosk, sim }) => {
  const intruder = await joinChannel(sim);
  try {
    await kiosk.open(page, { model: 'GEN1' });
    await callFirstResident(page);
    const old = await placedCall(sim, 1);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('heading', { name: /^Welcome to / })).toBeVisible();
    await callFirstResident(page);
    const current = await placedCall(sim, 2);

    await sendAndWait(page, sim, intruder, [['client-deny', { call_id: old.id, open_gate: true }]]);
    expect(hardwareIn(sim, 'wiegand')).toEqual([]);
    await expect(page.locator('.call-status')).toHaveText(`Calling ${WHO.name}...`);

    await page.keyboard.press('Escape');
    await expect(page.getByRole('heading', { name: /^Welcome to / })).toBeVisible();
    await expect.poll(() => records(sim, 'channelEvents').some((e) => e.event === 'client-hangup' && e.data.call_id === current.id)).toBe(true);
    await sendAndWait(page, sim, intruder, [['client-deny', { call_id: current.id, open_gate: true }]]);
    expect(hardwareIn(sim, 'wiegand')).toEqual([]);
    expect(records(sim, 'accessRequests')).toEqual([]);
    await expect(page.getByRole('heading', { name: /^Welcome to / })).toBeVisible();
  } finally {
    await intruder.close();
  }
});

test("with the back end's room_token the kiosk joins the room without asking the video provider", async ({ page, kiosk, sim, waitForRecord }) => {
  sim.patchProperty({ featureFlags: { telnyx_enabled: true } });
  sim.setRoomTokens(true);
  const providerRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/video-provider/')) providerRequests.push(request.url());
  });
  await kiosk.open(page, { model: 'GEN1' });
  await callFirstResident(page);
  const call = await placedCall(sim, 1);
  expect(call.room_token).toEqual(expect.any(String));
  await expect
    .poll(() => records(sim, 'channelEvents').some((e) => e.event === 'client-sim-room' && e.data.room_id === call.room_id && e.data.action === 'join'))
    .toBe(true);
  sim.callAction('room-answered');
  await expect(page.locator('.call-status')).toHaveText(`Connected to ${WHO.name}`);
  sim.callAction('room-open-gate');
  await expect(page.getByText('Access Granted!')).toBeVisible();
  const wiegand = await waitForRecord('hardware', (r) => r.direction === 'in' && r.method === 'wiegand');
  expect(wiegand.params).toEqual([0, KNOWN.residentCode]);
  expect(providerRequests).toEqual([]);
});

// The shapes apps send their decision in (SPEC's client-deny is `call_id, open_gate`): each decides the call.
const DECISION_SHAPES = [
  { shape: 'no from on any message', offerFrom: undefined, denyFrom: undefined, openGate: true },
  { shape: 'from on every message', offerFrom: 'app-11', denyFrom: 'app-11', openGate: false },
  { shape: 'from on the offer and candidates, not on the decision', offerFrom: 'app-11', denyFrom: undefined, openGate: true },
  { shape: 'from on the offer and candidates, not on the decision', offerFrom: 'app-11', denyFrom: undefined, openGate: false },
];
for (const { shape, offerFrom, denyFrom, openGate } of DECISION_SHAPES) {
  test(`an app's decision with ${shape} ${openGate ? 'opens the gate' : "ends in 'not granted'"}`, async ({ page, kiosk, sim, waitForRecord }) => {
    const app = await joinChannel(sim);
    const from = (sender: string | undefined) => (sender === undefined ? {} : { from: sender });
    try {
      await kiosk.open(page, { model: 'GEN1' });
      await callFirstResident(page);
      const call = await placedCall(sim, 1);
      const offer = await offerFromElsewhere(page);
      await sendAndWait(page, sim, app, [
        ['client-sdp', { call_id: call.id, sdp: offer, ...from(offerFrom) }],
        ['client-candidate', { call_id: call.id, candidate: { candidate: 'candidate:1 1 udp 1 192.0.2.1 9 typ host', sdpMid: '0' }, ...from(offerFrom) }],
      ]);
      await expect.poll(() => kioskAnswers(sim).length, { message: "the kiosk answered the app's offer" }).toBe(1);
      app.send('client-deny', { call_id: call.id, open_gate: openGate, ...from(denyFrom) });
      if (openGate) {
        await expect(page.getByText('Access Granted!')).toBeVisible({ timeout: 10_000 });
        const wiegand = await waitForRecord('hardware', (r) => r.direction === 'in' && r.method === 'wiegand');
        expect(wiegand.params).toEqual([0, KNOWN.residentCode]);
      } else {
        await expect(page.getByText("Sorry, you weren't granted access")).toBeVisible({ timeout: 10_000 });
        expect(hardwareIn(sim, 'wiegand')).toEqual([]);
      }
      expect(records(sim, 'logs').filter((line) => line.message === IGNORED)).toEqual([]);
    } finally {
      await app.close();
    }
  });
}
