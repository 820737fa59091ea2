// The resident in a room on Janus: a second page running the same
// `@telnyx/video` SDK as the kiosk, its socket routed to the proxy in front of
// Janus, with Chromium's fake camera and microphone. It joins with a join
// token from the simulator's video provider (as the resident's app gets one),
// publishes its camera, speaks on the textroom, subscribes to the kiosk's
// camera and leaves: every frame goes through Janus itself (docs/calls.md).
// What runs in its page is janusRoomPages.mjs, shared with the engines tier.
import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page } from '@playwright/test';
import { installResident, joinToken, RESIDENT_HTML, RESIDENT_SDK } from './janusRoomPages.mjs';
import { routeRoomsToJanus } from './roomKiosk';
import type { Simulator } from './simulator';

export interface JanusResident {
  page: Page;
  /** Joins room `room` and publishes the camera and microphone (resolves once published). */
  join(room: string): Promise<void>;
  /** Sends a room message (`answered`, `open_gate`, `decline`) to everyone in the room. */
  say(payload: string): Promise<void>;
  /** Leaves the room (the SDK's disconnect). */
  leave(): Promise<void>;
  /** How many other participants the resident's SDK sees in the room. */
  others(): Promise<number>;
  /** Whether the kiosk's camera arrives: subscribed to, its video frames keep coming. */
  seesKiosk(): Promise<boolean>;
}

interface ResidentWindow {
  resident: {
    join(roomId: string, clientToken: string): Promise<void>;
    say(payload: string): Promise<void>;
    leave(): Promise<void>;
    others(): number;
    kioskFrames(): number;
  };
}

export async function openJanusResident(context: BrowserContext, sim: Simulator): Promise<JanusResident> {
  const page = await context.newPage();
  await routeRoomsToJanus(page, sim);
  const sdk = await readFile(RESIDENT_SDK);
  // A page of the simulator's origin (a secure context), with the SDK as a module beside it.
  await page.route(`${sim.url}/resident/**`, (route) =>
    route.request().url().endsWith('.mjs')
      ? route.fulfill({ contentType: 'text/javascript', body: sdk })
      : route.fulfill({ contentType: 'text/html', body: RESIDENT_HTML }),
  );
  await page.goto(`${sim.url}/resident/`);
  await page.evaluate(installResident, `${sim.url}/resident/telnyx-video.mjs`);

  return {
    page,
    join: async (room) => page.evaluate(([roomId, token]) => (window as unknown as ResidentWindow).resident.join(roomId!, token!), [room, await joinToken(sim.url, room)]),
    say: (payload) => page.evaluate((p) => (window as unknown as ResidentWindow).resident.say(p), payload),
    leave: () => page.evaluate(() => (window as unknown as ResidentWindow).resident.leave()),
    others: () => page.evaluate(() => (window as unknown as ResidentWindow).resident.others()),
    seesKiosk: () =>
      page.evaluate(async () => {
        const before = (window as unknown as ResidentWindow).resident.kioskFrames();
        await new Promise((done) => setTimeout(done, 300));
        return (window as unknown as ResidentWindow).resident.kioskFrames() > before;
      }),
  };
}
