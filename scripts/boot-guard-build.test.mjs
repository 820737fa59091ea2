// @vitest-environment node
import { Linter } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { compileBootGuard } from './boot-guard-build.mjs';

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
  let english = '';
  let spanish = '';
  beforeAll(async () => {
    [english, spanish] = await Promise.all([
      compileBootGuard({ apiUrl: 'https://api.example.test', language: 'en' }),
      compileBootGuard({ apiUrl: 'https://api.example.test', language: 'es' }),
    ]);
  }, 60_000);

  it('is an ES5 classic script: no later syntax, no later built-ins, no module', () => {
    expect(es5Problems(english)).toEqual([]);
    expect(es5Problems(spanish)).toEqual([]);
    // The check itself: it refuses what the guard must not contain.
    expect(es5Problems('var f = () => 1;')).toEqual([expect.stringContaining('Parsing error')]);
    expect(es5Problems('var a = "x".startsWith("y"); new Promise(function () {});')).toHaveLength(2);
  });

  it("carries the back end's URL and only the build's language", () => {
    expect(english).toContain('"https://api.example.test"');
    expect(english).toContain('The kiosk cannot start in this browser');
    expect(english).not.toContain('El quiosco no puede iniciarse');
    expect(spanish).toContain('El quiosco no puede iniciarse en este navegador');
    expect(spanish).not.toContain('The kiosk cannot start in this browser');
  });

  it('stays small: it loads before the first screen', () => {
    expect(english.length).toBeLessThan(8_000);
  });
});
