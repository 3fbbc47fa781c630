// Search Console journey: upload the export ZIP, sort by missed clicks, write copy for the top 10
// with an AI workflow, export that run, upload later data, and read the before/after report.
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import Papa from 'papaparse';
import { type ExportPage, exportZip } from '../support/search-console-export';
import { expectNoAxeViolations } from './axe';
import { chooseWorkflow, OFFLINE_WRITER, screenshot, signInNewUser } from './helpers';

test.setTimeout(180_000);

const COUNT = 14;
const name = (i: number) => `Trail Product ${String(i).padStart(2, '0')}`;
const url = (i: number) => `https://shop.example/products/trail-product-${i}`;

// Every product at position 3 (AWR desktop expects 6.94%): product i has 1,000·i impressions and 30·(15−i)
// clicks, so missed clicks are 99.4·i − 450: above zero for products 5–14, exactly the top 10, with 14 first.
// Product 1 has 90 impressions: not enough data. By clicks (Search Console's order) product 2 comes first.
function beforePages(): ExportPage[] {
  return Array.from({ length: COUNT }, (_, k) => {
    const i = k + 1;
    return i === 1
      ? { url: url(i), clicks: 2, impressions: 90, position: 3 }
      : { url: `${url(i)}/`, clicks: 30 * (15 - i), impressions: 1_000 * i, position: 3 };
  });
}
// After: the rewritten ones at 6% CTR; product 6 fell to position 5 (inconclusive); the control unchanged.
function afterPages(): ExportPage[] {
  return beforePages().map((page, k) => {
    const i = k + 1;
    if (i < 5) return page;
    return { ...page, clicks: Math.round(page.impressions * 0.06), position: i === 6 ? 5 : 3.2 };
  });
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function uploadExport(page: Page, file: string) {
  await page.locator('input[type="file"]').setInputFiles(file);
  await page.getByRole('button', { name: 'Import search data' }).click();
}

test('upload the ZIP, sort by missed clicks, write the top 10, export, upload later data, read the report', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  const dir = await mkdtemp(path.join(tmpdir(), 'gsc-e2e-'));
  const beforeZip = path.join(dir, 'before.zip');
  const afterZip = path.join(dir, 'after.zip');
  await writeFile(beforeZip, exportZip(beforePages(), { start: day(-40), end: day(-13) }));
  await writeFile(afterZip, exportZip(afterPages(), { start: day(3), end: day(30) }));

  await signInNewUser(page, request, 'search-data');
  await page.getByRole('link', { name: 'New', exact: true }).click();
  await page.getByLabel('Bundle Name').fill('Trail shop');
  await page.getByText('Manual', { exact: true }).click();
  const rows = Array.from(
    { length: COUNT },
    (_, k) =>
      `${name(k + 1)},Trailhead,${url(k + 1)},,,Grey,"A sturdy piece of trail gear, number ${k + 1}.",`,
  );
  await page.getByLabel('Product List').fill(rows.join('\n'));
  await chooseWorkflow(page, OFFLINE_WRITER);
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/view-bundle\/\d+\/4$/);
  await expect(page.getByLabel(`${COUNT} of ${COUNT} products done`)).toBeVisible({ timeout: 60_000 });

  // 1. Upload the ZIP: every product page matched, the period from its Chart.csv, the columns named.
  await uploadExport(page, beforeZip);
  const imported = page.getByRole('status').filter({ hasText: 'Search Console data imported' });
  await expect(imported).toContainText(`${COUNT} of ${COUNT} pages matched ${COUNT} products; 0 unmatched`);
  await expect(imported).toContainText(`Period ${day(-40)} to ${day(-13)}`);
  await expect(imported).toContainText('page ← “Top pages”');

  // 2. Sort by missed clicks: product 14 first, product 1 last with "Not enough data".
  const table = page.getByRole('table', { name: 'Search priorities' });
  const firstCell = table.locator('tbody tr').first().locator('td').first();
  await expect(firstCell).toContainText(name(2));
  await page.getByRole('combobox', { name: 'Sort by' }).click();
  await page.getByRole('option', { name: 'Missed clicks' }).click();
  await expect(firstCell).toContainText(name(14));
  // 1,000 × 14 × 6.94% − 30 = 941.6 missed clicks.
  await expect(table.locator('tbody tr').first()).toContainText('942');
  await expect(table.locator('tbody tr').last()).toContainText(name(1));
  await expect(table.locator('tbody tr').last()).toContainText('Not enough data');
  await screenshot(page, 'search-01-priorities');
  await expectNoAxeViolations(page, 'search-01-priorities');

  // The run's own products table orders and filters by missed clicks too.
  const runRows = page.getByRole('table', { name: 'Products' }).locator('tr[id^="product-"]');
  await expect(runRows.first()).toContainText(name(1));
  await page.getByRole('combobox', { name: 'Order by search data' }).click();
  await page.getByRole('option', { name: 'Most missed clicks first' }).click();
  await expect(runRows.first()).toContainText(name(14));
  await page.getByRole('combobox', { name: 'Order by search data' }).click();
  await page.getByRole('option', { name: 'Only products missing clicks' }).click();
  await expect(runRows).toHaveCount(10);

  // 3. Write copy for the top 10 with an AI workflow: a run of exactly those products.
  await page.getByRole('combobox', { name: 'Workflow for the top products' }).click();
  await page.getByRole('option', { name: 'SEO copy (gpt-4o-mini)' }).click();
  await page.getByRole('button', { name: 'Write copy for the top 10' }).click();
  await expect(page).toHaveURL(/\/view-bundle\/\d+\/5$/);
  await expect(page.getByLabel('10 of 10 products done')).toBeVisible({ timeout: 90_000 });

  // 4. Export the run: the 10 rewritten products, and their export date is kept.
  await page.getByRole('button', { name: 'Export CSV/JSON' }).click();
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: /CSV \(generated\.csv\)/ }).click();
  const download = await downloadPromise;
  const exported = Papa.parse<Record<string, string>>(
    (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, ''),
    { header: true, skipEmptyLines: true },
  ).data;
  expect(exported).toHaveLength(10);

  // 5. Later data, for a window starting 3 days after the export: the before/after report.
  await uploadExport(page, afterZip);
  await expect(page.getByRole('status').filter({ hasText: `Period ${day(3)} to ${day(30)}` })).toBeVisible();
  const groups = page.getByRole('table', { name: 'Before and after by group' });
  await expect(groups).toBeVisible();
  const rewritten = groups.getByRole('row', { name: /^Rewritten 9/ });
  await expect(rewritten).toContainText('→');
  await expect(groups.getByRole('row', { name: /^Rewritten, position moved 1/ })).toBeVisible();
  await expect(groups.getByRole('row', { name: /^Control \(not rewritten\) 4/ })).toBeVisible();
  await expect(groups.getByRole('row', { name: /^Whole bundle 14/ })).toBeVisible();
  const products = page.getByRole('table', { name: 'Before and after by product' });
  await expect(products.getByRole('row', { name: new RegExp(name(6)) })).toContainText(
    'inconclusive (position moved)',
  );
  await expect(products.getByRole('row', { name: new RegExp(name(14)) })).toContainText('credited');
  await expect(products.getByRole('row', { name: new RegExp(name(2)) })).toContainText('control');
  await expect(page.getByRole('img', { name: /CTR before and after by group/ })).toBeVisible();
  await screenshot(page, 'search-02-before-after');
  await expectNoAxeViolations(page, 'search-02-before-after');
});
