// The video room with the vendor's own client: the kiosk built with live call
// providers runs @telnyx/video against the simulator's Telnyx Video twin (the
// SDK's fixed wss://video.telnyx.com address is routed to it in this browser
// only), and a far-end page holds the room's real peer connections and data
// channel (docs/calls.md). SPEC: with telnyx_enabled, a video resident gets a
// room; 'answered', 'open_gate' and 'decline' from the other side.
import type { Page } from '@playwright/test';
import WebSocket from 'ws';
import { expect, KNOWN, records, test, trackMedia, trackStates, type SimRecord, type Simulator } from './fixtures';
import { openRoomResident } from './support/roomResident';

test.use({ callProviders: 'live' });

interface SeedResident {
  id: number;
  directory_display_name: string;
  directory_lookup_code: string;
  property_access_code: { code: string } | null;
}

const videoResident = (sim: Simulator) =>
  (sim.state.property as { residents: SeedResident[] }).residents.find((r) => r.id === KNOWN.videoResidentId)!;
const status = (page: Page) => page.locator('.call-status');
const notification = (page: Page) => page.getByRole('alertdialog');
const sent = (sim: Simulator, janus: string) => sim.telnyxVideo.received().filter((m: SimRecord) => m.janus === janus);

/**
 * The SDK's socket goes to the twin (its address is fixed in the SDK): each
 * routed socket is relayed frame by frame to a socket of the twin's, both ways,
 * and either side closing closes the other.
 */
async function routeRoomsToTwin(page: Page, sim: Simulator): Promise<void> {
  await page.routeWebSocket(/^wss:\/\/video\.telnyx\.com\//, (route) => {
    const twin = new WebSocket(route.url().replace(/^wss:\/\/video\.telnyx\.com\//, `${sim.url.replace('http', 'ws')}/telnyx-video/`), 'janus-protocol');
    const early: string[] = [];
    route.onMessage((frame) => (twin.readyState === WebSocket.OPEN ? twin.send(frame) : early.push(String(frame))));
    twin.on('open', () => early.splice(0).forEach((frame) => twin.send(frame)));
    twin.on('message', (data) => route.send(String(data)));
    route.onClose((code) => twin.close(code === 1005 || code === undefined ? 1000 : code));
    twin.on('close', (code) => void route.close({ code: code === 1005 ? 1000 : code }));
    twin.on('error', () => void route.close({ code: 1006 }));
  });
}

/** On a GEN1 kiosk's home: UP opens the directory, the lookup code calls the resident. Resolves with when the last digit was pressed. */
async function callResident(page: Page, who: SeedResident): Promise<number> {
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('status', { name: 'Lookup code' })).toBeVisible();
  const code = who.directory_lookup_code;
  for (const digit of code.slice(0, -1)) await page.keyboard.press(digit);
  const pressed = Date.now();
  await page.keyboard.press(code.slice(-1));
  return pressed;
}

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
  await kiosk.open(page, { model: 'GEN1' });
  const resident = await openRoomResident(context, sim);
  const who = videoResident(sim);

  const pressed = await callResident(page, who);
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
  expect(records(sim, 'sipCalls')).toEqual([]);
});
