// What "fits the panel" means, checked in the page: the page does not scroll,
// no element lies outside the viewport, no text spills out of or is cut by its
// box, and no two controls or texts overlap. Rows of the TOUCH directory list
// scroll inside their own area and only have to stay within its sides.
import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { callIsolated } from './isolatedWorld';

/** The panels the kiosk is designed for: landscape 7" and 10", and the portrait towers. */
export const PANEL_SIZES = [
  { width: 800, height: 480 },
  { width: 1024, height: 600 },
  { width: 1280, height: 800 },
  { width: 480, height: 800 },
  { width: 600, height: 1024 },
  { width: 800, height: 1280 },
] as const;

export type PanelSize = (typeof PANEL_SIZES)[number];

/** Everything wrong with the layout on screen now, one line each (empty when it fits). */
export async function layoutProblems(page: Page): Promise<string[]> {
  // In an isolated world: a paused page clock does not hold its animation frames.
  return callIsolated(page, async () => {
    // After two frames, so that a resize has been laid out and its observers (the directory's page shape) have run.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const problems: string[] = [];
    const width = window.innerWidth;
    const height = window.innerHeight;
    const describe = (element: Element) => {
      const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 30);
      const classes = typeof element.className === 'string' && element.className ? `.${element.className.split(' ').join('.')}` : '';
      return `<${element.tagName.toLowerCase()}${classes}>${text ? ` "${text}"` : ''}`;
    };
    const box = (rect: DOMRect) => `${Math.round(rect.left)},${Math.round(rect.top)} ${Math.round(rect.width)}x${Math.round(rect.height)}`;

    for (const scroller of [document.documentElement, document.body, document.getElementById('root')]) {
      if (scroller && (scroller.scrollWidth > scroller.clientWidth || scroller.scrollHeight > scroller.clientHeight)) {
        problems.push(`the page scrolls: ${describe(scroller)} holds ${scroller.scrollWidth}x${scroller.scrollHeight} in ${width}x${height}`);
      }
    }

    /** Fully transparent, itself or through an ancestor (the directory's pages rendered ahead): not on show. */
    const transparent = (element: Element) => {
      for (let at: Element | null = element; at; at = at.parentElement) if (getComputedStyle(at).opacity === '0') return true;
      return false;
    };
    // A notification covers the screen: then only it is on show.
    const overlay = document.querySelector('.notification');
    // Home kept under code entry or the directory stays painted: not on show where that screen's layer covers the whole screen, opaque.
    const over = document.querySelector('.screen-over:not(.screen-ahead):not(.screen-leaving)');
    const overRect = over?.getBoundingClientRect();
    const homeCovered =
      over !== null && overRect !== undefined && overRect.left <= 0 && overRect.top <= 0 && overRect.right >= width && overRect.bottom >= height &&
      getComputedStyle(over).opacity === '1' && /^rgb\(/.test(getComputedStyle(over).backgroundColor);
    const shown = [...(overlay ?? document.body).querySelectorAll('*')].filter((element) => {
      // Code entry drawn ahead for a frame under home, in the background's colour (CodeEntryAhead), is not on show.
      if (element.closest('.code-entry-ahead')) return false;
      if (homeCovered && element.closest('.screen-covered')) return false;
      const style = getComputedStyle(element);
      const rect = element.getBoundingClientRect();
      return style.display !== 'none' && style.visibility !== 'hidden' && !transparent(element) && rect.width > 0 && rect.height > 0;
    });
    /** What of an element can be seen: a row of the scrolling list only within the list. */
    const visibleRect = (element: Element): DOMRect | null => {
      const rect = element.getBoundingClientRect();
      const list = element.parentElement?.closest('.directory-scroll');
      if (!list) return rect;
      const area = list.getBoundingClientRect();
      const top = Math.max(rect.top, area.top);
      const bottom = Math.min(rect.bottom, area.bottom);
      return bottom - top > 1 ? new DOMRect(rect.left, top, rect.width, bottom - top) : null;
    };
    for (const element of shown) {
      const rect = element.getBoundingClientRect();
      const list = element.parentElement?.closest('.directory-scroll');
      if (list) {
        const area = list.getBoundingClientRect();
        if (rect.left < area.left - 0.5 || rect.right > area.right + 0.5) problems.push(`${describe(element)} sticks out of the list: ${box(rect)}`);
      } else if (rect.left < -0.5 || rect.top < -0.5 || rect.right > width + 0.5 || rect.bottom > height + 0.5) {
        problems.push(`${describe(element)} is outside the ${width}x${height} screen: ${box(rect)}`);
      }
      // Content wider or taller than its box is cut (overflow hidden) or spills over its neighbours.
      const scrolls = element.classList.contains('directory-scroll');
      if (!scrolls && element instanceof HTMLElement && element.tagName !== 'VIDEO') {
        if (element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1) {
          problems.push(`${describe(element)} does not hold its content: ${element.scrollWidth}x${element.scrollHeight} in ${element.clientWidth}x${element.clientHeight}`);
        }
      }
    }

    // Controls and texts must not overlap one another (a picture in picture over a video is fine).
    const leaves = shown
      .filter((element) => element.matches('button, a, h1, h2, p, kbd, .slot, figcaption, footer > span'))
      .map((element) => ({ element, rect: visibleRect(element) }))
      .filter((leaf): leaf is { element: Element; rect: DOMRect } => leaf.rect !== null);
    for (let i = 0; i < leaves.length; i += 1) {
      for (let j = i + 1; j < leaves.length; j += 1) {
        const [a, b] = [leaves[i]!, leaves[j]!];
        if (a.element.contains(b.element) || b.element.contains(a.element)) continue;
        const overlapX = Math.min(a.rect.right, b.rect.right) - Math.max(a.rect.left, b.rect.left);
        const overlapY = Math.min(a.rect.bottom, b.rect.bottom) - Math.max(a.rect.top, b.rect.top);
        if (overlapX > 1 && overlapY > 1) problems.push(`${describe(a.element)} ${box(a.rect)} overlaps ${describe(b.element)} ${box(b.rect)}`);
      }
    }
    return problems;
  });
}

