// The resident in a room on Janus: a second page running the same
// `@telnyx/video` SDK as the kiosk, its socket routed to the proxy in front of
// Janus, with Chromium's fake camera and microphone. It joins with a join
// token from the simulator's video provider (as the resident's app gets one),
// publishes its camera, speaks on the textroom, subscribes to the kiosk's
// camera and leaves: every frame goes through Janus itself (docs/calls.md).
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { BrowserContext, Page } from '@playwright/test';
import { routeRoomsToJanus } from './roomKiosk';
import type { Simulator } from './simulator';

const require = createRequire(import.meta.url);
const SDK = require.resolve('@telnyx/video').replace(/index\.js$/, 'index.mjs');
const VIDEO_KEY = 'local-video-key';

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

/** A join token for `room`, from the simulator's video provider. */
async function joinToken(sim: Simulator, room: string): Promise<string> {
  const response = await fetch(`${sim.url}/video-provider/v2/rooms/${room}/actions/generate_join_client_token`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${VIDEO_KEY}`, 'Content-Type': 'application/json' },
    body: '{}',
  });
  if (response.status !== 201) throw new Error(`No join token for ${room}: ${response.status}`);
  return ((await response.json()) as { data: { token: string } }).data.token;
}

export async function openJanusResident(context: BrowserContext, sim: Simulator): Promise<JanusResident> {
  const page = await context.newPage();
  await routeRoomsToJanus(page, sim);
  const sdk = await readFile(SDK);
  // A page of the simulator's origin (a secure context), with the SDK as a module beside it.
  await page.route(`${sim.url}/resident/**`, (route) =>
    route.request().url().endsWith('.mjs')
      ? route.fulfill({ contentType: 'text/javascript', body: sdk })
      : route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>resident</title><video muted autoplay playsinline></video>' }),
  );
  await page.goto(`${sim.url}/resident/`);
  await page.evaluate(async (sdkUrl) => {
    // The SDK's bundled immer reads process.env.NODE_ENV, which a bundler replaces (as the kiosk's build does).
    (globalThis as unknown as { process: object }).process = { env: { NODE_ENV: 'production' } };
    const { initialize } = (await import(sdkUrl)) as typeof import('@telnyx/video');
    type Room = Awaited<ReturnType<typeof initialize>>;
    let room: Room | null = null;
    const video = document.querySelector('video')!;
    const subscribeToKiosk = (participantId: string, key: string) => {
      if (room && participantId !== room.getLocalParticipant().id) void room.addSubscription(participantId, key, { audio: true, video: true });
    };
    (window as unknown as ResidentWindow).resident = {
      async join(roomId, clientToken) {
        room = await initialize({ roomId, clientToken, enableMessages: true });
        room.on('stream_published', subscribeToKiosk);
        room.on('subscription_started', (participantId: string, key: string) => {
          const track = room?.getParticipantStream(participantId, key)?.videoTrack;
          if (track) video.srcObject = new MediaStream([track]);
        });
        await room.connect();
        for (const stream of room.getState().streams.values()) subscribeToKiosk(stream.participantId, stream.key);
        const camera = await navigator.mediaDevices.getUserMedia({ audio: true, video: { width: 320, height: 240, frameRate: 15 } });
        await room.addStream('camera', { audio: camera.getAudioTracks()[0], video: camera.getVideoTracks()[0] });
      },
      say: async (payload) => void (await room?.sendMessage({ type: 'text', payload })),
      leave: async () => void (await room?.disconnect()),
      others: () => (room ? [...room.getState().participants.keys()].filter((id) => id !== room?.getLocalParticipant().id).length : 0),
      kioskFrames: () => video.getVideoPlaybackQuality().totalVideoFrames,
    };
  }, `${sim.url}/resident/telnyx-video.mjs`);

  return {
    page,
    join: async (room) => page.evaluate(([roomId, token]) => (window as unknown as ResidentWindow).resident.join(roomId!, token!), [room, await joinToken(sim, room)]),
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
