import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

// WCAG 2.2 contrast of the kiosk's palette, read from the style sheet itself:
// 4.5:1 for text, 3:1 for large text and for the edges of controls (1.4.3, 1.4.11).
const css = readFileSync(resolve(__dirname, 'styles.css'), 'utf8');

function variable(name: string): string {
  const match = new RegExp(`--${name}:\\s*(#[0-9a-fA-F]{6})`).exec(css);
  if (!match?.[1]) throw new Error(`--${name} is not a #rrggbb color in styles.css`);
  return match[1];
}

function rule(selector: string, property: string): string {
  const block = new RegExp(`${selector.replace(/[.]/g, '\\.')}\\s*\\{([^}]*)\\}`).exec(css)?.[1] ?? '';
  const value = new RegExp(`(?:^|;|\\s)${property}:\\s*(#[0-9a-fA-F]{3,6}|var\\(--[\\w-]+\\))`).exec(block)?.[1];
  if (!value) throw new Error(`${selector} has no ${property} color`);
  return value.startsWith('var(') ? variable(value.slice(6, -1)) : value;
}

function luminance(hex: string): number {
  const full = hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex;
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = parseInt(full.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
};

describe('colors', () => {
  const background = rule(':root', 'background');
  const panel = variable('panel');

  it.each([
    ['text on the background', variable('text'), background],
    ['text on a control', variable('text'), panel],
    ['muted text on the background', variable('muted'), background],
    ['muted text on a control', variable('muted'), panel],
    ['accent text (headings, lookup codes) on the background', variable('accent-text'), background],
    ['a button hint', rule('.button-hint', 'color'), rule('.button-hint', 'background')],
    ['an error notification (rules R2.2.4: black)', rule('.notification-error', 'color'), rule('.notification-error', 'background')],
    ['a success notification (rules R2.2.4: green)', rule('.notification-ok', 'color'), rule('.notification-ok', 'background')],
  ])('%s: at least 4.5:1', (_what, foreground, behind) => {
    expect(contrast(foreground, behind)).toBeGreaterThanOrEqual(4.5);
  });

  it.each([
    ['control edges on the background', variable('line'), background],
    ['control edges on a control', variable('line'), panel],
    ['the focus ring on the background', variable('accent-text'), background],
    ['the focus ring on a control', variable('accent-text'), panel],
    ['the slot the next digit goes into', variable('text'), background],
  ])('%s: at least 3:1', (_what, foreground, behind) => {
    expect(contrast(foreground, behind)).toBeGreaterThanOrEqual(3);
  });

  it('keeps the notification backgrounds of rules R2.2.4: black for errors, green otherwise', () => {
    expect(rule('.notification-error', 'background')).toBe('#000');
    const [r, g, b] = [1, 3, 5].map((at) => parseInt(rule('.notification-ok', 'background').slice(at, at + 2), 16));
    expect(g).toBeGreaterThan(r! * 2);
    expect(g).toBeGreaterThan(b! * 2);
  });
});
