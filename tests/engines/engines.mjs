// The engines the tier runs the kiosk on, each with how to launch it and what
// it is allowed to say in its console that a current engine would not.
import { launchOverCdp } from './cdp.mjs';
import { unpackedChromium } from './oldChromium.mjs';
import { launchWebKit } from './webdriver.mjs';

/** Debian's Chromium, as the rest of the end-to-end suite uses it. */
export const CURRENT_CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * Flags for every Chromium of the tier: the fake camera and microphone, and
 * WebRTC on a loopback-only network. The camera plays `cameraFile` (a Y4M);
 * without one it is the browser's own fake camera (a moving pattern).
 */
export const chromiumFlags = (cameraFile) => [
  '--disable-background-networking',
  '--disable-component-update',
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  ...(cameraFile ? [`--use-file-for-fake-video-capture=${cameraFile}`] : []),
  '--allow-loopback-in-peer-connection',
  '--autoplay-policy=no-user-gesture-required',
];

/** Engines before 'wasm-unsafe-eval' (Chromium 97) report it as an invalid source, and ignore it. */
const WASM_UNSAFE_EVAL_UNKNOWN = /Content Security Policy directive 'script-src' contains an invalid source: ''wasm-unsafe-eval''/;

/**
 * @telnyx/webrtc 2.27's handler of signalingstatechange reads its peer
 * connection after closing it; Chromium 83 still fires that event at close()
 * (92 on does not): an uncaught TypeError as the SIP leg hangs up, after the
 * call (the kiosk's log of it echoes it to the console).
 */
const TELNYX_CLOSED_PEER = [/Cannot read property 'signalingState' of null/, /^console\.error: Uncaught error Object$/];

const chromium = (id, major, binary) => ({
  id,
  label: `Chromium ${major ?? 'current'}`,
  model: 'GEN2',
  directoryModel: 'GEN1',
  allowedErrors: major !== undefined && major < 97 ? [WASM_UNSAFE_EVAL_UNKNOWN] : [],
  /** Errors of the vendors' SDKs on this engine, allowed in the leg scenarios only. */
  sdkErrors: major !== undefined && major < 92 ? TELNYX_CLOSED_PEER : [],
  /** A profile folder that a restart finds again (offline boot); WebKit's driver keeps none, so it reopens the page instead. */
  lastingProfile: true,
  /**
   * Its camera plays `cameraFile`; with `ownCamera` it is the browser's own
   * fake camera (a moving pattern and a beep).
   * @param {{ cameraFile?: string, ownCamera?: boolean, profile?: string }} options
   */
  async launch({ cameraFile, ownCamera = false, profile }) {
    const found = binary ? { binary } : await unpackedChromium(id);
    return launchOverCdp({ ...found, args: chromiumFlags(ownCamera ? undefined : cameraFile), profile });
  },
  /** Its camera encodes what MediaRecorder records (a visitor's message). */
  recordsVideo: true,
});

const ALL = [
  chromium('chromium-83', 83),
  chromium('chromium-92', 92),
  chromium('chromium-110', 110),
  chromium('chromium-current', undefined, CURRENT_CHROMIUM),
  {
    id: 'webkit',
    label: 'WebKitGTK',
    model: 'TOUCH',
    directoryModel: 'TOUCH',
    allowedErrors: [],
    sdkErrors: [],
    lastingProfile: false,
    /**
     * No camera at all; with `ownCamera` WebKit's mock capture devices (a
     * camera and a microphone), as MiniBrowser's settings offer them.
     */
    launch: ({ ownCamera = false } = {}) => launchWebKit({ args: ownCamera ? ['--enable-mock-capture-devices=true', '--enable-media-stream=true'] : [] }),
    /** Its MediaRecorder (MP4 only) gives no data for video here: GStreamer's H.264 encoding fails (audio alone records). */
    recordsVideo: false,
  },
];

/** Every engine, or those KIOSK_ENGINES names (comma-separated ids, e.g. `chromium-83,webkit`). */
export const ENGINES = process.env.KIOSK_ENGINES ? ALL.filter((engine) => process.env.KIOSK_ENGINES.split(',').includes(engine.id)) : ALL;
