// The room leg with the vendor's SDK (a kiosk built with live call providers)
// on each engine of the tier: @telnyx/video against Debian's Janus, through the
// simulator's proxy standing in for Telnyx's (docs/calls.md, "The room leg
// against Janus"), its fixed wss://video.telnyx.com address routed in the
// kiosk's page as the phone legs' are (callLegs.mjs). The resident is a page of
// the far end's browser (a current Chromium) running the same SDK through the
// same proxy (tests/e2e/support/janusRoomPages.mjs), as e2e's is.
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startStaticServer } from '../../scripts/static-server.mjs';
import { KNOWN } from '../../simulator/seed.mjs';
import { installResident, joinToken, mediaPeers, remotePlaying, RESIDENT_HTML, RESIDENT_SDK } from '../e2e/support/janusRoomPages.mjs';
import { byId, callFromDirectory, routeSdkSockets } from './callLegs.mjs';
import { expectGateOpened, expectNotice, IN_PAGE } from './scenarios.mjs';
import { until } from './until.mjs';

/**
 * The resident's page and the SDK beside it, served from `dir` (a page of its
 * own origin on 127.0.0.1: a secure context).
 */
export async function startResidentSite(dir) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), RESIDENT_HTML);
  copyFileSync(RESIDENT_SDK, path.join(dir, 'telnyx-video.mjs'));
  return startStaticServer({ dir, port: 0, host: '127.0.0.1' });
}

/** Opens the resident's page in `farEnd`, ready to join. */
async function openResident(farEnd, sim, siteUrl) {
  const page = await farEnd.newPage();
  await page.goto(`${siteUrl}/`);
  await page.waitFor(`document.readyState === 'complete' && !!document.querySelector('video')`, { message: "the resident's page" });
  await page.evaluate(routeSdkSockets(sim.url.replace('http', 'ws')));
  await page.evaluate(`(${installResident})(${JSON.stringify(`${siteUrl}/telnyx-video.mjs`)})`);
  return {
    page,
    join: async (room) => page.evaluate(`window.resident.join(${JSON.stringify(room)}, ${JSON.stringify(await joinToken(sim.url, room))})`),
    say: (payload) => page.evaluate(`window.resident.say(${JSON.stringify(payload)})`),
    /** Whether the kiosk's camera arrives: its video frames keep coming. */
    seesKiosk: () =>
      page.evaluate(`(async () => {
        const before = window.resident.kioskFrames();
        await new Promise((done) => setTimeout(done, 300));
        return window.resident.kioskFrames() > before;
      })()`),
  };
}

/**
 * In the kiosk's page: records every peer connection made from now on,
 * installed before the room starts (the kiosk's adapter then wraps this
 * recording constructor in turn, and restores it).
 */
const TRACK_PEERS = `(() => {
  const peers = (window.__peers = []);
  const Native = window.RTCPeerConnection;
  window.RTCPeerConnection = class extends Native {
    constructor(...args) {
      super(...args);
      peers.push(this);
    }
  };
})()`;

/** The resident's video and audio playing in the kiosk (remotePlaying), or null before the call shows them. */
const REMOTE_PLAYING = `(() => {
  const element = document.querySelector('.call-remote');
  return element && element.srcObject ? (${remotePlaying})(element) : null;
})()`;

const OPEN_PEERS = `window.__peers.filter((pc) => pc.signalingState !== 'closed').length`;

const sent = (sim, janus, request) => sim.janusProxy.received().filter((m) => m.janus === janus && (request === undefined || m.request === request));
const callStatus = (page) => page.evaluate(IN_PAGE.callStatus);

/**
 * The room leg, end to end: the call key, the kiosk in the call's room, the
 * resident joining and saying 'answered', 'Connected to …' with the
 * resident's video and audio playing and the kiosk's camera reaching them,
 * the media on Janus's address, 'open_gate' opening the gate, the room left.
 * Timings are printed, never asserted.
 * @param {() => Promise<string>} residentSite the resident site's URL (startResidentSite)
 */
export const roomLeg = (residentSite) => ({
  /** Before the kiosk opens: Telnyx on, so that a resident with video is called in a room. */
  prepare: (sim) => sim.patchProperty({ featureFlags: { telnyx_enabled: true } }),
  run: async ({ page, sim, model, farEnd, diagnostic }) => {
    const who = byId(sim, KNOWN.videoResidentId);
    await page.evaluate(routeSdkSockets(sim.url.replace('http', 'ws')));
    await page.evaluate(TRACK_PEERS);
    const resident = await openResident(farEnd, sim, await residentSite());
    try {
      const pressed = await callFromDirectory(page, model, who);
      await until(() => callStatus(page), (text) => text === `Calling ${who.directory_display_name}...`, { message: "'Calling …'" });
      const [call] = await until(() => sim.state.calls, (list) => list.length > 0, { message: 'the call created at the back end' });
      await resident.join(call.room_id);
      // The kiosk subscribes to the resident's camera only once its own connect() has finished: it is in the room.
      await until(() => sent(sim, 'message', 'start').length, (n) => n === 1, { message: "the kiosk subscribed to the resident's camera" }).catch(async (error) => {
        const logged = sim.state.logs.filter((line) => /[Vv]ideo|room/.test(line.message));
        throw new Error(`${error.message}; the kiosk shows ${JSON.stringify(await callStatus(page))}; logged: ${JSON.stringify(logged).slice(0, 1500)}`);
      });
      const inRoom = Date.now();

      await resident.say('answered');
      const connected = `Connected to ${who.directory_display_name}`;
      await until(() => callStatus(page), (text) => text === connected, { message: `'${connected}'` });
      diagnostic(`room leg: call key -> kiosk in the room with the resident ${inRoom - pressed} ms, 'answered' -> '${connected}' ${Date.now() - inRoom} ms`);
      const playing = await until(() => page.evaluate(REMOTE_PLAYING), (seen) => !!seen && seen.audio && seen.video && seen.playing && seen.frames, {
        message: "the resident's video and audio playing",
      });
      assert.equal(playing.width, 320);
      await until(resident.seesKiosk, Boolean, { message: "the kiosk's camera at the resident" });
      // Every frame goes through Janus, on its namespace's address: nothing peer to peer.
      const [janus] = await until(() => page.evaluate(`(${mediaPeers})()`), (addresses) => addresses.length === 1 && /^10\.200\.\d+\.2$/.test(addresses[0]), {
        message: "the media on Janus's address",
      });
      diagnostic(`room leg: media from Janus at ${janus} on ${await page.evaluate(OPEN_PEERS)} open peer connections; the resident's video ${playing.width} px wide`);

      await resident.say('open_gate');
      await expectNotice(page, 'Access Granted!');
      await expectGateOpened(sim, who.property_access_code.code);
      await until(() => sent(sim, 'destroy').length, (n) => n === 1, { message: "the kiosk's session destroyed" });
      await until(() => page.evaluate(OPEN_PEERS), (n) => n === 0, { message: 'every peer connection closed' });
      assert.deepEqual(sim.state.sipCalls, []);
    } finally {
      await resident.page.close();
    }
  },
});
