// Bundle journeys: create from a paste, a store export or a sample store; watch the copy arrive; review,
// edit and export. Bundles are written by the offline writer unless a journey says otherwise.
import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import Papa from 'papaparse';
import { fixturePath } from '../support/fixture-path';
import { expectNoAxeViolations } from './axe';
import { chooseWorkflow, OFFLINE_WRITER, screenshot, signInNewUser } from './helpers';

const FIXTURE = fixturePath('shopify-apparel.csv');

async function expectRunComplete(page: Page, total: number) {
  await expect(page.getByLabel(`${total} of ${total} products done`)).toBeVisible({ timeout: 60_000 });
}

test('paste 12 rows → Create → the view fills in → a product log → Export CSV', async ({ page, request }) => {
  await signInNewUser(page, request, 'paste');
  await page.getByRole('link', { name: 'New', exact: true }).click();
  await page.getByLabel('Bundle Name').fill('Desk lamps');
  await page.getByText('Manual', { exact: true }).click();
  const rows = Array.from(
    { length: 12 },
    (_, i) =>
      `Arc Desk Lamp ${i + 1},Lumen,https://shop.example/lamps/arc-${i + 1},,${30 + i} cm,${['Black', 'White', 'Brass'][i % 3]},"A steady desk lamp with a weighted base, model ${i + 1}.",Bulb: E27`,
  );
  await page.getByLabel('Product List').fill(rows.join('\n'));
  await chooseWorkflow(page, OFFLINE_WRITER);
  const create = page.getByRole('button', { name: 'Create' });
  await create.click();
  await expect(page).toHaveURL(/\/view-bundle\/\d+\/4$/);
  await expect(page.getByRole('heading', { name: 'Desk lamps' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Desk lamps' })).toBeVisible();
  await expectRunComplete(page, 12);
  await expect(page.getByText('Arc Desk Lamp 7', { exact: false }).first()).toBeVisible();
  await screenshot(page, 'bundles-01-paste-complete');
  await expectNoAxeViolations(page, 'bundles-01-paste-complete');

  await page.getByRole('button', { name: 'Log' }).first().click();
  const log = page.getByRole('table', { name: 'Product log' });
  await expect(log.getByRole('columnheader')).toHaveText(['Event', 'Details', 'Cost', 'Date']);
  await expect(log.getByText('Copy saved')).toBeVisible();
  await screenshot(page, 'bundles-02-product-log');
  await expectNoAxeViolations(page, 'bundles-02-product-log');

  await page.getByRole('button', { name: 'Export CSV/JSON' }).click();
  await expect(page.getByRole('menuitemcheckbox', { name: /Only approved products/ })).toBeVisible();
  await expectNoAxeViolations(page, 'bundles: export menu open');
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: /CSV \(generated\.csv\)/ }).click();
  const download = await downloadPromise;
  // The server names the file after the bundle.
  expect(download.suggestedFilename()).toBe('Desk-lamps-generated.csv');
  const text = await readFile((await download.path())!, 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const [header, ...lines] = text.slice(1).split(/\r?\n/).filter(Boolean);
  expect(header).toBe(
    '"id","variant_of","page_title","meta_description","heading","description","url_suggestion","url_suggestion_level","image_details"',
  );
  const parsed = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true }).data.slice(1);
  expect(parsed).toHaveLength(12);
  const ids = parsed.map((row) => Number(row[0]));
  expect(ids).toEqual([...ids].sort((a, b) => a - b));
  for (const line of lines.slice(0, 1)) expect(line).toMatch(/^\d+,(""|\d+)?,"/);
  expect(parsed[0]![5]).toMatch(/\n\nBulb: E27|Bulb: E27/);

  // The Shopify product CSV: a product row per product, titled with the source title, and (a store import,
  // not a spreadsheet) no cell given a leading ' against formulas.
  await page.getByRole('button', { name: 'Export CSV/JSON' }).click();
  const shopifyPromise = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Shopify product CSV' }).click();
  const shopify = await shopifyPromise;
  expect(shopify.suggestedFilename()).toBe('Desk-lamps-shopify-products.csv');
  const shopifyText = await readFile((await shopify.path())!, 'utf8');
  const [shopifyHeader, ...shopifyRows] = Papa.parse<string[]>(shopifyText, { skipEmptyLines: true }).data;
  expect(shopifyHeader!.slice(0, 2)).toEqual(['Handle', 'Title']);
  const titles = shopifyRows.map((row) => row[1]).filter(Boolean);
  expect(titles.sort()).toEqual(Array.from({ length: 12 }, (_, i) => `Arc Desk Lamp ${i + 1}`).sort());
  for (const row of shopifyRows) for (const cell of row) expect(cell.startsWith("'")).toBe(false);
});

test('import the Shopify apparel export: Classic Varsity Top sizes link to their parent', async ({
  page,
  request,
}) => {
  await signInNewUser(page, request, 'import');
  await page.getByRole('link', { name: 'New', exact: true }).click();
  await page.getByLabel('Bundle Name').fill('Apparel import');
  await page.getByLabel('Product file (CSV or TSV)').setInputFiles(FIXTURE);
  await expect(page.getByRole('combobox', { name: 'title column' })).toHaveValue('Title');
  await screenshot(page, 'bundles-03-import-mapping');
  await expectNoAxeViolations(page, 'bundles-03-import-mapping');
  await chooseWorkflow(page, OFFLINE_WRITER);
  // A store export the user did not re-map goes to the server whole, which maps it with the same mapper.
  await expect(page.getByLabel('Fill empty fields only')).toBeVisible();
  const sent = page.waitForRequest((req) => req.url().endsWith('/functions/v1/new-bundle'));
  await page.getByRole('button', { name: 'Create' }).click();
  const body = (await sent).postDataJSON();
  expect(body.store_export.format).toBe('shopify');
  expect(body.store_export.text).toBe(await readFile(FIXTURE, 'utf8'));
  expect(body.columns).toBeUndefined();
  await expect(page).toHaveURL(/\/view-bundle\/\d+\/4$/);
  await expectRunComplete(page, 22);
  // The built-in writer's copy of the whole catalogue passes the server's checks, and the screen flags
  // exactly what the server stored: no product is flagged, and no limit badge shows anywhere.
  const show = page.getByRole('combobox', { name: 'Show' });
  await expect(show.locator('option[value="flagged"]')).toHaveText('Flagged (0)');
  await expect(page.getByText(/^(Over limit|Too long|Too short)$/)).toHaveCount(0);

  const products = page.getByRole('table', { name: 'Products' });
  const varsityRows = products.getByRole('row').filter({ hasText: 'Classic Varsity Top' });
  await expect(varsityRows).toHaveCount(3);
  const parentId = await varsityRows.first().getAttribute('id');
  expect(parentId).toMatch(/^product-\d+$/);
  for (const index of [1, 2]) {
    await expect(varsityRows.nth(index).locator(`a[href="#${parentId}"]`)).toBeVisible();
  }
  await screenshot(page, 'bundles-04-import-variants');
  await expectNoAxeViolations(page, 'bundles-04-import-variants');
});

for (const store of ['Nordic Home', 'Trailhead Outdoor', 'Bean & Bloom Coffee']) {
  test(`the sample store "${store}" fills the form and makes a bundle that completes`, async ({
    page,
    request,
  }) => {
    await signInNewUser(page, request, 'sample');
    await page.getByRole('link', { name: 'New', exact: true }).click();
    await page.getByRole('button', { name: `Sample: ${store}` }).click();
    await expect(page.getByLabel('Bundle Name')).not.toHaveValue('');
    await expect(page.getByLabel('Product List')).not.toHaveValue('');
    await expect(page.getByLabel('URL Template')).not.toHaveValue('');
    await chooseWorkflow(page, OFFLINE_WRITER);
    // The cost preview: the built-in writer makes no AI calls.
    await expect(page.getByLabel('Estimated cost')).toContainText('free');
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page).toHaveURL(/\/view-bundle\/\d+\/4$/);
    const progress = page.getByLabel(/\d+ of \d+ products done/);
    // Attached, not visible: at 0 done the bar's filled part has no width, yet it is there and labelled.
    await expect(progress).toBeAttached();
    const total = Number((await progress.getAttribute('aria-label'))!.match(/of (\d+)/)![1]);
    expect(total).toBeGreaterThanOrEqual(8);
    await expectRunComplete(page, total);
    await screenshot(page, `bundles-05-sample-${store.toLowerCase().replace(/[^a-z]+/g, '-')}`);
    await expectNoAxeViolations(page, `bundles-05-sample-${store.toLowerCase().replace(/[^a-z]+/g, '-')}`);
  });
}

