// The boot guard (src/boot-guard/) as a classic ES5 script of its own: bundled
// and minified by Vite as one IIFE, then brought down to ES5 by TypeScript
// (Vite's own transforms stop at ES2015). The build's settings (the back end's
// URL, the language) are written into the file, so the guard needs no inline
// script, which the Content-Security-Policy forbids.
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { build } from 'vite';

const ENTRY = fileURLToPath(new URL('../src/boot-guard/main.ts', import.meta.url));
/** Where the development server answers with the guard (a build names it by its content). */
const DEV_PATH = 'boot-guard.js';

/**
 * The guard's code, ES5, with `settings` written in.
 * @param {{ apiUrl: string, language: string }} settings
 * @returns {Promise<string>}
 */
export async function compileBootGuard(settings) {
  const result = await build({
    configFile: false,
    logLevel: 'silent',
    define: { __BOOT_GUARD_API_URL__: JSON.stringify(settings.apiUrl), __BOOT_GUARD_LANGUAGE__: JSON.stringify(settings.language) },
    build: {
      write: false,
      minify: true,
      target: 'es2015',
      lib: { entry: ENTRY, formats: ['iife'], name: 'kioskBootGuard', fileName: () => DEV_PATH },
    },
  });
  const [output] = /** @type {import('vite').Rolldown.RolldownOutput[]} */ (Array.isArray(result) ? result : [result]);
  const chunk = output?.output.find((file) => file.type === 'chunk');
  if (!chunk || chunk.type !== 'chunk') throw new Error('The boot guard did not build');
  return ts.transpileModule(chunk.code, { compilerOptions: { target: ts.ScriptTarget.ES5, module: ts.ModuleKind.None } }).outputText;
}

/** A short name for the file from its content, so hosts may cache it as long as the rest of `assets/`. */
async function contentHash(code) {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(code)));
  return Array.from(digest.slice(0, 5), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The Vite plugin: builds the guard into `assets/` and loads it from
 * index.html before the bundle; the development server serves it too.
 * @param {{ settings: (env: Record<string, string | boolean | undefined>) => { apiUrl: string, language: string } }} options
 * @returns {import('vite').Plugin}
 */
export function bootGuard({ settings }) {
  /** @type {{ apiUrl: string, language: string }} */
  let resolved;
  let base = '/';
  let isBuild = false;
  let fileName = DEV_PATH;
  /** @type {Promise<string> | null} */
  let devCode = null;
  return {
    name: 'kiosk-boot-guard',
    configResolved(config) {
      resolved = settings(config.env);
      base = config.base;
      isBuild = config.command === 'build';
    },
    async buildStart() {
      if (!isBuild) return;
      const source = await compileBootGuard(resolved);
      fileName = `assets/boot-guard-${await contentHash(source)}.js`;
      this.emitFile({ type: 'asset', fileName, source });
    },
    configureServer(server) {
      server.middlewares.use(`${base}${DEV_PATH}`, (_req, res, next) => {
        devCode ??= compileBootGuard(resolved);
        devCode.then((code) => res.setHeader('Content-Type', 'text/javascript').end(code), next);
      });
    },
    // A classic script at the top of the head: it runs before the bundle (a deferred module), and no stylesheet
    // holds it back until it has loaded. The Content-Security-Policy's tag stays first: its plugin is listed after this one.
    transformIndexHtml: () => [{ tag: 'script', attrs: { src: `${base}${fileName}` }, injectTo: 'head-prepend' }],
  };
}
