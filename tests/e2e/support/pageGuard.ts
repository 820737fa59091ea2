// Fails a test on anything wrong in its pages that the test did not ask for:
// an uncaught error, a console error, a Content-Security-Policy violation.
// Every context of a test is watched (the default one, and those of browsers
// the test launches), so a console page or a second kiosk counts as well.
import type { BrowserContext, TestInfo } from '@playwright/test';

export interface PageGuard {
  /** Watches every page of `context`, those opened later included. */
  watch(context: BrowserContext): Promise<void>;
  /**
   * Console errors this test may cause, e.g. the kiosk logging an API that
   * is down, or Chromium's "Failed to load resource" for a refused request.
   * Any other console error fails the test.
   */
  allowConsoleErrors(...patterns: RegExp[]): void;
  /** CSP violations this test causes on purpose (a test of the policy itself). Any other fails the test. */
  allowCspViolations(...patterns: RegExp[]): void;
  /** Uncaught errors this test causes on purpose (a bundle broken for the boot guard). Any other fails the test. */
  allowPageErrors(...patterns: RegExp[]): void;
  /** After the test: attaches the pages' log to a failed test, and throws if anything unexpected happened. */
  finish(testInfo: TestInfo): Promise<void>;
}

/** The page's side: reports each violation to the test through a binding. */
function reportViolations() {
  document.addEventListener('securitypolicyviolation', (event) => {
    const report = (window as unknown as { __reportCspViolation?: (text: string) => void }).__reportCspViolation;
    report?.(`${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} in ${event.sourceFile || event.documentURI}:${event.lineNumber}`);
  });
}

export function createPageGuard(): PageGuard {
  const started = Date.now();
  const log: string[] = [];
  const pageErrors: string[] = [];
  const consoleErrors: string[] = [];
  const violations: string[] = [];
  const allowedConsole: RegExp[] = [];
  const allowedViolations: RegExp[] = [];
  const allowedPageErrors: RegExp[] = [];
  const stamp = () => `${String(Date.now() - started).padStart(6)} ms`;

  return {
    async watch(context) {
      context.on('weberror', (webError) => {
        const error = webError.error();
        // A syntax error in a module script comes with an empty stack.
        pageErrors.push(error.stack || `${error.name}: ${error.message}`);
        log.push(`${stamp()} pageerror ${error.message}`);
      });
      context.on('console', (message) => {
        log.push(`${stamp()} ${message.type()} ${message.text()}`);
        if (message.type() === 'error') consoleErrors.push(`${message.text()} (${message.location().url})`);
      });
      context.on('page', (page) => page.on('load', () => log.push(`${stamp()} load ${page.url()}`)));
      await context.exposeBinding('__reportCspViolation', (_source, text: string) => {
        violations.push(text);
        log.push(`${stamp()} securitypolicyviolation ${text}`);
      });
      await context.addInitScript(reportViolations);
    },
    allowConsoleErrors: (...patterns) => void allowedConsole.push(...patterns),
    allowCspViolations: (...patterns) => void allowedViolations.push(...patterns),
    allowPageErrors: (...patterns) => void allowedPageErrors.push(...patterns),
    async finish(testInfo) {
      if (testInfo.status !== testInfo.expectedStatus) {
        await testInfo.attach('kiosk-console.txt', { body: log.join('\n'), contentType: 'text/plain' });
      }
      if (testInfo.expectedStatus !== 'passed') return;
      const unexpected = (list: string[], allowed: RegExp[]) => list.filter((text) => !allowed.some((pattern) => pattern.test(text)));
      const problems = [
        ...unexpected(pageErrors, allowedPageErrors).map((text) => `Uncaught error in a page:\n${text}`),
        ...unexpected(consoleErrors, allowedConsole).map((text) => `Console error the test did not expect: ${text}`),
        ...unexpected(violations, allowedViolations).map((text) => `Content-Security-Policy violation: ${text}`),
      ];
      if (problems.length > 0) throw new Error(problems.join('\n\n'));
    },
  };
}

/**
 * The console errors of an API that answers 503 (sim.setOffline): Chromium's
 * line for each refused request, and the kiosk's own log line for each failure.
 */
export const API_DOWN_ERRORS: RegExp[] = [
  /^Failed to load resource: the server responded with a status of 503 /,
  /^(Property data could not be loaded|Feature flags could not be loaded|Check-in failed|Access requests could not be sent|Real-time channel subscription failed) /,
];

/**
 * The console errors of a real-time channel that cannot connect (the Pusher
 * server stopped, or its connection timed out by the page clock's long jumps).
 */
export const CHANNEL_DOWN_ERRORS: RegExp[] = [/^WebSocket connection to 'wss?:\/\/[^']+\/app\/kiosk-local/, /^Realtime connection (unavailable|error)/];

/**
 * The console errors of a page-clock jump that overtakes a hardware socket
 * answer still on its way (a loaded machine, a request sent just before the
 * jump): the request times out by the page's clock, the gate logs the opening
 * as failed, and the answer then comes for a request the kiosk has given up on.
 */
export const HARDWARE_OVERTAKEN_ERRORS: RegExp[] = [
  /^Hardware socket: \w+ failed .*message: \w+ timed out/,
  /^The gate could not be opened .*message: \w+ timed out/,
  /^Hardware socket: reply to an unknown request /,
];

/**
 * The console errors of a page-clock jump that overtakes an API call still on
 * its way (a loaded machine answers late): the call times out by the page's
 * clock, and the kiosk logs it as a failed poll, check-in or send.
 */
export const API_OVERTAKEN_ERRORS: RegExp[] = [
  /^(Property data could not be loaded|Feature flags could not be loaded|Check-in failed|Access requests could not be sent|Real-time channel subscription failed) .*timed out after \d+ ms/,
];

/**
 * The console errors of a browser that is offline (context.setOffline): requests and sockets that could
 * not go out (the channel's authorization among them), and parts loaded after the first screen that a
 * test going offline at once catches still on their way (the tests block the service worker that
 * would hold them).
 */
export const BROWSER_OFFLINE_ERRORS: RegExp[] = [
  /^Failed to load resource: net::ERR_INTERNET_DISCONNECTED /,
  /^WebSocket connection to '[^']+' failed: .*ERR_INTERNET_DISCONNECTED/,
  /^Real-time channel subscription failed /,
  /could not be loaded .*Failed to fetch dynamically imported module/,
  // Self-diagnosis's watcher, loaded after the first screen: its workflow fails, logged, and starts again on the next page.
  /^A listener failed \(effect\) .*Failed to fetch dynamically imported module/,
];
