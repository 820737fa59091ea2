// A static file server for the built kiosk (dist/), with the SPA fallback the
// router needs. Used by `npm start` and by the end-to-end tests.
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.wav': 'audio/wav',
  '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg',
  '.wasm': 'application/wasm',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** @param {string} file @returns {Promise<boolean>} */
const isFile = (file) => stat(file).then((s) => s.isFile(), () => false);

/**
 * Maps a URL path to a file under `root`, or null when it points elsewhere.
 * @param {string} root absolute
 * @param {string} urlPath
 */
function resolveInside(root, urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const file = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`);
  return file === root || file.startsWith(root + path.sep) ? file : null;
}

const ENTITIES = { '&#39;': "'", '&quot;': '"', '&lt;': '<', '&gt;': '>', '&amp;': '&' };

/**
 * The Content-Security-Policy of the build's index.html (its meta tag), plus
 * `frame-ancestors 'none'`, which only a header can carry; null without one.
 * @param {string} index
 */
export async function headerPolicy(index) {
  const html = await readFile(index, 'utf8').catch(() => '');
  const match = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/i.exec(html);
  if (!match) return null;
  const policy = match[1].replace(/&#39;|&quot;|&lt;|&gt;|&amp;/g, (entity) => ENTITIES[entity]);
  return `${policy}; frame-ancestors 'none'`;
}

/**
 * The header policy of the build being served, read again whenever index.html
 * changes: a new build copied over a running server (other API or socket
 * origins) is sent with its own policy, and a build that appears after the
 * server started gets one at all.
 * @param {string} index
 */
function createPolicyReader(index) {
  let version = null;
  let policy = null;
  return async () => {
    const info = await stat(index).catch(() => null);
    const current = info ? `${info.mtimeMs}:${info.size}` : null;
    if (current !== version) {
      policy = current === null ? null : await headerPolicy(index);
      version = current;
    }
    return policy;
  };
}

/**
 * @param {{ dir: string, port?: number, host?: string }} options `port: 0` picks a free port
 * @returns {Promise<{ url: string, port: number, close: () => Promise<void> }>}
 */
export async function startStaticServer({ dir, port = 5173, host = '127.0.0.1' }) {
  const root = path.resolve(dir);
  const index = path.join(root, 'index.html');
  const currentPolicy = createPolicyReader(index);

  async function handle(req, res) {
    const policy = await currentPolicy();
    if (policy) res.setHeader('Content-Security-Policy', policy);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'no-referrer');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    const { pathname } = new URL(req.url ?? '/', 'http://local');
    const target = resolveInside(root, pathname);
    if (!target) {
      res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Bad path');
      return;
    }
    let file = target;
    if (!(await isFile(file))) {
      // Client-side routes (/enter-code, /call...) have no extension and get
      // the app; a missing asset stays a 404 rather than HTML posing as JS.
      if (path.extname(pathname) !== '' || !(await isFile(index))) {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
        return;
      }
      file = index;
    }
    const ext = path.extname(file).toLowerCase();
    // Hashed assets may be cached; index.html and the service worker must be
    // re-read so a rebuild shows up.
    const unhashed = file === index || file === path.join(root, 'sw.js');
    res.writeHead(200, {
      'Content-Type': TYPES[ext] ?? 'application/octet-stream',
      'Cache-Control': unhashed ? 'no-cache' : 'public, max-age=3600',
    });
    if (req.method === 'HEAD') return void res.end();
    createReadStream(file).on('error', () => res.destroy()).pipe(res);
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch(() => {
      if (res.headersSent) res.destroy();
      else res.writeHead(500).end();
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(undefined));
  });
  const actualPort = /** @type {import('node:net').AddressInfo} */ (server.address()).port;
  return {
    url: `http://${host}:${actualPort}`,
    port: actualPort,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve(undefined));
        server.closeAllConnections();
      }),
  };
}