test('not-found routes, and a workflow not yet run shows Start, which runs it', async ({ page, request }) => {
  await signInNewUser(page, request, 'start');
  for (const route of ['/view-bundle/abc', '/view-bundle/999999/1']) {
    await page.goto(route);
    await expect(
      page.getByText('Oh no! Could not find that bundle. Please create a new one, or select another.'),
    ).toBeVisible();
    await expectNoAxeViolations(page, `bundle not found: ${route}`);
  }
  await page.getByRole('link', { name: 'New', exact: true }).click();
  await page.getByRole('button', { name: 'Sample: Nordic Home' }).click();
  await chooseWorkflow(page, OFFLINE_WRITER);
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/view-bundle\/(\d+)\/4$/);
  const bundleId = page.url().match(/view-bundle\/(\d+)\//)![1];

  await page.goto(`/view-bundle/${bundleId}/1`);
  await expect(
    page.getByText('The selected AI workflow has not yet been run for this bundle.'),
  ).toBeVisible();
  // Before it starts, the run's cost is estimated with its own model's pricing.
  await expect(page.getByLabel('Estimated cost')).toContainText(
    /about \$0\.\d+ for \d+ products .*gpt-3\.5-turbo/,
  );
  await screenshot(page, 'bundles-06-not-created');
  await expectNoAxeViolations(page, 'bundles-06-not-created');
  await page.getByRole('button', { name: 'Start' }).click();
  const progress = page.getByLabel(/\d+ of \d+ products done/);
  // Attached, not visible: at 0 done the bar's filled part has no width, yet it is there and labelled.
  await expect(progress).toBeAttached();
  const total = Number((await progress.getAttribute('aria-label'))!.match(/of (\d+)/)![1]);
  await expectRunComplete(page, total);
  await screenshot(page, 'bundles-07-started-ai-run');
  await expectNoAxeViolations(page, 'bundles-07-started-ai-run');
});

