// A small DevTools-protocol driver for the older Chromium engines (Playwright
// speaks a much newer protocol than Chromium 83 does): launch, one isolated
// browser context per page, navigate, evaluate, type keys, and every uncaught
// exception and console error the page raises.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { waitInPage } from './until.mjs';

const BLOCK_SERVICE_WORKERS = `if (navigator.serviceWorker) navigator.serviceWorker.register = () => Promise.resolve(undefined);`;

/** Windows virtual key codes of the keys the kiosk reads besides digits. */
const KEY_CODES = { Enter: 13, Escape: 27, ArrowUp: 38, ArrowDown: 40, ArrowLeft: 37, ArrowRight: 39, ' ': 32, Backspace: 8 };

/** Starts the browser and resolves with its DevTools WebSocket URL (printed on stderr). */
function startProcess(binary, args, env) {
  const child = spawn(binary, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => fail(new Error(`no DevTools endpoint in 20 s:\n${output.slice(-2_000)}`)), 20_000);
    function fail(err) {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(err);
    }
    child.stderr.on('data', (chunk) => {
      output += chunk;
      const match = /DevTools listening on (ws:\/\/\S+)/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      child.stderr.removeAllListeners('data');
      child.stderr.resume();
      resolve({ child, wsUrl: match[1] });
    });
    child.once('exit', (code) => fail(new Error(`browser exited (${code}) before DevTools listened:\n${output.slice(-2_000)}`)));
  });
}

/** One DevTools connection carrying the browser's session and flat page sessions. */
class Connection {
  constructor(ws) {
    this.ws = ws;
    this.nextId = 1;
    this.pending = new Map();
    this.listeners = new Set();
    ws.on('message', (data) => this.receive(JSON.parse(String(data))));
    ws.on('close', () => {
      for (const { reject } of this.pending.values()) reject(new Error('DevTools connection closed'));
      this.pending.clear();
    });
  }

  receive(message) {
    if (message.id === undefined) {
      for (const listener of this.listeners) listener(message);
      return;
    }
    const call = this.pending.get(message.id);
    if (!call) return;
    this.pending.delete(message.id);
    if (message.error) call.reject(new Error(`${call.method}: ${message.error.message}`));
    else call.resolve(message.result);
  }

  send(method, params = {}, sessionId) {
    const id = this.nextId++;
    this.ws.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
    return new Promise((resolve, reject) => this.pending.set(id, { resolve, reject, method }));
  }
}

/** A page in a browser context of its own (its own storage). */
class Page {
  constructor(connection, sessionId, contextId, targetId) {
    this.connection = connection;
    this.sessionId = sessionId;
    this.contextId = contextId;
    this.targetId = targetId;
    /** Uncaught exceptions and console errors, as text. */
    this.errors = [];
    /** Every console message, for a failure's report. */
    this.console = [];
    /** The page's session and those of its workers, attached as they start. */
    this.sessions = new Set([sessionId]);
    this.onEvent = (message) => {
      if (!this.sessions.has(message.sessionId)) return;
      if (message.method === 'Target.attachedToTarget') {
        this.sessions.add(message.params.sessionId);
        void connection.send('Runtime.enable', {}, message.params.sessionId).catch(() => undefined);
        void connection.send('Runtime.runIfWaitingForDebugger', {}, message.params.sessionId).catch(() => undefined);
        return;
      }
      if (message.method === 'Runtime.exceptionThrown') {
        const { exceptionDetails: d } = message.params;
        this.errors.push(`uncaught: ${d.exception?.description ?? d.text}`);
      } else if (message.method === 'Runtime.consoleAPICalled') {
        const text = message.params.args.map((a) => a.value ?? a.description ?? a.type).join(' ');
        this.console.push(`${message.params.type}: ${text}`);
        if (message.params.type === 'error') this.errors.push(`console.error: ${text}`);
      } else if (message.method === 'Log.entryAdded') {
        const { entry } = message.params;
        this.console.push(`${entry.level} (${entry.source}): ${entry.text}`);
        if (entry.level === 'error') this.errors.push(`${entry.source}: ${entry.text}${entry.url ? ` ${entry.url}` : ''}`);
      }
    };
    connection.listeners.add(this.onEvent);
  }

  send(method, params) {
    return this.connection.send(method, params, this.sessionId);
  }

  /** Navigates; a navigation the browser failed at once (its error page) leaves its reason in `navigationError`. */
  async goto(url) {
    const { errorText } = await this.send('Page.navigate', { url });
    this.navigationError = errorText || undefined;
  }

