// WebKit for the engines tier: WebKitGTK's MiniBrowser driven by
// WebKitWebDriver under a virtual X server (xvfb-run), over plain W3C
// WebDriver with fetch. One WebDriver session (one MiniBrowser) serves every
// page of the tier, its storage cleared between them: a new browser for
// each would cost seconds.
import { spawn } from 'node:child_process';
import net from 'node:net';
import { waitInPage } from './until.mjs';

export const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';
/** WebDriver's code points for the keys the kiosk reads besides digits. */
const KEYS = { Enter: '\uE007', Escape: '\uE00C', ArrowUp: '\uE013', ArrowDown: '\uE015', ArrowLeft: '\uE012', ArrowRight: '\uE014' };
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function freePort() {
  const server = net.createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function call(base, method, path, body) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const { value } = await response.json();
  if (!response.ok) throw new Error(`WebDriver ${method} ${path}: ${value?.error}: ${value?.message}`);
  return value;
}

class Page {
  constructor(base) {
    this.base = base;
    /** WebDriver reports no console: uncaught errors reach the tier through the kiosk's log lines. */
    this.errors = [];
  }

  async goto(url) {
    await call(this.base, 'POST', '/url', { url });
  }

  /** The value of `expression` (awaited when it is a promise); throws what the page threw. */
  async evaluate(expression) {
    const script = `const done = arguments[arguments.length - 1];
      Promise.resolve().then(() => (${expression})).then((value) => done({ value }), (error) => done({ error: String(error) }));`;
    const result = await call(this.base, 'POST', '/execute/async', { script, args: [] });
    if (result && 'error' in result) throw new Error(`in page: ${result.error}`);
    return result?.value;
  }

  waitFor(expression, options) {
    return waitInPage(this, expression, options);
  }

  async press(key) {
    const value = KEYS[key] ?? key;
    await call(this.base, 'POST', '/actions', {
      actions: [{ type: 'key', id: 'keyboard', actions: [{ type: 'keyDown', value }, { type: 'keyUp', value }] }],
    });
  }

  async type(keys) {
    for (const key of keys) await this.press(key);
  }

  /** A click (the touch panel's tap) on the element `element` (an expression) evaluates to. */
  async tap(element) {
    const found = await call(this.base, 'POST', '/execute/sync', { script: `return (${element});`, args: [] });
    if (!found?.[ELEMENT]) throw new Error(`no element for ${element}`);
    await call(this.base, 'POST', `/element/${found[ELEMENT]}/click`, {});
  }

  /** Leaves the kiosk with its storage cleared, for the next page. */
  async close() {
    await this.evaluate('localStorage.clear(), sessionStorage.clear()').catch(() => undefined);
    await this.goto('about:blank').catch(() => undefined);
  }

  async end() {
    await call(this.base, 'DELETE', '').catch(() => undefined);
  }
}

/**
 * Starts WebKitWebDriver inside a virtual X server; `close` ends both. Each
 * `newPage` is a MiniBrowser of its own. `args` are MiniBrowser's, besides
 * `--automation` (its WebKitSettings, e.g. `--enable-mock-capture-devices=true`).
 */
export async function launchWebKit({ args = [] } = {}) {
  const port = await freePort();
  // A process group of its own, so close() ends xvfb-run, the X server, the driver and its browser together.
  const child = spawn('xvfb-run', ['-a', 'WebKitWebDriver', `--port=${port}`], { detached: true, stdio: 'ignore' });
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  while (!(await fetch(`${origin}/status`).then((r) => r.ok, () => false))) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error('WebKitWebDriver did not start');
    await sleep(100);
  }
  const { sessionId, capabilities } = await call(origin, 'POST', '/session', {
    capabilities: { alwaysMatch: { 'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation', ...args] } } },
  });
  const page = new Page(`${origin}/session/${sessionId}`);
  return {
    product: `WebKitGTK ${capabilities.browserVersion}`,
    /** The session's page: one at a time. */
    newPage: async () => page,
    async close() {
      await page.end();
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
    },
  };
}
