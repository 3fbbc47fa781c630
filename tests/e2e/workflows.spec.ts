// The Workflows journey: see the built-in workflows with their prices and an estimate per 1,000
// products; make a workflow for a model the endpoint lists or one typed by hand; see its unknown price, set
// one, find it in the new-bundle select, and delete it.
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { signInNewUser } from './helpers';

test('create a workflow for a typed model → price unknown → set a price → pick it for a bundle → delete', async ({
  page,
  request,
}) => {
  await signInNewUser(page, request, 'workflows');
  await page.getByRole('link', { name: 'Workflows', exact: true }).click();
  await expect(page).toHaveURL(/\/workflows$/);
  await expect(page.getByRole('heading', { name: 'Workflows' })).toBeVisible();
  await expectNoAxeViolations(page, 'workflows');

  const mini = page.getByRole('article', { name: 'SEO copy (gpt-4o-mini)' });
  await expect(
    mini.getByText('$0.15 in ($0.075 cached) / $0.6 out per million tokens (list price)'),
  ).toBeVisible();
  await expect(mini.getByLabel('Estimate for SEO copy (gpt-4o-mini)')).toHaveText(
    /About \$\d+\.\d+ per 1,000 products, repairs included/,
  );

  await page.getByRole('button', { name: 'New workflow' }).click();
  const dialog = page.getByRole('dialog', { name: 'New workflow' });
  await expectNoAxeViolations(page, 'workflows: new workflow dialog');
  await dialog.getByLabel('Name').fill('Lokal auf Deutsch');
  const model = dialog.getByRole('combobox', { name: 'Model' });
  // The endpoint's GET /models list is offered…
  await model.fill('gpt-4o');
  await expect(page.getByRole('option', { name: 'gpt-4o-mini' })).toBeVisible();
  await expectNoAxeViolations(page, 'workflows: model suggestions open');
  // …and a name it does not list can be typed.
  await model.fill('llama3.1:8b');
  await dialog.getByLabel('Language').fill('de');
  await expect(dialog.getByLabel('Batch (half price, finishes within 24 h)')).not.toBeChecked();
  // Photos for a model that sees: off by default; on, the detail (low) and how many photos a product (4).
  const photos = dialog.getByLabel("Show the model each product's photos (a model that sees)");
  await expect(photos).not.toBeChecked();
  await photos.check();
  await expect(dialog.getByLabel('Low detail (85 tokens a photo on OpenAI)')).toBeChecked();
  await expect(dialog.getByLabel('Photos a product, at most')).toHaveValue('4');
  await expectNoAxeViolations(page, 'workflows: new workflow dialog with photo choices');
  await photos.uncheck();
  await dialog.getByRole('button', { name: 'Create workflow' }).click();
  await expect(dialog).toHaveCount(0);

  const mine = page.getByRole('article', { name: 'Lokal auf Deutsch' });
  await expect(mine.getByText('Model: llama3.1:8b · Language: de')).toBeVisible();
  await expect(mine.getByText(/Price unknown — set one/)).toBeVisible();
  await expect(mine.getByLabel('Estimate for Lokal auf Deutsch')).toHaveText(/cost unknown/);

  await mine.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit workflow' });
  await edit.getByLabel('Input price (USD per million tokens)', { exact: true }).fill('0');
  await edit.getByLabel('Output price (USD per million tokens)').fill('0');
  // Batch mode, with repairs made directly rather than in a follow-up batch.
  await expect(edit.getByRole('radiogroup')).toHaveCount(0);
  await edit.getByLabel('Batch (half price, finishes within 24 h)').check();
  await expect(edit.getByLabel('In a follow-up batch (half price, up to another 24 h)')).toBeChecked();
  await edit.getByLabel('Directly (full price, done within minutes)').check();
  await expectNoAxeViolations(page, 'workflows: edit dialog with batch choices');
  await edit.getByRole('button', { name: 'Save workflow' }).click();
  await expect(edit).toHaveCount(0);
  await expect(mine.getByText('$0 in / $0 out per million tokens (your price)')).toBeVisible();
  await expect(mine.getByText('Batch (half price, finishes within 24 h)')).toBeVisible();
  await expect(mine.getByText('Repairs: directly (full price, done within minutes)')).toBeVisible();
  await expect(mine.getByLabel('Estimate for Lokal auf Deutsch')).toHaveText(
    /About \$0\.00 per 1,000 products/,
  );

  await page.getByRole('link', { name: 'New', exact: true }).click();
  await page.getByRole('combobox', { name: 'Workflow' }).click();
  await expect(page.getByRole('option', { name: 'Lokal auf Deutsch' })).toBeVisible();
  await expectNoAxeViolations(page, 'new bundle: workflow picker open');
  await page.keyboard.press('Escape');

  await page.getByRole('link', { name: 'Workflows', exact: true }).click();
  page.once('dialog', (confirm) => void confirm.accept());
  await page
    .getByRole('article', { name: 'Lokal auf Deutsch' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByRole('article', { name: 'Lokal auf Deutsch' })).toHaveCount(0);
});
