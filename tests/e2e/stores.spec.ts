// Connected stores journey at 1440 px: connect the e2e server's Shopify fake on the Account page,
// import its catalogue into a bundle (a job: the page waits for it), approve two products, open the push preview (the store's values beside
// ours), push, see the result, and undo it.
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { screenshot, signInNewUser } from './helpers';

test.setTimeout(180_000);

// The fake started by tests/support/e2e-server.ts.
const SHOPIFY_ORIGIN = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 1000}`;
const TOKEN = 'shpat_e2e_token';
const APPROVED = ['Linen Tote No. 1', 'Linen Tote No. 2'];

test('connect a Shopify store, import it, approve, preview the push, push, and undo', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInNewUser(page, request, 'stores');

  // Connect on the Account page; a wrong token is refused first, naming the problem.
  await page.getByRole('link', { name: 'Account', exact: true }).click();
  const form = page.getByRole('form', { name: 'Connect a store' });
  await form.getByLabel('Store address').fill(SHOPIFY_ORIGIN);
  await form.getByLabel('Admin API access token').fill('shpat_wrong');
  await form.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByText(/access token/i).first()).toBeVisible();
  await form.getByLabel('Admin API access token').fill(TOKEN);
  await form.getByRole('button', { name: 'Connect' }).click();
  const stores = page.getByRole('table', { name: 'Connected stores' });
  await expect(stores.getByText('Fake Shop', { exact: true })).toBeVisible();
  await screenshot(page, 'stores-01-connected');
  await expectNoAxeViolations(page, 'stores-01-connected');

  // Import: the bundle opens at once while an import-store job reads the store ("Importing… N products"),
  // then its products arrive and its run finishes (a count of at least one: an empty run is not the import).
  await stores.getByRole('button', { name: 'Import Fake Shop' }).click();
  await expect(page).toHaveURL(/\/view-bundle\/\d+\/\d+$/);
  await expect(page.getByLabel(/^([1-9]\d*) of \1 products done$/)).toBeVisible({ timeout: 90_000 });
  await expect(page.getByRole('status', { name: 'Store import' })).toHaveCount(0);

  for (const name of APPROVED) await page.getByRole('checkbox', { name: `Select ${name}` }).check();
  await page.getByRole('button', { name: 'Approve selected' }).click();
  await expect(page.getByLabel('Review: Approved')).toHaveCount(APPROVED.length);

  // Preview: the store's values now beside ours, for the approved products only.
  await page.getByRole('combobox', { name: 'Store to push to' }).click();
  await page.getByRole('option', { name: 'Fake Shop' }).click();
  await page.getByRole('button', { name: 'Preview push' }).click();
  const preview = page.getByRole('dialog', { name: 'Push preview' });
  const changes = preview.getByRole('table', { name: 'Changes to push' });
  await expect(changes).toBeVisible();
  await expect(changes.getByText('A tote bag of washed linen, 31 cm wide.').first()).toBeVisible();
  for (const name of APPROVED) await expect(changes.getByText(name).first()).toBeVisible();
  await expect(changes.getByText('Aurora Ring')).toHaveCount(0);
  const rows = await changes.locator('tbody tr').count();
  expect(rows).toBeGreaterThan(0);
  await screenshot(page, 'stores-02-preview');
  await expectNoAxeViolations(page, 'stores-02-preview');

  // Push, and see the result.
  await preview.getByRole('button', { name: `Push ${rows} ${rows === 1 ? 'change' : 'changes'}` }).click();
  await expect(preview).toHaveCount(0);
  await expect(page.getByText(`Push done: ${rows} written, 0 skipped, 0 failed`)).toBeVisible({
    timeout: 30_000,
  });
  const stored = await previewBefore();
  expect(stored).not.toContain('A tote bag of washed linen, 31 cm wide.');

  // Undo: every field is the store's again.
  await page.getByRole('button', { name: 'Undo push' }).click();
  await expect(page.getByText(`Undo done: ${rows} written, 0 skipped, 0 failed`)).toBeVisible({
    timeout: 30_000,
  });
  expect(await previewBefore()).toContain('<p>A tote bag of washed linen, 31 cm wide.</p>');
  await screenshot(page, 'stores-03-undone');
  await expectNoAxeViolations(page, 'stores-03-undone');

  /** The store's live values as a new preview shows them: its "In the store now" column. */
  async function previewBefore(): Promise<string> {
    await page.getByRole('button', { name: 'Preview push' }).click();
    const dialog = page.getByRole('dialog', { name: 'Push preview' });
    await expect(dialog.getByRole('table', { name: 'Changes to push' })).toBeVisible();
    const cells = dialog.getByRole('table', { name: 'Changes to push' }).locator('tbody tr td:nth-child(3)');
    const text = (await cells.allInnerTexts()).join('\n');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    return text;
  }
});