/** Fails with every problem listed when the screen does not fit the panel. */
export async function expectFits(page: Page, what: string): Promise<void> {
  // Soft: one run reports every screen that does not fit, not only the first.
  expect.soft(await layoutProblems(page), `${what}: nothing outside the screen, cut, spilling or overlapping`).toEqual([]);
}

/** TOUCH targets: every element matching `selector` is at least `min` CSS px wide and tall. */
export async function expectTargets(page: Page, selector: string, min: number, what: string): Promise<void> {
  const sizes = await page.locator(selector).evaluateAll((elements) =>
    elements.map((element) => {
      const rect = element.getBoundingClientRect();
      return { text: (element.textContent ?? '').trim(), width: Math.round(rect.width * 10) / 10, height: Math.round(rect.height * 10) / 10 };
    }),
  );
  expect.soft(sizes.length, `${what}: ${selector} on screen`).toBeGreaterThan(0);
  const small = sizes.filter((size) => size.width < min || size.height < min);
  expect.soft(small, `${what}: ${selector} at least ${min}x${min} px`).toEqual([]);
}

const SCREENSHOTS = fileURLToPath(new URL('../../../test-results/screenshots/', import.meta.url));
const DOCS = fileURLToPath(new URL('../../../docs/screenshots/', import.meta.url));

/**
 * Writes test-results/screenshots/<name>.png on every run and, with
 * UPDATE_DOCS_SCREENSHOTS=1, copies it to docs/screenshots/<docsName>.
 */
export async function saveScreenshot(page: Page, name: string, docsName?: string): Promise<void> {
  const file = path.join(SCREENSHOTS, `${name}.png`);
  await mkdir(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file, animations: 'disabled', caret: 'hide' });
  if (docsName && process.env.UPDATE_DOCS_SCREENSHOTS === '1') await copyFile(file, path.join(DOCS, docsName));
}
