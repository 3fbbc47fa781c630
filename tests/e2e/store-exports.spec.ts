// The export menu on a Shopify export that names no currency and has no SKU, GTIN or MPN (Shopify's own
// jewelry sample): the Merchant feed's dialog warns before anything downloads, the Shopify product CSV
// downloads a file with Shopify's header, and the JSON-LD asks for the currency, then has offers in it.
import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import Papa from 'papaparse';
import { fixturePath } from '../support/fixture-path';
import { expectNoAxeViolations } from './axe';
import { chooseWorkflow, OFFLINE_WRITER, screenshot, signInNewUser } from './helpers';

const FIXTURE = fixturePath('shopify-jewelry.csv');

async function openExport(page: Page, item: RegExp) {
  await page.getByRole('button', { name: 'Export CSV/JSON' }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

test('a Shopify export without identifiers or currency: Merchant warns, Shopify CSV downloads, JSON-LD asks for the currency', async ({
  page,
  request,
}) => {
  await signInNewUser(page, request, 'store-exports');
  await page.getByRole('link', { name: 'New', exact: true }).click();
  await page.getByLabel('Bundle Name').fill('Jewelry');
  await page.getByLabel('Product file (CSV or TSV)').setInputFiles(FIXTURE);
  await chooseWorkflow(page, OFFLINE_WRITER);
  // The currency field is left empty, as a merchant who skips it would.
  await expect(page.getByLabel('Currency of the prices')).toHaveValue('');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/view-bundle\/\d+\/4$/);
  await expect(page.getByLabel(/(\d+) of \1 products done/)).toBeVisible({ timeout: 60_000 });

  // (a) The Merchant feed: the warning is on screen before Download, and nothing has been sent to export.
  const exports: string[] = [];
  page.on('request', (req) => {
    if (req.url().endsWith('/functions/v1/export-bundle')) exports.push(req.postDataJSON().format);
  });
  await openExport(page, /Google Merchant Center feed/);
  const merchant = page.getByRole('dialog', { name: 'Google Merchant Center feed' });
  const warning = merchant.getByRole('alert').filter({ hasText: 'Products without identifiers' });
  await expect(warning).toContainText(/All \d+ products and variants have no SKU, GTIN \(barcode\) or MPN/);
  await expect(warning).toContainText('identifier_exists');
  expect(exports).toEqual([]);
  await screenshot(page, 'store-exports-01-merchant-warning');
  await expectNoAxeViolations(page, 'store-exports-01-merchant-warning');
  await merchant.getByRole('button', { name: 'Cancel' }).click();
  await expect(merchant).toBeHidden();

  // (b) The Shopify product CSV downloads at once, under the bundle's name, with Shopify's own header.
  const shopifyDownload = page.waitForEvent('download');
  await openExport(page, /^Shopify product CSV$/);
  const shopify = await shopifyDownload;
  expect(shopify.suggestedFilename()).toBe('Jewelry-shopify-products.csv');
  const csv = await readFile((await shopify.path())!, 'utf8');
  const parse = (text: string) =>
    Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true });
  const file = parse(csv);
  expect(file.meta.fields!.slice(0, 3)).toEqual(['Handle', 'Title', 'Body (HTML)']);
  expect(file.meta.fields).toEqual(
    expect.arrayContaining(['Option1 Name', 'Option1 Value', 'Image Src', 'SEO Title', 'SEO Description']),
  );
  // Every product of the store's file, by its handle.
  const handles = (rows: Record<string, string>[]) => [...new Set(rows.map((row) => row.Handle))].sort();
  expect(handles(file.data)).toEqual(handles(parse(await readFile(FIXTURE, 'utf8')).data));

  // (c) The JSON-LD asks for the currency (the file has prices and names none) before any export is sent.
  await openExport(page, /JSON-LD structured data/);
  const ask = page.getByRole('dialog', { name: 'Currency of your prices' });
  await expect(ask).toBeVisible();
  expect(exports).toEqual(['shopify']);
  await expect(ask.getByRole('button', { name: 'Download' })).toBeDisabled();
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toBeHidden();

  // Without the check (it failed on the way), the export's own 400 opens the same question, its message on screen.
  await page.route('**/functions/v1/check-export', (route) => route.abort());
  await openExport(page, /JSON-LD structured data/);
  await expect(ask.getByRole('alert')).toContainText('currency is needed');
  expect(exports).toEqual(['shopify', 'jsonld']);
  await page.unroute('**/functions/v1/check-export');
  const currency = ask.getByRole('combobox', { name: 'Currency' });
  await currency.fill('Euro');
  await page.getByRole('option', { name: 'EUR – Euro' }).click();
  await expect(currency).toHaveValue('EUR – Euro');
  await screenshot(page, 'store-exports-02-currency');
  await expectNoAxeViolations(page, 'store-exports-02-currency');
  const sent = page.waitForRequest(
    (req) => req.url().endsWith('/functions/v1/export-bundle') && req.postDataJSON().format === 'jsonld',
  );
  const jsonLdDownload = page.waitForEvent('download');
  await ask.getByRole('button', { name: 'Download' }).click();
  expect((await sent).postDataJSON()).toMatchObject({ format: 'jsonld', currency: 'EUR' });
  const jsonLd = await jsonLdDownload;
  expect(jsonLd.suggestedFilename()).toMatch(/^Jewelry-.*\.jsonld$/);
  const graph = JSON.parse(await readFile((await jsonLd.path())!, 'utf8'))['@graph'] as {
    '@type': string;
    offers?: { priceCurrency?: string };
    hasVariant?: { offers?: { priceCurrency?: string } }[];
  }[];
  const sellable = graph.flatMap((node) =>
    node['@type'] === 'ProductGroup' ? (node.hasVariant ?? []) : [node],
  );
  expect(sellable.length).toBeGreaterThan(20);
  for (const node of sellable) expect(node.offers?.priceCurrency).toBe('EUR');
  await expect(ask).toBeHidden();

  // Kept on the bundle: the next JSON-LD export downloads without asking.
  const again = page.waitForEvent('download');
  await openExport(page, /JSON-LD structured data/);
  await again;
  await expect(ask).toBeHidden();
});
