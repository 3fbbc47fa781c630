// The run page's workflow picker names its workflows; at 900 px every column
// header of the products table can be read; at 1440 px the TOTP key for manual entry is fully visible (and the
// Account page shows the month's spend).
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import {
  chooseWorkflow,
  OFFLINE_WRITER,
  PASSWORD,
  presentOwnClientAddress,
  screenshot,
  signInNewUser,
} from './helpers';

async function newOfflineRun(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'New', exact: true }).click();
  await page.getByLabel('Bundle Name').fill('Layout');
  await page.getByText('Manual', { exact: true }).click();
  await page
    .getByLabel('Product List')
    .fill('Linen Cushion Cover,Hemma,,,,Sand,A soft linen cushion cover.,');
  await chooseWorkflow(page, OFFLINE_WRITER);
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByLabel('1 of 1 products done')).toBeVisible({ timeout: 60_000 });
}

test("the run's workflow picker shows the workflows' names", async ({ page, request }) => {
  await presentOwnClientAddress(page);
  await signInNewUser(page, request, 'picker');
  await newOfflineRun(page);
  const picker = page.getByRole('navigation', { name: 'Workflows' });
  // Each entry reads as its name, not only a number; the selected one is this run's.
  await expect(picker.getByRole('link', { name: OFFLINE_WRITER })).toBeVisible();
  await expect(picker.getByRole('link', { name: OFFLINE_WRITER })).toContainText(OFFLINE_WRITER);
  await expect(picker.locator('[aria-current="page"]')).toContainText(OFFLINE_WRITER);
  await expect(picker.getByRole('link').filter({ hasText: /gpt-4o-mini/ })).toBeVisible();
  await screenshot(page, 'layout-01-workflow-picker');
  await expectNoAxeViolations(page, 'layout-01-workflow-picker');
});

test('at 900 px every column header of the products table is readable', async ({ page, request }) => {
  await page.setViewportSize({ width: 900, height: 800 });
  await presentOwnClientAddress(page);
  await signInNewUser(page, request, 'narrow');
  await newOfflineRun(page);
  const headers = page.locator('table thead th');
  const labels = await headers.allTextContents();
  expect(labels.length).toBeGreaterThanOrEqual(10);
  for (const [index, label] of labels.entries()) {
    const header = headers.nth(index);
    await header.scrollIntoViewIfNeeded();
    // Its whole text fits its cell (no "Meta D…"), and nothing (a frozen column, the box's edge) covers either
    // end of the cell once it is scrolled to.
    const reading = await header.evaluate((cell) => {
      const box = cell.getBoundingClientRect();
      const middle = box.top + box.height / 2;
      const isOwn = (x: number) => {
        const found = document.elementFromPoint(x, middle);
        return found !== null && cell.contains(found);
      };
      return {
        fits: cell.scrollWidth <= cell.clientWidth + 1,
        uncovered: isOwn(box.left + 3) && isOwn(box.right - 3),
        onScreen: box.left >= 0 && box.right <= window.innerWidth,
      };
    });
    expect({ label, ...reading }).toEqual({ label, fits: true, uncovered: true, onScreen: true });
  }
  await screenshot(page, 'layout-02-table-900');
  await expectNoAxeViolations(page, 'layout-02-table-900');
});

test('at 1440 px the TOTP key for manual entry is fully visible', async ({ page, request }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await presentOwnClientAddress(page);
  await signInNewUser(page, request, 'totp-key');
  await page.getByRole('link', { name: 'Account' }).click();
  // The Account page also shows this month's spend on the server's key (none yet).
  await expect(page.getByTestId('month-spend')).toContainText("$0.00 on this server's AI key");
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  const key = page.getByTestId('totp-secret');
  await expect(key).toBeVisible();
  const secret = (await key.textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{16,}=*$/);
  const shown = await key.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const column = element.parentElement!.getBoundingClientRect();
    return {
      fits: element.scrollWidth <= element.clientWidth + 1,
      insideColumn: box.left >= column.left - 1 && box.right <= column.right + 1,
      onScreen: box.left >= 0 && box.right <= window.innerWidth,
      unclipped: (() => {
        // No ancestor that hides overflow cuts it off.
        for (let node = element.parentElement; node; node = node.parentElement) {
          const style = getComputedStyle(node);
          if (style.overflowX !== 'visible') {
            const clip = node.getBoundingClientRect();
            if (box.left < clip.left - 1 || box.right > clip.right + 1) return false;
          }
        }
        return true;
      })(),
    };
  });
  expect(shown).toEqual({ fits: true, insideColumn: true, onScreen: true, unclipped: true });
  await screenshot(page, 'layout-03-totp-key-1440');
  await expectNoAxeViolations(page, 'layout-03-totp-key-1440');
});
