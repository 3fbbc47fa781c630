// The shopping agent feed from the export menu: the seller's details are asked once, in a form that names
// each missing field, then kept; the next export downloads at once. The zip holds the protocol's two files,
// each line a Product of the Agentic Commerce Protocol's schema, and the report of what was left out.
import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { strFromU8, unzipSync } from 'fflate';
import { fixturePath } from '../support/fixture-path';
import { expectNoAxeViolations } from './axe';
import { chooseWorkflow, OFFLINE_WRITER, screenshot, signInNewUser } from './helpers';

const SELLER = {
  name: 'Partners Demo',
  store_url: 'https://partners-demo.example',
  privacy_policy_url: 'https://partners-demo.example/policies/privacy-policy',
  terms_of_service_url: 'https://partners-demo.example/policies/terms-of-service',
  refund_policy_url: 'https://partners-demo.example/policies/refund-policy',
};

async function validators() {
  const schema = JSON.parse(
    await readFile(fixturePath('specs/agentic-commerce-feed/schema.feed.json'), 'utf8'),
  );
  const ajv = new Ajv2020({ strict: false });
  addFormats(ajv);
  ajv.addSchema(schema);
  return {
    product: ajv.getSchema(`${schema.$id}#/$defs/Product`)!,
    metadata: ajv.getSchema(`${schema.$id}#/$defs/FeedMetadata`)!,
  };
}

/** Starts the download `click` asks for; the request's body and the zip's files. */
async function download(page: Page, click: () => Promise<void>) {
  const sent = page.waitForRequest((req) => req.url().endsWith('/functions/v1/export-bundle'));
  const downloadPromise = page.waitForEvent('download');
  await click();
  const body = (await sent).postDataJSON();
  const file = await downloadPromise;
  const files = unzipSync(new Uint8Array(await readFile((await file.path())!)));
  return { body, name: file.suggestedFilename(), files };
}

test('the agent feed asks for the seller once, then downloads at once', async ({ page, request }) => {
  await signInNewUser(page, request, 'agent-feed');
  await page.getByRole('link', { name: 'New', exact: true }).click();
  await page.getByLabel('Bundle Name').fill('Apparel agents');
  await page.getByLabel('Product file (CSV or TSV)').setInputFiles(fixturePath('shopify-apparel.csv'));
  await expect(page.getByRole('combobox', { name: 'title column' })).toHaveValue('Title');
  await chooseWorkflow(page, OFFLINE_WRITER);
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/view-bundle\/\d+\/4$/);
  await expect(page.getByLabel('22 of 22 products done')).toBeVisible({ timeout: 60_000 });

  await page.getByRole('button', { name: 'Export CSV/JSON' }).click();
  await page.getByRole('menuitem', { name: 'Shopping agent feed (ChatGPT)…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Shopping agent feed' });
  await expect(dialog).toBeVisible();
  // Sent empty: each needed field says so, and the first is focused.
  await dialog.getByRole('button', { name: 'Download' }).click();
  const name = dialog.getByRole('textbox', { name: 'Seller name' });
  await expect(name).toBeFocused();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText('Seller name is needed.')).toBeVisible();
  await expect(dialog.getByText('Refund policy page is needed.')).toBeVisible();
  await screenshot(page, 'agent-feed-01-seller-form');
  await expectNoAxeViolations(page, 'agent-feed-01-seller-form');

  await name.fill(SELLER.name);
  await dialog.getByRole('textbox', { name: 'Shop address' }).fill(SELLER.store_url);
  await dialog.getByRole('textbox', { name: 'Privacy policy page' }).fill(SELLER.privacy_policy_url);
  await dialog.getByRole('textbox', { name: 'Terms of service page' }).fill(SELLER.terms_of_service_url);
  await dialog.getByRole('textbox', { name: 'Refund policy page' }).fill('partners-demo.example/refunds');
  await dialog.getByRole('textbox', { name: 'Currency' }).fill('usd');
  await dialog.getByRole('button', { name: 'Download' }).click();
  await expect(dialog.getByText('Refund policy page must be a full address')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Refund policy page' }).fill(SELLER.refund_policy_url);

  const first = await download(page, () => dialog.getByRole('button', { name: 'Download' }).click());
  expect(first.body).toMatchObject({ format: 'agent-feed', seller: SELLER, currency: 'USD' });
  expect(first.name).toBe('Apparel-agents-agent-feed.zip');
  expect(Object.keys(first.files).sort()).toEqual([
    'Apparel-agents-agent-feed-left-out.csv',
    'metadata.json',
    'products.jsonl',
  ]);
  const valid = await validators();
  const lines = strFromU8(first.files['products.jsonl']!).split('\n').filter(Boolean);
  expect(lines.length).toBe(20);
  for (const line of lines) expect(valid.product(JSON.parse(line)), line).toBe(true);
  expect(valid.metadata(JSON.parse(strFromU8(first.files['metadata.json']!)))).toBe(true);

  // Asked once: the next export names the same seller without a form.
  await page.getByRole('button', { name: 'Export CSV/JSON' }).click();
  const second = await download(page, () =>
    page.getByRole('menuitem', { name: 'Shopping agent feed (ChatGPT)', exact: true }).click(),
  );
  await expect(dialog).toBeHidden();
  expect(second.body).toMatchObject({ format: 'agent-feed', seller: SELLER, currency: 'USD' });

  // The details can be changed, starting from the kept ones.
  await page.getByRole('button', { name: 'Export CSV/JSON' }).click();
  await page.getByRole('menuitem', { name: 'Seller details for the agent feed…' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Seller name' })).toHaveValue(SELLER.name);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});
