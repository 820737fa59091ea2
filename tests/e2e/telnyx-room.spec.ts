// The room leg's fault that Debian's Janus cannot play, against the simulator's
// Telnyx Video twin: a gateway that never answers `create` (docs/calls.md).
// The kiosk built with live call providers runs @telnyx/video, its fixed
// wss://video.telnyx.com address routed to the twin in this browser only. The
// room leg against Janus itself: janus-room.spec.ts.
import type { Page } from '@playwright/test';
import { expect, KNOWN, test, type SimRecord, type Simulator } from './fixtures';
import { callFromDirectory, seedResident } from './support/directoryCall';
import { openPhone } from './support/phone';
import { routeRoomsToTwin } from './support/roomKiosk';

test.use({ callProviders: 'live' });

const status = (page: Page) => page.locator('.call-status');
const sent = (sim: Simulator, janus: string) => sim.telnyxVideo.received().filter((m: SimRecord) => m.janus === janus);

test("a gateway that never answers create: the room gives up at its join deadline, closing the SDK's socket, and the call goes to the phone", async ({ page, context, kiosk, sim, waitForRecord, allowConsoleErrors }) => {
  test.setTimeout(60_000);
  allowConsoleErrors(/^Video could not start: calling by phone /, /telnyx-video/);
  sim.patchProperty({ featureFlags: { telnyx_enabled: true } });
  await routeRoomsToTwin(page, sim);
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
  const who = seedResident(sim, KNOWN.videoResidentId);
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
