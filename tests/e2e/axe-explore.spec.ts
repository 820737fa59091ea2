import AxeBuilder from '@axe-core/playwright';
import { test, expect, KNOWN, typeCode } from './fixtures';
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
async function scan(page: any, name: string) {
  const r = await new AxeBuilder({ page }).withTags(TAGS).disableRules(['meta-viewport']).analyze();
  console.log('==', name, JSON.stringify(r.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(' ') + ' :: ' + n.failureSummary?.slice(0, 200)) })), null, 1));
}
for (const model of ['GEN2', 'TOUCH']) {
  test('explore ' + model, async ({ page, kiosk }) => {
    test.setTimeout(60000);
    await kiosk.open(page, { model });
    await scan(page, model + ' home');
    await page.goto(kiosk.url({}, '/enter-code'));
    await page.keyboard.press('1');
    await scan(page, model + ' code');
    await page.goto(kiosk.url({}, '/resident-directory'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('call resident');
    await scan(page, model + ' dir');
    await page.goto(kiosk.url({}, '/scan-qr'));
    await page.waitForTimeout(1000);
    await scan(page, model + ' qr');
    await page.goto(kiosk.url({}, '/'));
    await typeCode(page, '99999');
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await scan(page, model + ' err');
  });
}
