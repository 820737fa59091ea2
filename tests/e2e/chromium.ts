// How the end-to-end tests launch Debian's Chromium (tests/e2e/README.md).
// Shared by playwright.config.ts and the fixtures, so a spec launching its own
// browser (launchChromium) gets exactly the same flags.

/** Flags for every browser the suite starts. */
export const CHROMIUM_ARGS: readonly string[] = [
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
  // Video calls between two pages: without it WebRTC gathers no candidates on a loopback-only network.
  '--allow-loopback-in-peer-connection',
];

export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

/** Set by tests/e2e/run.mjs; `npx playwright test` on its own falls back to Debian's path. */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH || DEFAULT_CHROMIUM_PATH;
}