  /** The value of `expression` (awaited when it is a promise); throws what the page threw. */
  async evaluate(expression) {
    const { result, exceptionDetails } = await this.send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true });
    if (exceptionDetails) throw new Error(`in page: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
    return result.value;
  }

  waitFor(expression, options) {
    return waitInPage(this, expression, options);
  }

  /** Presses one key as the panel's keyboard does (a digit, Enter, Escape, an arrow, space). */
  async press(key) {
    const code = /^\d$/.test(key) ? `Digit${key}` : key === ' ' ? 'Space' : key;
    const keyCode = /^\d$/.test(key) ? key.charCodeAt(0) : KEY_CODES[key];
    const printable = key.length === 1;
    const base = { key, code, windowsVirtualKeyCode: keyCode, nativeVirtualKeyCode: keyCode };
    await this.send('Input.dispatchKeyEvent', { ...base, type: printable ? 'keyDown' : 'rawKeyDown', ...(printable ? { text: key } : {}) });
    await this.send('Input.dispatchKeyEvent', { ...base, type: 'keyUp' });
  }

  async type(keys) {
    for (const key of keys) await this.press(key);
  }

  /** A tap at the centre of the element `element` (an expression) evaluates to. */
  async tap(element) {
    const box = await this.evaluate(`(() => { const r = (${element}).getBoundingClientRect(); return { x: r.x + r.width / 2, y: r.y + r.height / 2 }; })()`);
    for (const type of ['mousePressed', 'mouseReleased']) await this.send('Input.dispatchMouseEvent', { type, x: box.x, y: box.y, button: 'left', clickCount: 1 });
  }

  async close() {
    this.connection.listeners.delete(this.onEvent);
    if (this.contextId) await this.connection.send('Target.disposeBrowserContext', { browserContextId: this.contextId }).catch(() => undefined);
    else await this.connection.send('Target.closeTarget', { targetId: this.targetId }).catch(() => undefined);
  }
}

/**
 * Launches a Chromium binary headless with `args` besides the driver's own.
 * `profile` keeps the browser's data there (a restart finds its service
 * worker and storage); without it a temporary one is removed at close.
 * @param {{ binary: string, libDir?: string, args?: string[], profile?: string }} options
 */
export async function launchOverCdp({ binary, libDir, args = [], profile }) {
  const dataDir = profile ?? mkdtempSync(path.join(os.tmpdir(), 'kiosk-engine-'));
  const env = { ...process.env, ...(libDir ? { LD_LIBRARY_PATH: [libDir, process.env.LD_LIBRARY_PATH].filter(Boolean).join(':') } : {}) };
  const flags = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--remote-debugging-port=0', `--user-data-dir=${dataDir}`, ...args, 'about:blank'];
  const { child, wsUrl } = await startProcess(binary, flags, env);
  const ws = new WebSocket(wsUrl, { perMessageDeflate: false, maxPayload: 256 * 1024 * 1024 });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const connection = new Connection(ws);
  const { product } = await connection.send('Browser.getVersion');
  return {
    product,
    /**
     * A new page, by default in a browser context of its own; `shared` puts it
     * in the profile's own context. Service workers are blocked (registration
     * resolves with nothing, as Playwright's 'block' does) unless `serviceWorkers`:
     * otherwise every fresh context would download and store the whole build.
     */
    async newPage({ shared = false, serviceWorkers = false } = {}) {
      const browserContextId = shared ? undefined : (await connection.send('Target.createBrowserContext')).browserContextId;
      const { targetId } = await connection.send('Target.createTarget', { url: 'about:blank', ...(browserContextId ? { browserContextId } : {}) });
      const { sessionId } = await connection.send('Target.attachToTarget', { targetId, flatten: true });
      const page = new Page(connection, sessionId, browserContextId, targetId);
      await Promise.all(['Page.enable', 'Runtime.enable', 'Log.enable'].map((method) => page.send(method)));
      if (!serviceWorkers) await page.send('Page.addScriptToEvaluateOnNewDocument', { source: BLOCK_SERVICE_WORKERS });
      // The QR worker's errors count as the page's.
      await page.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: true });
      return page;
    },
    async close() {
      await connection.send('Browser.close').catch(() => undefined);
      ws.close();
      if (child.exitCode === null) {
        await new Promise((resolve) => {
          const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
          child.once('exit', () => resolve(clearTimeout(timer)));
        });
      }
      if (!profile) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
