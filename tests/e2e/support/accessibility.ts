// Checks the whole screen shown now against WCAG 2.2 A and AA with axe-core,
// and tells the panel's strings in either language.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import en from '../../../src/strings/en.json' with { type: 'json' };
import es from '../../../src/strings/es.json' with { type: 'json' };

export const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/** Fails (softly, so one run lists every screen) on any WCAG 2.2 A or AA violation. */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(WCAG_22_AA)
    // The kiosk's lockdown blocks zoom on purpose (user-scalable=no); the type is sized for the panel instead.
    .disableRules(['meta-viewport'])
    .analyze();
  const violations = results.violations.map(
    (violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`,
  );
  expect.soft(violations, `${what}: WCAG 2.2 A and AA violations`).toEqual([]);
}

export type Language = 'en' | 'es';
type Key = keyof typeof en;

/** The catalogue's string in `language`, placeholders filled. */
export function text(language: Language, key: Key, params: Record<string, string> = {}): string {
  const template = (language === 'es' ? es : en)[key];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);
}
