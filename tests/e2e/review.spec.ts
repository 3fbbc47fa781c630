// Review journeys at a desk (1440 px), a small laptop (900 px) and a phone (390 px): edit,
// history and restore, confirm before regenerating over edits, approve (one and in bulk), filter, and export
// only the approved products. The offline writer writes every bundle.
import { readFile } from 'node:fs/promises';
import { type Download, expect, type Locator, type Page, test } from '@playwright/test';
import Papa from 'papaparse';
import { expectNoAxeViolations } from './axe';
import { callAsUser } from './call-as-user';
import { chooseWorkflow, OFFLINE_WRITER, screenshot, signInNewUser } from './helpers';

test.setTimeout(180_000);

const NAMES = ['Arc Desk Lamp', 'Linen Cushion', 'Wool Throw', 'Oak Stool'];

async function createBundle(page: Page, name: string) {
  await page.getByRole('link', { name: 'New', exact: true }).click();
  await page.getByLabel('Bundle Name').fill(name);
  await page.getByText('Manual', { exact: true }).click();
  const rows = NAMES.map(
    (product, i) =>
      `${product},Hemma,https://shop.example/p/${i + 1},,${30 + i} cm,${['Black', 'Sand', 'Grey', 'Natural'][i]},"A well made ${product.toLowerCase()} for the home.",`,
  );
  await page.getByLabel('Product List').fill(rows.join('\n'));
  await chooseWorkflow(page, OFFLINE_WRITER);
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/view-bundle\/\d+\/4$/);
  await expect(page.getByLabel(`${NAMES.length} of ${NAMES.length} products done`)).toBeVisible({
    timeout: 60_000,
  });
}

/** The open Review panel. */
function reviewPanel(page: Page): Locator {
  return page.getByRole('dialog', { name: /^Review: / });
}

async function rowsOf(download: Download): Promise<Record<string, string>[]> {
  const text = await readFile((await download.path())!, 'utf8');
  return Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: true,
  }).data;
}

async function exportOnlyApproved(page: Page): Promise<Record<string, string>[]> {
  await page.getByRole('button', { name: 'Export CSV/JSON' }).click();
  const onlyApproved = page.getByRole('menuitemcheckbox', { name: /Only approved products/ });
  await onlyApproved.click();
  await expect(onlyApproved).toHaveAttribute('aria-checked', 'true');
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: /CSV \(generated\.csv\)/ }).click();
  return rowsOf(await downloadPromise);
}

