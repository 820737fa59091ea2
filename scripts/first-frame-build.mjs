// The first frame (src/first-frame/) as a classic ES5 script of its own, as
// the boot guard is built (boot-guard-build.mjs): index.html loads it right
// after the root, so it paints the welcome from the stored property before
// the bundle has run. Its settings (the strings it shows, the build's
// language) are written into the file: the
// Content-Security-Policy forbids inline scripts.
import { fileURLToPath } from 'node:url';
import { compileScript, contentHash } from './boot-guard-build.mjs';
import en from '../src/strings/en.json' with { type: 'json' };
import es from '../src/strings/es.json' with { type: 'json' };

const ENTRY = fileURLToPath(new URL('../src/first-frame/main.ts', import.meta.url));
const DEV_PATH = 'first-frame.js';

/** Each language's title, app name and reload label, from the kiosk's own catalogue (src/strings/languages.ts). */
const STRINGS = Object.fromEntries(
  Object.entries({ en, es }).map(([language, messages]) => [
    language,
    { title: messages['home.title'], appName: messages['app.name'], reload: messages['app.reload'] },
  ]),
);

/** @param {{ language: string }} settings */
export function compileFirstFrame(settings) {
  const define = { defaultLanguage: settings.language, strings: STRINGS };
  return compileScript(ENTRY, { __FIRST_FRAME_SETTINGS__: JSON.stringify(define) });
}

/**
 * The Vite plugin: builds the first frame into `assets/` and loads it from
 * index.html at the end of the body (after the root it paints into); the
 * development server serves it too.
 * @param {{ settings: (env: Record<string, string | boolean | undefined>) => { language: string } }} options
 * @returns {import('vite').Plugin}
 */
export function firstFrame({ settings }) {
  /** @type {{ language: string }} */
  let resolved;
  let base = '/';
  let isBuild = false;
  let file = DEV_PATH;
  /** @type {Promise<string> | undefined} */
  let devCode;
  return {
    name: 'kiosk-first-frame',
    configResolved(config) {
      resolved = settings(config.env);
      base = config.base;
      isBuild = config.command === 'build';
    },
    async buildStart() {
      if (!isBuild) return;
      const code = await compileFirstFrame(resolved);
      file = `assets/first-frame-${await contentHash(code)}.js`;
      this.emitFile({ type: 'asset', fileName: file, source: code });
    },
    configureServer(server) {
      server.middlewares.use(`${base}${DEV_PATH}`, (_req, res, next) => {
        devCode ??= compileFirstFrame(resolved);
        devCode.then((code) => res.setHeader('Content-Type', 'text/javascript').end(code), next);
      });
    },
    // A classic script after the root: it runs once the stylesheet has loaded, before the bundle (a deferred module).
    transformIndexHtml: () => [{ tag: 'script', attrs: { src: `${base}${file}` }, injectTo: 'body' }],
  };
}
