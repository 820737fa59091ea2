// @vitest-environment node
import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import { compileFirstFrame } from './first-frame-build.mjs';

describe('the first frame as built', () => {
  it("is a classic script in the bundle's syntax (ES2020) with each language's welcome and the build's language written in", async () => {
    const code = await compileFirstFrame({ language: 'es' });
    // Later built-ins are only called inside its try: an engine without them starts the kiosk without the frame.
    const problems = new Linter().verify(code, { languageOptions: { ecmaVersion: 2020, sourceType: 'script' } });
    expect(problems.map((problem) => problem.message)).toEqual([]);
    expect(code).toContain('"Welcome to {name}!"');
    expect(code).toContain('Bienvenido a {name}!"');
    expect(code).toMatch(/defaultLanguage:\s*"es"/);
    expect(code).not.toMatch(/\bimport\b|\bexport\b/);
  }, 60_000);
});
