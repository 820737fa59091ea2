// The boot guard (src/boot-guard/) as two classic ES5 scripts of their own:
// the guard, which every start loads, and the report it loads only when the
// kiosk did not start. Each is bundled and minified by Vite as one IIFE,
// brought down to ES5 by TypeScript (Vite's own transforms stop at ES2015),
// then minified again by terser as ES5 (TypeScript prints it out in full).
// The build's settings (the back end's URL, the language, the report's
// address) are written into the files, so the guard needs no inline script,
// which the Content-Security-Policy forbids.
import { fileURLToPath } from 'node:url';
import { minify } from 'terser';
import ts from 'typescript';
import { build } from 'vite';
import en from '../src/strings/bootGuard.en.json' with { type: 'json' };
import es from '../src/strings/bootGuard.es.json' with { type: 'json' };

const GUARD_ENTRY = fileURLToPath(new URL('../src/boot-guard/main.ts', import.meta.url));
const REPORT_ENTRY = fileURLToPath(new URL('../src/boot-guard/reportMain.ts', import.meta.url));
/** Where the development server answers with each (a build names them by their content). */
const DEV_PATHS = { guard: 'boot-guard.js', report: 'boot-report.js' };

/**
 * One entry as a classic script, with `define` written in: ES5 by default,
 * or the syntax of `target` (an ECMAScript year, such as 2020).
 * @param {string} entry
 * @param {Record<string, string>} define
 * @param {{ target?: 5 | 2020 }} [options]
 * @returns {Promise<string>}
 */
export async function compileScript(entry, define, { target = 5 } = {}) {
  const result = await build({
    configFile: false,
    logLevel: 'silent',
    define,
    build: {
      write: false,
      minify: true,
      target: target === 5 ? 'es2015' : `es${target}`,
      lib: { entry, formats: ['iife'], name: 'kioskBootGuard', fileName: () => 'out.js' },
    },
  });
  const [output] = /** @type {import('vite').Rolldown.RolldownOutput[]} */ (Array.isArray(result) ? result : [result]);
  const chunk = output?.output.find((file) => file.type === 'chunk');
  if (!chunk || chunk.type !== 'chunk') throw new Error(`${entry} did not build`);
  const source = target === 5 ? ts.transpileModule(chunk.code, { compilerOptions: { target: ts.ScriptTarget.ES5, module: ts.ModuleKind.None } }).outputText : chunk.code;
  const { code } = await minify(source, { ecma: target });
  if (code === undefined) throw new Error(`${entry} did not minify`);
  return code;
}

/**
 * The guard, ES5, with the report's address and the title of its message written in.
 * @param {{ apiUrl: string, language: string }} settings
 * @param {string} reportScript
 */
export function compileBootGuard(settings, reportScript) {
  const title = (settings.language === 'es' ? es : en)['boot.title'];
  return compileScript(GUARD_ENTRY, { __BOOT_REPORT_SCRIPT__: JSON.stringify(reportScript), __BOOT_GUARD_TITLE__: JSON.stringify(title) });
}

/**
 * The report, ES5, with the back end's URL and the build's language written in.
 * @param {{ apiUrl: string, language: string }} settings
 */
export function compileBootReport(settings) {
  return compileScript(REPORT_ENTRY, {
    __BOOT_GUARD_API_URL__: JSON.stringify(settings.apiUrl),
    __BOOT_GUARD_LANGUAGE__: JSON.stringify(settings.language),
  });
}

/** A short name for the file from its content, so hosts may cache it as long as the rest of `assets/`. */
export async function contentHash(code) {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(code)));
  return Array.from(digest.slice(0, 5), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * A Vite plugin for classic scripts of the kiosk's own, built apart from the
 * bundle: `emit` builds them into `assets/` (it is handed the plugin context,
 * the settings and the base) and names the file index.html loads; `serve`
 * compiles each, by its development path, for the development server; the
 * script tag goes where `injectTo` says.
 * @template S
 * @param {{
 *   name: string,
 *   settings: (env: Record<string, string | boolean | undefined>) => S,
 *   devPath: string,
 *   emit: (context: import('vite').Rollup.PluginContext, settings: S, base: string) => Promise<string>,
 *   serve: Record<string, (settings: S, base: string) => Promise<string>>,
 *   injectTo: 'head-prepend' | 'body',
 * }} options
 * @returns {import('vite').Plugin}
 */
export function classicScriptPlugin({ name, settings, devPath, emit, serve, injectTo }) {
  /** @type {S} */
  let resolved;
  let base = '/';
  let isBuild = false;
  let file = devPath;
  return {
    name,
    configResolved(config) {
      resolved = settings(config.env);
      base = config.base;
      isBuild = config.command === 'build';
    },
    async buildStart() {
      if (isBuild) file = await emit(this, resolved, base);
    },
    configureServer(server) {
      for (const [path, compile] of Object.entries(serve)) {
        /** @type {Promise<string> | undefined} */
        let code;
        server.middlewares.use(`${base}${path}`, (_req, res, next) => {
          code ??= compile(resolved, base);
          code.then((text) => res.setHeader('Content-Type', 'text/javascript').end(text), next);
        });
      }
    },
    transformIndexHtml: () => [{ tag: 'script', attrs: { src: `${base}${file}` }, injectTo }],
  };
}

/**
 * The Vite plugin: builds the guard and its report into `assets/` and loads
 * the guard from index.html before the bundle; the development server serves
 * both too. A classic script at the top of the head: it runs before the bundle (a deferred module), and no
 * stylesheet holds it back until it has loaded. The Content-Security-Policy's tag stays first: its plugin is
 * listed after this one.
 * @param {{ settings: (env: Record<string, string | boolean | undefined>) => { apiUrl: string, language: string } }} options
 * @returns {import('vite').Plugin}
 */
export function bootGuard({ settings }) {
  return classicScriptPlugin({
    name: 'kiosk-boot-guard',
    settings,
    devPath: DEV_PATHS.guard,
    async emit(context, resolved, base) {
      // The report's name comes from its content, and the guard carries that name: the report first.
      const report = await compileBootReport(resolved);
      const reportFile = `assets/boot-report-${await contentHash(report)}.js`;
      const guard = await compileBootGuard(resolved, `${base}${reportFile}`);
      const guardFile = `assets/boot-guard-${await contentHash(guard)}.js`;
      context.emitFile({ type: 'asset', fileName: reportFile, source: report });
      context.emitFile({ type: 'asset', fileName: guardFile, source: guard });
      return guardFile;
    },
    serve: {
      [DEV_PATHS.guard]: (resolved, base) => compileBootGuard(resolved, `${base}${DEV_PATHS.report}`),
      [DEV_PATHS.report]: (resolved) => compileBootReport(resolved),
    },
    injectTo: 'head-prepend',
  });
}
