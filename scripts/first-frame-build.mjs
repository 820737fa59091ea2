// The first frame (src/first-frame/) as a classic script of its own, as
// the boot guard is built (boot-guard-build.mjs), in the bundle's syntax
// (ES2020, vite.config.ts's target): an engine that cannot parse it cannot
// run the kiosk either, and the boot guard speaks there. index.html loads it right
// after the root, so it paints the welcome from the stored property before
// the bundle has run, and code entry for a digit typed then. Its settings (the strings it shows, the build's
// language) are written into the file: the
// Content-Security-Policy forbids inline scripts.
import { fileURLToPath } from 'node:url';
import { classicScriptPlugin, compileScript, contentHash } from './boot-guard-build.mjs';
import en from '../src/strings/en.json' with { type: 'json' };
import es from '../src/strings/es.json' with { type: 'json' };
import FRAME_STRINGS from '../src/first-frame/frameStrings.json' with { type: 'json' };

const ENTRY = fileURLToPath(new URL('../src/first-frame/main.ts', import.meta.url));
const DEV_PATH = 'first-frame.js';

/** Each language's strings of the welcome and of code entry (src/first-frame/frameStrings.json names them), from the kiosk's own catalogue. */
const STRINGS = Object.fromEntries(
  Object.entries({ en, es }).map(([language, messages]) => [language, Object.fromEntries(Object.entries(FRAME_STRINGS).map(([name, key]) => [name, messages[key]]))]),
);

/** @param {{ language: string }} settings */
export function compileFirstFrame(settings) {
  const define = { defaultLanguage: settings.language, strings: STRINGS };
  return compileScript(ENTRY, { __FIRST_FRAME_SETTINGS__: JSON.stringify(define) }, { target: 2020 });
}

/**
 * The Vite plugin: builds the first frame into `assets/` and loads it from
 * index.html at the end of the body (after the root it paints into); the
 * development server serves it too. A classic script after the root: it runs once the stylesheet has loaded,
 * before the bundle (a deferred module).
 * @param {{ settings: (env: Record<string, string | boolean | undefined>) => { language: string } }} options
 * @returns {import('vite').Plugin}
 */
export function firstFrame({ settings }) {
  return classicScriptPlugin({
    name: 'kiosk-first-frame',
    settings,
    devPath: DEV_PATH,
    async emit(context, resolved) {
      const code = await compileFirstFrame(resolved);
      const file = `assets/first-frame-${await contentHash(code)}.js`;
      context.emitFile({ type: 'asset', fileName: file, source: code });
      return file;
    },
    serve: { [DEV_PATH]: (resolved) => compileFirstFrame(resolved) },
    injectTo: 'body',
  });
}
