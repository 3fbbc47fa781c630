// The Merchant Center feed from the export menu: the user uploads the store's main feed, and the
// downloaded zip's supplemental feed carries the main feed's own ids; what the main feed lacks is reported.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import Papa from 'papaparse';
import { fixturePath } from '../support/fixture-path';
import { expectNoAxeViolations } from './axe';
import { chooseWorkflow, OFFLINE_WRITER, screenshot, signInNewUser } from './helpers';

const FIXTURE = fixturePath('shopify-apparel.csv');

// A main feed in the shape Shopify's Google channel sends: shopify_US_<product>_<variant> ids, links with
// ?variant=, and the variant's size. It lists three of the export's products; the rest are not in it.
const MAIN_FEED_ITEMS = [
  ['shopify_US_7001_9001', 'Ocean Blue Shirt', 'ocean-blue-shirt', '9001', ''],
  ['shopify_US_7002_9011', 'Classic Varsity Top', 'classic-varsity-top', '9011', 'Small'],
  ['shopify_US_7002_9012', 'Classic Varsity Top', 'classic-varsity-top', '9012', 'Medium'],
  ['shopify_US_7002_9013', 'Classic Varsity Top', 'classic-varsity-top', '9013', 'Large'],
  ['shopify_US_7003_9021', 'Yellow Wool Jumper', 'yellow-wool-jumper', '9021', ''],
] as const;
const MAIN_FEED = [
  'id\ttitle\tlink\tcolor\tsize\tavailability',
  ...MAIN_FEED_ITEMS.map(
    ([id, title, handle, variant, size]) =>
      `${id}\t${title}\thttps://apparel.example/products/${handle}?variant=${variant}\t\t${size}\tin stock`,
  ),
].join('\n');

test('Merchant feed with the main feed uploaded: the zip holds the main feed ids and a report', async ({
  page,
  request,
}) => {
  await signInNewUser(page, request, 'merchant');
  await page.getByRole('link', { name: 'New', exact: true }).click();
  await page.getByLabel('Bundle Name').fill('Apparel feed');
  await page.getByLabel('Product file (CSV or TSV)').setInputFiles(FIXTURE);
  await expect(page.getByRole('combobox', { name: 'title column' })).toHaveValue('Title');
  await chooseWorkflow(page, OFFLINE_WRITER);
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/view-bundle\/\d+\/4$/);
  await expect(page.getByLabel('22 of 22 products done')).toBeVisible({ timeout: 60_000 });

  await page.getByRole('button', { name: 'Export CSV/JSON' }).click();
  await page.getByRole('menuitem', { name: /Google Merchant Center feed/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Google Merchant Center feed' });
  // A Shopify CSV export has no numeric Shopify ids, so without a main feed the ids default to SKU.
  await expect(dialog.getByRole('combobox', { name: 'Item ids' })).toHaveValue('SKU');
  await dialog.getByLabel('Main feed file').setInputFiles({
    name: 'products.tsv',
    mimeType: 'text/tab-separated-values',
    buffer: Buffer.from(MAIN_FEED),
  });
  await expect(dialog.getByText('products.tsv')).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Item ids' })).toHaveValue(
    'From the main feed (upload it below)',
  );
  await screenshot(page, 'merchant-01-export-form');
  await expectNoAxeViolations(page, 'merchant-01-export-form');

  const sent = page.waitForRequest((req) => req.url().endsWith('/functions/v1/export-bundle'));
  const downloadPromise = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download' }).click();
  const body = (await sent).postDataJSON();
  expect(body).toMatchObject({
    format: 'merchant',
    merchant_id_scheme: 'from_feed',
    main_feed: { text: MAIN_FEED },
    // Each conversational attribute has its switch, on unless switched off.
    merchant_attributes: ['item_group_title', 'question_and_answer', 'size', 'color'],
  });
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('Apparel-feed-merchant-feed.zip');
  const files = unzipSync(new Uint8Array(await readFile((await download.path())!)));
  expect(Object.keys(files).sort()).toEqual([
    'Apparel-feed-merchant-feed.tsv',
    'Apparel-feed-merchant-unmatched.csv',
  ]);

  const [header, ...rows] = strFromU8(files['Apparel-feed-merchant-feed.tsv']!)
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split('\t'));
  expect(header![0]).toBe('id');
  // Each product's questions and answers, in Google's "question":"answer" form.
  expect(header).toContain('item_group_title');
  const qaAt = header!.indexOf('question_and_answer');
  expect(qaAt).toBeGreaterThan(0);
  for (const row of rows) expect(row[qaAt], row[0]).toMatch(/^"(?:[^"]|"")+":"(?:[^"]|"")+"/);
  // Every item of the main feed, each once, and nothing else: the ids are the main feed's own.
  expect(rows.map((row) => row[0]).sort()).toEqual(MAIN_FEED_ITEMS.map(([id]) => id).sort());
  const titleAt = header!.indexOf('title');
  const titleOf = (id: string) => rows.find((row) => row[0] === id)?.[titleAt] ?? '';
  expect(titleOf('shopify_US_7002_9012')).toMatch(/Medium/);
  // The size column names each variant's own size, from its "Size" option.
  const sizeAt = header!.indexOf('size');
  expect(rows.find((row) => row[0] === 'shopify_US_7002_9012')?.[sizeAt]).toBe('Medium');
  expect(titleOf('shopify_US_7002_9013')).toMatch(/Large/);

  // The 17 products the main feed lacks are in the report, not the feed.
  const report = Papa.parse<string[]>(
    strFromU8(files['Apparel-feed-merchant-unmatched.csv']!).replace(/^\uFEFF/, ''),
    {
      skipEmptyLines: true,
    },
  ).data;
  expect(report[0]).toEqual(['product_id', 'name', 'handle', 'sku', 'reason']);
  expect(report.slice(1)).toHaveLength(17);
  expect(report.slice(1).map((row) => row[2])).toContain('led-high-tops');
});

