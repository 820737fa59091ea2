// README screenshots, written only on request: UPDATE_DOCS_SCREENSHOTS=1.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

const DOCS = fileURLToPath(new URL('../../../docs/screenshots/', import.meta.url));

export async function docsScreenshot(page: Page, name: string): Promise<void> {
  if (process.env.UPDATE_DOCS_SCREENSHOTS !== '1') return;
  await page.screenshot({ path: path.join(DOCS, name), animations: 'disabled' });
}