/** Edits the page title in the open panel and saves it. */
async function editTitle(panel: Locator, title: string) {
  await panel.getByRole('textbox', { name: 'Page Title' }).fill(title);
  await panel.getByRole('button', { name: 'Save changes' }).click();
  await expect(panel.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  await expect(panel.getByRole('textbox', { name: 'Page Title' })).toHaveValue(title);
}

test('at 1440 px: edit, history with diff, restore, confirm before regenerating, approve and export only approved', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInNewUser(page, request, 'review-wide');
  await createBundle(page, 'Review desk');
  await expect(page.getByRole('table', { name: 'Products' })).toBeVisible();

  await page.getByRole('button', { name: 'Review', exact: true }).first().click();
  const panel = reviewPanel(page);
  await expect(panel).toBeVisible();
  const titleBox = panel.getByRole('textbox', { name: 'Page Title' });
  await expect(titleBox).not.toHaveValue('');
  await expectNoAxeViolations(page, 'review panel open at 1440 px');
  const generated = await titleBox.inputValue();
  expect(generated).not.toBe('');
  await editTitle(panel, 'My own desk lamp title');
  // An edit is kept: the history lists it above the generated version, newest first.
  const versions = panel.getByRole('list', { name: 'Versions' }).getByRole('listitem');
  await expect(versions).toHaveCount(2);
  await expect(versions.nth(0)).toContainText('Edited');
  await expect(versions.nth(1)).toContainText('Generated');
  await versions.nth(1).click();
  await expect(panel.getByLabel('Page Title changes').locator('del')).toContainText('My own desk lamp title');
  await screenshot(page, 'review-01-history-diff');
  await expectNoAxeViolations(page, 'review-01-history-diff');
  await panel.getByRole('button', { name: 'Restore this version' }).click();
  await expect(titleBox).toHaveValue(generated);
  await expect(versions).toHaveCount(3);
  await expect(versions.nth(0)).toContainText('Restored');

  // Regenerating over an edit asks first; "keep my edits" (the default) locks the edited field.
  await editTitle(panel, 'Kept through regeneration');
  await panel.getByRole('button', { name: 'Regenerate' }).click();
  const confirm = page.getByRole('dialog', { name: 'This product has your edits' });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByRole('radio', { name: /Keep my edits/ })).toBeChecked();
  await expect(confirm.getByLabel('Page Title changes').locator('ins')).toContainText(
    'Kept through regeneration',
  );
  await screenshot(page, 'review-02-confirm-regenerate');
  await expectNoAxeViolations(page, 'review-02-confirm-regenerate');
  await confirm.getByRole('button', { name: 'Regenerate' }).click();
  await expect(panel.getByRole('switch', { name: 'Lock Page Title' })).toBeChecked();
  await expect(versions.nth(0)).toContainText('Regenerated', { timeout: 30_000 });
  await expect(titleBox).toHaveValue('Kept through regeneration');

  await panel.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(panel.getByLabel('Review: Approved')).toBeVisible();
  await page.getByRole('button', { name: 'Close review' }).click();
  await expect(panel).toHaveCount(0);

  // Two more in bulk: select, approve selected.
  await page.getByRole('checkbox', { name: `Select ${NAMES[1]}` }).check();
  await page.getByRole('checkbox', { name: `Select ${NAMES[2]}` }).check();
  await page.getByRole('button', { name: 'Approve selected' }).click();
  await expect(page.getByLabel('Review: Approved')).toHaveCount(3);
  await page.getByRole('combobox', { name: 'Show' }).selectOption('approved');
  await expect(page.getByRole('checkbox', { name: /^Select (?!all shown)/ })).toHaveCount(3);
  await expect(page.getByRole('checkbox', { name: `Select ${NAMES[3]}` })).toHaveCount(0);
  await screenshot(page, 'review-03-approved-filter');
  await expectNoAxeViolations(page, 'review-03-approved-filter');

  const rows = await exportOnlyApproved(page);
  expect(rows).toHaveLength(3);
  expect(rows.map((row) => row.page_title)).toContain('Kept through regeneration');
});

test('the editor follows a change made elsewhere while nothing is typed, and a stale save offers compare and reload', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInNewUser(page, request, 'review-conflict');
  await createBundle(page, 'Review conflict');
  const rowId = await page.locator('tr[id^="product-"]').first().getAttribute('id');
  const productId = Number(rowId!.replace('product-', ''));
  await page.getByRole('button', { name: 'Review', exact: true }).first().click();
  const panel = reviewPanel(page);
  const titleBox = panel.getByRole('textbox', { name: 'Page Title' });
  const headingBox = panel.getByRole('textbox', { name: 'Heading' });
  await expect(titleBox).not.toHaveValue('');

  // Nothing typed: an edit from another tab shows up in the open editor.
  const elsewhere = await callAsUser(page, 'update-product-copy', {
    bundle_workflow_product_id: productId,
    fields: { page_title: 'Changed in another tab' },
  });
  expect(elsewhere.status).toBe(200);
  await expect(titleBox).toHaveValue('Changed in another tab', { timeout: 15_000 });

  // With an edit typed, a change elsewhere is not applied over it, and saving is refused as stale.
  await headingBox.fill('My heading, typed here');
  const again = await callAsUser(page, 'update-product-copy', {
    bundle_workflow_product_id: productId,
    fields: { page_title: 'Changed again elsewhere' },
  });
  expect(again.status).toBe(200);
  await panel.getByRole('button', { name: 'Save changes' }).click();
  const alert = panel.getByRole('alert').filter({ hasText: 'This product changed since you opened it' });
  await expect(alert).toBeVisible();
  await expect(headingBox).toHaveValue('My heading, typed here');
  await alert.getByRole('button', { name: 'Compare' }).click();
  await expect(alert.getByLabel('Heading changes').locator('ins')).toHaveText('My heading, typed here');
  // The copy now against the editor's: the other tab's title struck through, the one the editor holds added.
  await expect(alert.getByLabel('Page Title changes').locator('del')).toHaveText('again elsewhere');
  await expect(alert.getByLabel('Page Title changes').locator('ins')).toHaveText('in another tab');
  await screenshot(page, 'review-07-conflict-compare');
  await expectNoAxeViolations(page, 'review-07-conflict-compare');
  await alert.getByRole('button', { name: /Reload/ }).click();
  await expect(titleBox).toHaveValue('Changed again elsewhere');
  await expect(headingBox).not.toHaveValue('My heading, typed here');
  // The server kept the other tab's copy: the refused save changed nothing.
  const history = await callAsUser(page, 'view-product-history', { bundle_workflow_product_id: productId });
  const { versions } = history.data;
  expect(versions[0]!.page_title).toBe('Changed again elsewhere');
  expect(versions.map((version) => version.heading)).not.toContain('My heading, typed here');
});

