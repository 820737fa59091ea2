// Checks the whole screen shown now against WCAG 2.2 A and AA with axe-core,
// and tells the panel's strings in either language.
import { expect, type Page } from '@playwright/test';
import axe from 'axe-core';
import en from '../../../src/strings/en.json' with { type: 'json' };
import es from '../../../src/strings/es.json' with { type: 'json' };
import guidanceEn from '../../../src/strings/guidance.en.json' with { type: 'json' };
import guidanceEs from '../../../src/strings/guidance.es.json' with { type: 'json' };
import installerEn from '../../../src/strings/installer.en.json' with { type: 'json' };
import installerEs from '../../../src/strings/installer.es.json' with { type: 'json' };
import screensEn from '../../../src/strings/screens.en.json' with { type: 'json' };
import screensEs from '../../../src/strings/screens.es.json' with { type: 'json' };
import setupEn from '../../../src/strings/setup.en.json' with { type: 'json' };
import { evaluateIsolated } from './isolatedWorld';

export const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/**
 * Fails (softly, so one run lists every screen) on any WCAG 2.2 A or AA
 * violation. axe-core runs in an isolated world, so a paused page clock does
 * not stop it.
 */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  const options = {
    runOnly: { type: 'tag', values: WCAG_22_AA },
    // The kiosk's lockdown blocks zoom on purpose (user-scalable=no); the type is sized for the panel instead.
    rules: { 'meta-viewport': { enabled: false } },
    resultTypes: ['violations'],
  };
  const results = await evaluateIsolated<axe.AxeResults>(page, axe.source, `axe.run(document, ${JSON.stringify(options)})`);
  const violations = results.violations.map(
    (violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`,
  );
  expect.soft(violations, `${what}: WCAG 2.2 A and AA violations`).toEqual([]);
}

export type Language = 'en' | 'es';
type Key = keyof typeof en | keyof typeof installerEn | keyof typeof guidanceEn | keyof typeof screensEn | keyof typeof setupEn;

/** The catalogue's string in `language`, placeholders filled. */
export function text(language: Language, key: Key, params: Record<string, string> = {}): string {
  const strings: Record<string, string> =
    language === 'es'
      ? { ...es, ...screensEs, ...installerEs, ...guidanceEs }
      : { ...en, ...screensEn, ...installerEn, ...guidanceEn, ...setupEn };
  const template = strings[key]!;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);
}
