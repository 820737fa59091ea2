// How the end-to-end tests launch Debian's Chromium (tests/e2e/README.md).
// Shared by playwright.config.ts and the fixtures, so a spec launching its own
// browser (launchChromium) gets exactly the same flags.

/** Flags for every browser the suite starts (chromiumFlags.mjs). */
export { CHROMIUM_ARGS } from './chromiumFlags.mjs';

export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

/** Set by tests/e2e/run.mjs; `npx playwright test` on its own falls back to Debian's path. */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH || DEFAULT_CHROMIUM_PATH;
}
