// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStaticServer } from './static-server.mjs';

let parent;
let server;
beforeAll(async () => {
  parent = mkdtempSync(path.join(tmpdir(), 'static-server-'));
  const dist = path.join(parent, 'dist');
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html><meta http-equiv="Content-Security-Policy" content="default-src &#39;self&#39;; connect-src &#39;self&#39; ws://127.0.0.1:8787"><title>kiosk</title>`,
  );
  writeFileSync(path.join(dist, 'sw.js'), 'self.skipWaiting()');
  writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(path.join(dist, 'assets', 'gate.wav'), 'RIFF');
  writeFileSync(path.join(dist, 'assets', 'qr.wasm'), '\0asm');
  writeFileSync(path.join(parent, 'secret.txt'), 'secret');
  server = await startStaticServer({ dir: dist, port: 0 });
});
afterAll(async () => {
  await server.close();
  rmSync(parent, { recursive: true, force: true });
});

/** A raw GET, so `..` segments reach the server unnormalized. */
const get = (urlPath) =>
  new Promise((resolve, reject) => {
    http.get({ host: '127.0.0.1', port: server.port, path: urlPath }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode, type: res.headers['content-type'], cache: res.headers['cache-control'], headers: res.headers, body }));
    }).on('error', reject);
  });

describe('static server', () => {
  it('serves files with their content types', async () => {
    expect(await get('/assets/app.js')).toMatchObject({ status: 200, type: expect.stringMatching(/^text\/javascript/) });
    expect((await get('/assets/gate.wav')).type).toBe('audio/wav');
    expect((await get('/assets/qr.wasm')).type).toBe('application/wasm');
    expect(await get('/?token=demo-token&model=GEN2')).toMatchObject({ status: 200, body: expect.stringContaining('kiosk') });
  });

  it('lets hashed assets be cached, never the page or the service worker', async () => {
    expect((await get('/assets/app.js')).cache).toBe('public, max-age=3600');
    expect((await get('/')).cache).toBe('no-cache');
    expect((await get('/sw.js')).cache).toBe('no-cache');
  });

  it('falls back to index.html for client routes, not for missing assets', async () => {
    expect(await get('/resident-directory')).toMatchObject({ status: 200, type: expect.stringMatching(/^text\/html/) });
    expect((await get('/assets/missing.js')).status).toBe(404);
  });

  it('never serves files outside its directory', async () => {
    for (const attempt of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt', '/%zz']) {
      const res = await get(attempt);
      expect(res.body).not.toContain('secret');
    }
  });

  it("sends the build's Content-Security-Policy as a header on every answer, with frame-ancestors, which a meta tag cannot carry", async () => {
    const policy = "default-src 'self'; connect-src 'self' ws://127.0.0.1:8787; frame-ancestors 'none'";
    for (const urlPath of ['/', '/enter-code', '/assets/app.js', '/assets/missing.js']) {
      const { headers } = await get(urlPath);
      expect(headers['content-security-policy']).toBe(policy);
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it("sends a new build's policy once it is copied over the running server, and a policy to a build that appears after start", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'static-server-late-'));
    const late = await startStaticServer({ dir, port: 0 });
    const policyOf = async () => (await fetch(`${late.url}/enter-code`)).headers.get('content-security-policy');
    try {
      expect(await policyOf()).toBeNull();
      writeFileSync(path.join(dir, 'index.html'), `<meta http-equiv="Content-Security-Policy" content="connect-src &#39;self&#39; https://api.one.example">`);
      expect(await policyOf()).toBe("connect-src 'self' https://api.one.example; frame-ancestors 'none'");
      writeFileSync(path.join(dir, 'index.html'), `<meta http-equiv="Content-Security-Policy" content="connect-src &#39;self&#39; https://api.two.example:8443">`);
      expect(await policyOf()).toBe("connect-src 'self' https://api.two.example:8443; frame-ancestors 'none'");
    } finally {
      await late.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