test('a WooCommerce bundle: the feed ids default to its IDs with the prefix; redirects take the product base', async ({
  page,
  request,
}) => {
  const fixture = fixturePath('woocommerce-sample-products.csv');
  const exportIds = new Set(
    Papa.parse<Record<string, string>>(await readFile(fixture, 'utf8'), {
      header: true,
      skipEmptyLines: true,
    }).data.map((row) => row.ID),
  );
  await signInNewUser(page, request, 'merchant-woo');
  await page.getByRole('link', { name: 'New', exact: true }).click();
  await page.getByLabel('Bundle Name').fill('Woo feed');
  await page.getByLabel('Product file (CSV or TSV)').setInputFiles(fixture);
  await chooseWorkflow(page, OFFLINE_WRITER);
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/view-bundle\/\d+\/4$/);
  await expect(page.getByLabel(/(\d+) of \1 products done/)).toBeVisible({ timeout: 60_000 });

  await page.getByRole('button', { name: 'Export CSV/JSON' }).click();
  await page.getByRole('menuitem', { name: /Google Merchant Center feed/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Google Merchant Center feed' });
  await expect(dialog.getByRole('combobox', { name: 'Item ids' })).toHaveValue(
    'WooCommerce product and variation IDs',
  );
  await dialog.getByRole('textbox', { name: 'ID prefix' }).fill('gla_');
  const sent = page.waitForRequest((req) => req.url().endsWith('/functions/v1/export-bundle'));
  const downloadPromise = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download' }).click();
  expect((await sent).postDataJSON()).toMatchObject({
    merchant_id_scheme: 'woocommerce',
    merchant_id_prefix: 'gla_',
  });
  const files = unzipSync(new Uint8Array(await readFile((await (await downloadPromise).path())!)));
  const ids = strFromU8(files['Woo-feed-merchant-feed.tsv']!)
    .split('\n')
    .filter(Boolean)
    .slice(1)
    .map((line) => line.split('\t')[0]!);
  expect(ids.length).toBeGreaterThan(0);
  for (const id of ids) {
    expect(id).toMatch(/^gla_\d+$/);
    expect(exportIds.has(id.slice('gla_'.length))).toBe(true);
  }

  await page.getByRole('button', { name: 'Export CSV/JSON' }).click();
  await page.getByRole('menuitem', { name: /WooCommerce redirects/ }).click();
  const redirects = page.getByRole('dialog', { name: 'WooCommerce redirects' });
  await redirects.getByRole('textbox', { name: 'Product base' }).fill('/shop/');
  const sentRedirects = page.waitForRequest((req) => req.url().endsWith('/functions/v1/export-bundle'));
  const redirectsDownload = page.waitForEvent('download');
  await redirects.getByRole('button', { name: 'Download' }).click();
  expect((await sentRedirects).postDataJSON()).toMatchObject({
    format: 'woocommerce-redirects',
    product_base: '/shop/',
  });
  const text = await readFile((await (await redirectsDownload).path())!, 'utf8');
  const [header, ...rows] = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
  expect(header).toEqual(['source', 'target', 'regex', 'code']);
  for (const row of rows) for (const path of row.slice(0, 2)) expect(path.startsWith('/shop/')).toBe(true);
});