test('a title past 60 characters is flagged; a valid one saves and persists after a reload', async ({
  page,
  request,
}) => {
  await signInNewUser(page, request, 'edit');
  await page.getByRole('link', { name: 'New', exact: true }).click();
  await page.getByRole('button', { name: 'Sample: Trailhead Outdoor' }).click();
  await chooseWorkflow(page, OFFLINE_WRITER);
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/view-bundle\/\d+\/4$/);
  await expect(page.getByLabel(/(\d+) of \1 products done/)).toBeVisible({ timeout: 60_000 });

  await page.getByRole('button', { name: 'Review' }).first().click();
  const title = page.getByRole('textbox', { name: 'Page Title' });
  await title.fill('An exceptionally long product title that keeps going past the limit');
  await expect(page.getByText(/over the 60-character limit|at most 60|61|characters/).first()).toBeVisible();
  await expect(title).toHaveAttribute('aria-invalid', 'true');
  await screenshot(page, 'bundles-08-title-flagged');
  await expectNoAxeViolations(page, 'bundles-08-title-flagged');

  await title.fill('Trail Tent for Two | Trailhead');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Trail Tent for Two | Trailhead').first()).toBeVisible();
  await page.reload();
  await expect(page.getByText('Trail Tent for Two | Trailhead').first()).toBeVisible();
  await screenshot(page, 'bundles-09-title-saved');
  await expectNoAxeViolations(page, 'bundles-09-title-saved');
});
