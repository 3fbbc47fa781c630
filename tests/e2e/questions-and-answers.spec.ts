// The questions and answers in the Review panel: the built-in writer's pairs are shown, one answer is edited with
// the keyboard, a pair is added and removed, the copy is saved and approved, and the saved copy holds the edit.
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { callAsUser } from './call-as-user';
import { chooseWorkflow, OFFLINE_WRITER, signInNewUser } from './helpers';

test.setTimeout(180_000);

async function createBundle(page: Page): Promise<{ bundleId: number; workflowId: number }> {
  await page.getByRole('link', { name: 'New', exact: true }).click();
  await page.getByLabel('Bundle Name').fill('Questions and answers');
  await page.getByText('Manual', { exact: true }).click();
  await page
    .getByLabel('Product List')
    .fill('Arc Desk Lamp,Hemma,https://shop.example/p/1,,30 cm,Black,"A well made desk lamp for the home.",');
  await chooseWorkflow(page, OFFLINE_WRITER);
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/view-bundle\/\d+\/4$/);
  await expect(page.getByLabel('1 of 1 products done')).toBeVisible({ timeout: 60_000 });
  const [, bundleId, workflowId] = /\/view-bundle\/(\d+)\/(\d+)$/.exec(page.url())!;
  return { bundleId: Number(bundleId), workflowId: Number(workflowId) };
}

/** The product's saved pairs and review state, as the server holds them. */
async function savedCopy(page: Page, ids: { bundleId: number; workflowId: number }) {
  const run = await callAsUser(page, 'view-bundle-workflow', {
    bundle_id: ids.bundleId,
    workflow_id: ids.workflowId,
  });
  const product = run.data.products[0]!;
  return { pairs: JSON.parse(product.questions_and_answers ?? '[]'), reviewState: product.review_state };
}

test('the Q&A is shown, one answer edited, a pair added and removed, approved, and the saved copy has the edit', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInNewUser(page, request, 'review-qa');
  const ids = await createBundle(page);
  await page.getByRole('button', { name: 'Review', exact: true }).first().click();
  const panel = page.getByRole('dialog', { name: /^Review: / });
  const qa = panel.getByRole('group', { name: 'Questions and answers' });
  await expect(qa).toBeVisible();
  await expect(qa.getByRole('textbox', { name: 'Question 1' })).toHaveValue('What is the Arc Desk Lamp?');
  await expect(qa.getByRole('textbox', { name: 'Answer 1' })).toHaveValue(
    'A well made desk lamp for the home.',
  );
  const before = await qa.getByRole('textbox', { name: /^Question \d$/ }).count();
  expect(before).toBeGreaterThanOrEqual(3);
  await expectNoAxeViolations(page, 'review panel with questions and answers');

  // Edit an answer from the keyboard: focus it, select its text, type over it.
  const answer = qa.getByRole('textbox', { name: 'Answer 2' });
  await answer.focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('Brand: Hemma, designed in Malmö.');
  await expect(answer).toHaveValue('Brand: Hemma, designed in Malmö.');

  // Add a pair and take it out again: the list is back to what it was.
  await qa.getByRole('button', { name: 'Add a question' }).click();
  await expect(qa.getByRole('textbox', { name: `Question ${before + 1}` })).toHaveValue('');
  await qa.getByRole('button', { name: `Remove question ${before + 1}` }).click();
  await expect(qa.getByRole('textbox', { name: /^Question \d$/ })).toHaveCount(before);

  await panel.getByRole('button', { name: 'Save changes' }).click();
  await expect(panel.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  await panel.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(panel.getByLabel('Review: Approved')).toBeVisible();

  const saved = await savedCopy(page, ids);
  expect(saved.pairs).toHaveLength(before);
  expect(saved.pairs[1].answer).toBe('Brand: Hemma, designed in Malmö.');
  expect(saved.pairs[0].question).toBe('What is the Arc Desk Lamp?');
  expect(saved.reviewState).toBe('approved');
});