test('at 900 px the Review panel opens over the table, wholly on screen, not inside its scroll area', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 900, height: 800 });
  await signInNewUser(page, request, 'review-medium');
  await createBundle(page, 'Review laptop');
  await page.getByRole('button', { name: 'Review', exact: true }).first().click();
  const panel = reviewPanel(page);
  await expect(panel.getByRole('textbox', { name: 'Page Title' })).toBeVisible();
  // The drawer slides in from the right: measure once it has come to rest.
  await expect
    .poll(async () => {
      const box = (await panel.boundingBox())!;
      return box.x + box.width;
    })
    .toBeLessThanOrEqual(900 + 1);
  const box = (await panel.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.width).toBeGreaterThan(600);
  const insideTable = await panel.evaluate((element) => element.closest('table') !== null);
  expect(insideTable).toBe(false);
  await screenshot(page, 'review-04-medium');
  await expectNoAxeViolations(page, 'review-04-medium');
});

test('at 390 px: cards instead of the table, a full-screen Review panel, approve and export only approved', async ({
  page,
  request,
}) => {
  await signInNewUser(page, request, 'review-phone');
  await createBundle(page, 'Review phone');
  // On a phone the navigation folds away; the bundle is made first, then the screen narrows to 390 px.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('table', { name: 'Products' })).toHaveCount(0);
  const cards = page.getByRole('list', { name: 'Products' }).getByRole('article');
  await expect(cards).toHaveCount(NAMES.length);
  // Nothing is wider than the phone, once the layout has settled at the new width (the shell's navigation
  // folds away with a transition, and a read taken during it saw the desktop layout's width).
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, 'review-05-phone-cards');
  await expectNoAxeViolations(page, 'review-05-phone-cards');

  await cards.nth(1).getByRole('button', { name: 'Review' }).click();
  const panel = reviewPanel(page);
  await expect(panel).toBeVisible();
  const box = (await panel.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(389);
  await editTitle(panel, 'Cushion title from a phone');
  const versions = panel.getByRole('list', { name: 'Versions' }).getByRole('listitem');
  await expect(versions).toHaveCount(2);
  await expect(versions.nth(0)).toContainText('Edited');
  await panel.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(panel.getByLabel('Review: Approved')).toBeVisible();
  await screenshot(page, 'review-06-phone-review');
  await expectNoAxeViolations(page, 'review-06-phone-review');
  await page.getByRole('button', { name: 'Close review' }).click();

  await expect(cards.nth(1).getByLabel('Review: Approved')).toBeVisible();
  const rows = await exportOnlyApproved(page);
  expect(rows).toHaveLength(1);
  expect(rows[0]!.page_title).toBe('Cushion title from a phone');
});
