// A catalogue in its own language, in the browser: a French store's file shows "French" on the New bundle
// screen before Create, with a select to write in another language; after a run of a workflow writing French
// and English, the Review panel switches between the two, each language's copy shown in its own words.
import { expect, type Page, test } from '@playwright/test';
import { fixturePath } from '../support/fixture-path';
import { expectNoAxeViolations } from './axe';
import { callAsUser, openRun } from './call-as-user';
import { chooseWorkflow, screenshot, signInNewUser } from './helpers';

test.setTimeout(180_000);

const FRENCH_FILE = fixturePath('shopify-parispousse-fr-excerpt.csv');
const WORKFLOW = 'French and English';

/** A workflow writing French, then English, made with the signed-in session's own token. */
async function newBilingualWorkflow(page: Page): Promise<void> {
  const made = await callAsUser(page, 'new-workflow', {
    name: WORKFLOW,
    model: 'offline',
    languages: ['fr', 'en'],
  });
  expect(made.status).toBe(200);
}

test('a French file shows French before Create; the review switches between French and English', async ({
  page,
  request,
}) => {
  await signInNewUser(page, request, 'languages');
  await newBilingualWorkflow(page);
  await page.getByRole('link', { name: 'New', exact: true }).click();
  await page.getByLabel('Bundle Name').fill('ParisPousse');
  await page.getByLabel('Product file (CSV or TSV)').setInputFiles(FRENCH_FILE);
  await chooseWorkflow(page, WORKFLOW);

  const status = page.getByRole('status', { name: 'Catalogue language' });
  await expect(status).toContainText('Language of the products: French', { timeout: 30_000 });
  const choice = page.getByRole('combobox', { name: 'Write the copy in' });
  await expect(choice).toHaveValue('French (detected)');
  await screenshot(page, 'languages-01-new-bundle');
  await expectNoAxeViolations(page, 'languages-01-new-bundle');

  const sent = page.waitForRequest((req) => req.url().endsWith('/functions/v1/new-bundle'));
  await page.getByRole('button', { name: 'Create' }).click();
  // Left as detected, the request names no language: the server decides it from the products, as shown.
  expect((await sent).postDataJSON().language).toBeUndefined();
  await expect(page).toHaveURL(/\/view-bundle\/\d+\/\d+$/);
  await expect(page.getByLabel(/^(\d+) of \1 products done$/)).toBeVisible({ timeout: 90_000 });

  await page.getByRole('button', { name: 'Review', exact: true }).first().click();
  const panel = page.getByRole('dialog', { name: /^Review: / });
  const languages = panel.getByRole('radiogroup', { name: 'Language' });
  await expect(languages.getByRole('radio', { name: 'French' })).toBeChecked();
  const title = await panel.getByRole('textbox', { name: 'Page Title' }).inputValue();
  expect(title).not.toBe('');

  await languages.getByText('English', { exact: true }).click();
  await expect(languages.getByRole('radio', { name: 'English' })).toBeChecked();
  const english = panel.getByRole('region', { name: 'Copy in English' });
  await expect(english).toBeVisible();
  await expect(english).toHaveAttribute('lang', 'en');
  // The French editor is not shown over the English copy, and the English is its own text.
  await expect(panel.getByRole('textbox', { name: 'Page Title' })).toHaveCount(0);
  await expect(english.getByText('Page Title', { exact: true })).toBeVisible();
  const run = await callAsUser(page, 'view-bundle-workflow', openRun(page));
  const product = run.data.products.find((p) => p.page_title === title);
  await expect(english).toContainText(product!.translations!.en!.meta_description);
  await screenshot(page, 'languages-02-review-english');
  await expectNoAxeViolations(page, 'languages-02-review-english');

  await languages.getByText('French', { exact: true }).click();
  await expect(panel.getByRole('textbox', { name: 'Page Title' })).toHaveValue(title);
  await expect(english).toHaveCount(0);
});
