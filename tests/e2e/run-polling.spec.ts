// In Chromium, while a 300-product run moves, the run view polls with `since` (the last answer's
// cursor) and If-None-Match (the last answer's ETag) on every poll after the first, and the changed products
// it gets back are merged into the table: the screen reaches the end of the run.
import { expect, test } from '@playwright/test';
import { functions } from '../../src/common/contract/functions';
import { parseAnswer } from '../support/answers';
import { expectNoAxeViolations } from './axe';
import { deleteBundle } from './call-as-user';
import { chooseWorkflow, signInNewUser } from './helpers';

test('while a 300-product run moves, every poll after the first sends If-None-Match and since', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signInNewUser(page, request, 'polling');
  type Poll = { ifNoneMatch?: string; since?: string; status: number; products?: number; done?: number };
  const polls: Poll[] = [];
  page.on('response', async (response) => {
    if (!response.url().endsWith('/functions/v1/view-bundle-workflow')) return;
    const sent = response.request();
    // What the web sent, parsed with the function's request schema (so it is also a request the server takes).
    const body = functions['view-bundle-workflow'].request.parse(JSON.parse(sent.postData() ?? '{}'));
    // Pages after the first (a run over 500 products) are reads, not polls.
    if (body.offset !== undefined) return;
    const ifNoneMatch = (await sent.allHeaders())['if-none-match'];
    const answer =
      response.status() === 200 ? parseAnswer('view-bundle-workflow', await response.json()) : undefined;
    polls.push({
      ifNoneMatch,
      since: body.since,
      status: response.status(),
      products: answer?.products.length,
      done: answer?.totals.done,
    });
  });

  await page.getByRole('link', { name: 'New', exact: true }).click();
  await page.getByLabel('Bundle Name').fill('Polled run');
  await page.getByText('Manual', { exact: true }).click();
  const rows = Array.from(
    { length: 300 },
    (_, i) =>
      `Desk Lamp ${i + 1},Lumen,,,30 cm,Brass,"A brass desk lamp with a weighted base, model ${i + 1}.",`,
  );
  await page.getByLabel('Product List').fill(rows.join('\n'));
  await chooseWorkflow(page, 'SEO copy (gpt-3.5-turbo)');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/view-bundle\/\d+\/1$/);
  // Attached, not visible: at 0 done the bar's filled part has no width, yet it is there and labelled.
  await expect(page.getByLabel(/\d+ of 300 products done/)).toBeAttached();
  await expectNoAxeViolations(page, 'run page while a run moves');

  // The fake provider answers in about 250 ms, so the run takes several 5-second polls to finish.
  await expect
    .poll(() => polls.filter((poll) => poll.status === 200).length, { timeout: 90_000 })
    .toBeGreaterThan(3);
  expect(polls[0]).toMatchObject({ ifNoneMatch: undefined, since: undefined, products: 300 });
  for (const poll of polls.slice(1)) {
    expect(poll.ifNoneMatch).toMatch(/^(W\/)?"/);
    expect(poll.since).toMatch(/^\d+\.\d+$/);
  }
  // A poll brings only what changed: never the whole run again while it moves.
  const moving = polls.slice(1).filter((poll) => poll.status === 200 && poll.done! < 300);
  expect(moving.length).toBeGreaterThan(0);
  for (const poll of moving) expect(poll.products).toBeLessThan(300);
  const done = new Set(polls.map((poll) => poll.done).filter((n) => n !== undefined));
  expect(done.size).toBeGreaterThan(2);
  await deleteBundle(page);
});
