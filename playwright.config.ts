import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './tests/e2e/chromium';

// End-to-end tests: the built kiosk in Debian's headless Chromium against the
// local simulator. Run through `npm run test:e2e` (tests/e2e/run.mjs), which
// finds the browser; never `playwright install`.
export default defineConfig({
  testDir: 'tests/e2e',
  // Janus's network namespaces, made before any browser starts (a new interface is a network change to Chromium).
  globalSetup: './tests/e2e/janusNamespaces.ts',
  outputDir: 'test-results/artifacts',
  fullyParallel: true,
  workers: 2,
  // In CI a test that fails is run once more; one that then passes is listed
  // as "flaky" in the output (and must be fixed: it is a load-timing fault of
  // the test or a real intermittent defect). Locally, no second chance.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  // A safety net against a hung run; the suite takes 8 to 16 minutes on two cores.
  globalTimeout: 45 * 60_000,
  expect: { timeout: 5_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    browserName: 'chromium',
    headless: true,
    // A panel screen.
    viewport: { width: 800, height: 480 },
    // The kiosk's service worker is tested in offline-boot.spec.ts, in a
    // browser with a lasting profile; in the other specs each fresh context
    // would only download and store the whole build (1.6 MB) in the background.
    serviceWorkers: 'block',
    launchOptions: { executablePath: chromiumPath(), args: [...CHROMIUM_ARGS] },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    actionTimeout: 5_000,
    navigationTimeout: 10_000,
  },
});
