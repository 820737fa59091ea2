// What runs in the pages of a room on Janus, shared by the end-to-end suite
// (janus-room.spec.ts and janusResident.ts, Playwright) and the engines tier
// (tests/engines/roomLeg.mjs, DevTools protocol). The resident's side: a page
// of its own running the same `@telnyx/video` as the kiosk, its socket routed
// to the proxy in front of Janus, with a join token from the simulator's video
// provider (as the resident's app gets one). The kiosk's side: what its page
// plays and where its media comes from. The in-page functions are serialised:
// they use nothing from this module.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
/** The SDK as one ES module, served beside the resident's page. */
export const RESIDENT_SDK = require.resolve('@telnyx/video').replace(/index\.js$/, 'index.mjs');
/** The resident's page: the kiosk's camera plays in its video element. */
export const RESIDENT_HTML = '<!doctype html><title>resident</title><video muted autoplay playsinline></video>';
const VIDEO_KEY = 'local-video-key';

/** A join token for `room`, from the simulator's video provider. */
export async function joinToken(simUrl, room) {
  const response = await fetch(`${simUrl}/video-provider/v2/rooms/${room}/actions/generate_join_client_token`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${VIDEO_KEY}`, 'Content-Type': 'application/json' },
    body: '{}',
  });
  if (response.status !== 201) throw new Error(`No join token for ${room}: ${response.status}`);
  return (await response.json()).data.token;
}

/**
 * Runs in the resident's page:
 * loads the SDK from `sdkUrl` and puts `window.resident` in place: `join`
 * (connects, subscribes to the kiosk's camera, publishes its own camera and
 * microphone), `say` (a room message), `leave`, `others` (the other
 * participants it sees) and `kioskFrames` (frames of the kiosk's camera decoded).
 * @param {string} sdkUrl
 */
export async function installResident(sdkUrl) {
  // The SDK's bundled immer reads process.env.NODE_ENV, which a bundler replaces (as the kiosk's build does).
  globalThis.process = { env: { NODE_ENV: 'production' } };
  const { initialize } = await import(sdkUrl);
  let room = null;
  const video = document.querySelector('video');
  const subscribeToKiosk = (participantId, key) => {
    if (room && participantId !== room.getLocalParticipant().id) void room.addSubscription(participantId, key, { audio: true, video: true });
  };
  window.resident = {
    async join(roomId, clientToken) {
      room = await initialize({ roomId, clientToken, enableMessages: true });
      room.on('stream_published', subscribeToKiosk);
      room.on('subscription_started', (participantId, key) => {
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
}

/**
 * Runs in the kiosk's page, on its `.call-remote` video: the resident's video
 * and audio tracks live, time moving on, frames decoded (over 500 ms).
 * @param {HTMLVideoElement} element
 */
export async function remotePlaying(element) {
  const stream = element.srcObject;
  const live = (kind) => (stream ? stream.getTracks().some((track) => track.kind === kind && track.readyState === 'live') : false);
  const [start, framesBefore] = [element.currentTime, element.getVideoPlaybackQuality().totalVideoFrames];
  await new Promise((resolve) => setTimeout(resolve, 500));
  return {
    audio: live('audio'),
    video: live('video'),
    playing: !element.paused && element.currentTime > start,
    frames: element.getVideoPlaybackQuality().totalVideoFrames > framesBefore,
    width: element.videoWidth,
  };
}

/**
 * Runs in the kiosk's page: the far addresses of the selected candidate pairs
 * of its connected peer connections (recorded in `window.__peers`), 'none'
 * while a pair is not named in the stats yet. Engines before Chromium 98 name
 * a candidate's address `ip`.
 */
export async function mediaPeers() {
  const addresses = new Set();
  for (const pc of window.__peers) {
    if (pc.connectionState !== 'connected') continue;
    const stats = [...(await pc.getStats()).values()];
    const pair = stats.find((each) => each.type === 'candidate-pair' && each.nominated && each.state === 'succeeded');
    const remote = pair && stats.find((each) => each.id === pair.remoteCandidateId);
    addresses.add(remote ? remote.address || remote.ip : 'none');
  }
  return [...addresses];
}
