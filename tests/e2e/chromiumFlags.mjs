// The flags every Chromium the tests and benchmarks start gets: one list,
// read by tests/e2e/chromium.ts, bench/common.mjs and tests/network.

/** Without loopback candidates: a test with networks of its own (tests/network) gathers on those only. */
export const CHROMIUM_BASE_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Camera and microphone granted without a prompt, from a fake device.
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
];

/** With them: video calls between two pages on a loopback-only network (WebRTC gathers nothing there otherwise). */
export const CHROMIUM_ARGS = [...CHROMIUM_BASE_ARGS, '--allow-loopback-in-peer-connection'];
