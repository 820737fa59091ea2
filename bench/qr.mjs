// The QR row: jsQR (the kiosk's decoder) beside zxing-wasm on the same 100
// camera frames (bench/qr-frames.mjs), in Chromium: in a Web Worker as the
// kiosk decodes (the DevTools protocol cannot slow workers), and on a page's
// main thread slowed 4x, standing in for the panel's slower processor.
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startStaticServer } from '../scripts/static-server.mjs';
import { CPU_SLOWDOWN, HOST, slowDown } from './common.mjs';
import { FRAME_HEIGHT, FRAME_WIDTH, qrFrames } from './qr-frames.mjs';

const FRAMES = 100;
/** Decodes before timing: JIT and the WebAssembly tiers warm up as they would over a scan's first second. */
const WARMUP = 10;
const require = createRequire(import.meta.url);

const PAGE = `<!doctype html><meta charset="utf-8"><title>QR decoders</title>
<script src="/jsQR.js"></script><script src="/zxing-reader.js"></script><script src="/qr-compare.js"></script>`;
const WORKER = `importScripts('/jsQR.js', '/zxing-reader.js', '/qr-compare.js');
onmessage = async ({ data }) => postMessage(await self.compareQrDecoders(data));`;

/** In the page: fetches the frames, then runs the comparison in a worker and on the page. */
async function runInPage({ width, height, warmup, where }) {
  const meta = await (await fetch('/frames.json')).json();
  const bytes = await (await fetch('/frames.bin')).arrayBuffer();
  const size = width * height * 4;
  const frames = meta.map((frame, i) => ({ ...frame, pixels: bytes.slice(i * size, (i + 1) * size) }));
  const job = { frames, width, height, warmup };
  if (where === 'page') return self.compareQrDecoders(job);
  const worker = new Worker('/worker.js');
  const result = await new Promise((resolve, reject) => {
    worker.onmessage = ({ data }) => resolve(data);
    worker.onerror = (event) => reject(new Error(event.message));
    worker.postMessage(job);
  });
  worker.terminate();
  return result;
}

/**
 * @param {import('@playwright/test').Browser} browser
 * @param {{ frames?: ReturnType<typeof qrFrames>, slowed?: boolean }} [options] other frames; `slowed: false` skips the slowed main thread
 */
export async function measureQr(browser, { frames = qrFrames(FRAMES), slowed = true } = {}) {
  const dir = await mkdtemp(path.join(tmpdir(), 'kiosk-bench-qr-'));
  try {
    await writeFile(path.join(dir, 'frames.bin'), Buffer.concat(frames.map((frame) => Buffer.from(frame.data.buffer))));
    await writeFile(path.join(dir, 'frames.json'), JSON.stringify(frames.map(({ kind, text }) => ({ kind, text }))));
    await writeFile(path.join(dir, 'index.html'), PAGE);
    await writeFile(path.join(dir, 'worker.js'), WORKER);
    const zxing = path.dirname(require.resolve('zxing-wasm/reader'));
    await copyFile(require.resolve('jsqr'), path.join(dir, 'jsQR.js'));
    await copyFile(path.join(zxing, '../../iife/reader/index.js'), path.join(dir, 'zxing-reader.js'));
    await copyFile(require.resolve('zxing-wasm/reader/zxing_reader.wasm'), path.join(dir, 'zxing_reader.wasm'));
    await copyFile(new URL('./qr-compare.js', import.meta.url), path.join(dir, 'qr-compare.js'));
    const server = await startStaticServer({ dir, port: 0, host: HOST });
    const context = await browser.newContext();
    try {
      const run = async (where, throttle) => {
        const page = await context.newPage();
        if (throttle) await slowDown(page);
        await page.goto(`${server.url}/`);
        const result = await page.evaluate(runInPage, { width: FRAME_WIDTH, height: FRAME_HEIGHT, warmup: WARMUP, where });
        await page.close();
        return result;
      };
      const worker = await run('worker', false);
      return { frames: frames.length, width: FRAME_WIDTH, height: FRAME_HEIGHT, worker, slowed: slowed ? await run('page', true) : null, slowdown: CPU_SLOWDOWN };
    } finally {
      await context.close();
      await server.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
