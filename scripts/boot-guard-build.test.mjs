// @vitest-environment node
import { Linter } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { compileBootGuard, compileBootReport } from './boot-guard-build.mjs';

/** Built-ins later than ES5 that an old engine lacks (methods by name, on whatever object). */
const LATER_METHODS = ['includes', 'startsWith', 'endsWith', 'find', 'findIndex', 'padStart', 'padEnd', 'repeat', 'assign', 'from', 'hasOwn', 'at', 'entries', 'values'];
const LATER_GLOBALS = ['Promise', 'Map', 'Set', 'WeakMap', 'Symbol', 'fetch', 'URL', 'URLSearchParams', 'Proxy', 'Reflect', 'AbortController', 'structuredClone'];

/** What ESLint finds wrong with `code` read as an ES5 classic script. */
function es5Problems(code) {
  const messages = new Linter().verify(code, {
    languageOptions: { ecmaVersion: 5, sourceType: 'script' },
    rules: {
      'no-restricted-properties': ['error', ...LATER_METHODS.map((property) => ({ property }))],
      'no-restricted-globals': ['error', ...LATER_GLOBALS],
    },
  });
  return messages.map((message) => `${message.line}:${message.column} ${message.message}`);
}

describe('the boot guard as built', () => {
  const settings = { apiUrl: 'https://api.example.test' };
  const REPORT = '/assets/boot-report-0123456789.js';
  /** @type {Record<'en' | 'es', { guard: string, report: string }>} */
  const built = { en: { guard: '', report: '' }, es: { guard: '', report: '' } };
  beforeAll(async () => {
    for (const language of /** @type {const} */ (['en', 'es'])) {
      const [guard, report] = await Promise.all([
        compileBootGuard({ ...settings, language }, REPORT),
        compileBootReport({ ...settings, language }),
      ]);
      built[language] = { guard, report };
    }
  }, 60_000);

  it('is two ES5 classic scripts: no later syntax, no later built-ins, no module', () => {
    for (const { guard, report } of Object.values(built)) {
      expect(es5Problems(guard)).toEqual([]);
      expect(es5Problems(report)).toEqual([]);
    }
    // The check itself: it refuses what the guard must not contain.
    expect(es5Problems('var f = () => 1;')).toEqual([expect.stringContaining('Parsing error')]);
    expect(es5Problems('var a = "x".startsWith("y"); new Promise(function () {});')).toHaveLength(2);
  });

  it("the guard carries the report's address and the title; the report the back end's URL and only the build's language", () => {
    expect(built.en.guard).toContain(`"${REPORT}"`);
    expect(built.en.guard).toContain('The kiosk cannot start in this browser');
    expect(built.es.guard).toContain('El quiosco no puede iniciarse en este navegador');
    expect(built.en.report).toContain('"https://api.example.test"');
    expect(built.en.report).toContain('The kiosk cannot start in this browser');
    expect(built.en.report).not.toContain('El quiosco no puede iniciarse');
    expect(built.es.report).toContain('El quiosco no puede iniciarse en este navegador');
    expect(built.es.report).not.toContain('The kiosk cannot start in this browser');
  });

  it('the guard, on every start\'s path, holds only the watching: the engine table and the message stay in the report', () => {
    expect(built.en.guard).not.toContain('WebKitGTK');
    expect(built.en.guard).not.toContain('Browser engine');
    expect(built.en.report).toContain('WebKitGTK');
  });
});
