// The trial journey: from a bundle, try three workflows (the built-in writer and two AI ones, against the fake
// provider) on a sample, read them side by side (figures and copy for the same products), pick the winner with
// the keyboard, start its run on the whole bundle and see the run header's estimate, refined as the run goes.
import { expect, type Page, test } from '@playwright/test';
import type { FunctionResponse } from '../../src/common/contract/functions';
import { parseAnswer } from '../support/answers';
import { expectNoAxeViolations } from './axe';
import { deleteBundle } from './call-as-user';
import { chooseWorkflow, OFFLINE_WRITER, screenshot, signInNewUser } from './helpers';

type TrialWorkflow = FunctionResponse<'view-trial'>['workflows'][number];

const MINI = 'SEO copy (gpt-4o-mini)';
const TURBO = 'SEO copy (gpt-3.5-turbo)';
// Long enough that the winner's run is still going after its first 10 products at the fake's 250 ms a call.
const PRODUCTS = 300;
// The screen's currency format (src/web/lib/format-cost.ts).
const USD = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 4,
});

/** Every answer of `name` the page receives, parsed with the contract, newest last. */
function recordAnswers<N extends 'view-trial' | 'view-bundle-workflow'>(page: Page, name: N) {
  const answers: FunctionResponse<N>[] = [];
  page.on('response', async (response) => {
    if (!response.url().endsWith(`/functions/v1/${name}`) || response.status() !== 200) return;
    answers.push(parseAnswer(name, await response.json()));
  });
  return answers;
}

async function createBundle(page: Page) {
  await page.getByRole('link', { name: 'New', exact: true }).click();
  await page.getByLabel('Bundle Name').fill('Trial lamps');
  await page.getByText('Manual', { exact: true }).click();
  const rows = Array.from(
    { length: PRODUCTS },
    (_, i) =>
      `Harbour Desk Lamp ${i + 1},Lumen,,,${20 + (i % 30)} cm,${['Brass', 'Black', 'White'][i % 3]},"A desk lamp with a weighted base and a linen shade, model ${i + 1}.",`,
  );
  await page.getByLabel('Product List').fill(rows.join('\n'));
  await chooseWorkflow(page, OFFLINE_WRITER);
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/view-bundle\/\d+\/4$/);
  await expect(page.getByLabel(`${PRODUCTS} of ${PRODUCTS} products done`)).toBeVisible({ timeout: 90_000 });
}

async function startTrial(page: Page) {
  await page.getByRole('link', { name: 'Compare workflows' }).click();
  await expect(page).toHaveURL(/\/new-trial\/\d+$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Compare workflows on Trial lamps' }),
  ).toBeFocused();
  const form = page.getByRole('form', { name: 'New trial' });
  await expect(form.getByLabel('Sample size (products)')).toHaveValue('10');
  // Fewer than two workflows is said beside the choice, and nothing starts.
  await form.getByRole('button', { name: 'Start the trial' }).click();
  await expect(form.getByText('Pick at least 2 workflows to compare.')).toBeVisible();
  await expect(page).toHaveURL(/\/new-trial\/\d+$/);
  await expectNoAxeViolations(page, 'new trial: the pick refused');

  await form.getByRole('checkbox', { name: OFFLINE_WRITER }).check();
  await form.getByRole('checkbox', { name: TURBO }).check();
  // The keyboard picks one too.
  await form.getByRole('checkbox', { name: MINI }).focus();
  await page.keyboard.press('Space');
  await expect(form.getByRole('checkbox', { name: MINI })).toBeChecked();
  const sent = page.waitForRequest((req) => req.url().endsWith('/functions/v1/start-trial'));
  await form.getByRole('button', { name: 'Start the trial' }).click();
  expect((await sent).postDataJSON()).toMatchObject({ workflow_ids: [4, 1, 5], sample_size: 10 });
  await expect(page).toHaveURL(/\/trial\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Trial of Trial lamps' })).toBeFocused();
}

/** The figures table says what view-trial answered, a column per workflow in the order they were picked. */
async function expectFigures(page: Page, trial: FunctionResponse<'view-trial'>) {
  const table = page.getByRole('table', { name: 'Workflows side by side' });
  await expect(table.getByRole('columnheader')).toHaveText(['Figure', OFFLINE_WRITER, TURBO, MINI]);
  const cells = (figure: string) =>
    table.getByRole('row', { name: new RegExp(`^${figure}`) }).getByRole('cell');
  await expect(cells('Products written')).toHaveText(['10 of 10', '10 of 10', '10 of 10']);
  const [offline, turbo, mini] = trial.workflows;
  expect(offline!.cost_usd).toBe(0);
  expect(turbo!.cost_usd).toBeGreaterThan(0);
  const usd = (n: number) => USD.format(n);
  await expect(cells('Cost per 1,000 products')).toHaveText([
    '$0.00',
    usd(turbo!.cost_per_1000_usd!),
    usd(mini!.cost_per_1000_usd!),
  ]);
  const rate = ({ first_answer_pass_rate: share }: TrialWorkflow) =>
    share === null ? /^none checked yet$/ : new RegExp(`^${Math.round(share * 100)}% \\(\\d+ of 10\\)$`);
  await expect(cells('First answers that passed the checks')).toHaveText(trial.workflows.map(rate));
  await expect(cells('Repairs')).toHaveText([offline, turbo, mini].map((w) => String(w!.repairs)));
}

/** The copy table shows each workflow's own copy of the product picked, and follows the pick. */
async function expectCopy(page: Page, trial: FunctionResponse<'view-trial'>) {
  for (const sampled of [trial.sample[0]!, trial.sample.at(-1)!]) {
    await page.getByRole('combobox', { name: 'Product' }).click();
    await page.getByRole('option', { name: new RegExp(`^${sampled.name} \\(`) }).click();
    const table = page.getByRole('table', { name: `Copy of ${sampled.name}` });
    for (const [row, field] of [
      ['Page Title', 'page_title'],
      ['Meta Description', 'meta_description'],
      ['Heading', 'heading'],
    ] as const) {
      const copies = trial.workflows.map(
        (w) => w.products.find((p) => p.product_id === sampled.product_id)!.copy[field]!,
      );
      for (const copy of copies) expect(copy.length).toBeGreaterThan(0);
      const cells = table.getByRole('row', { name: new RegExp(`^${row}`) }).getByRole('cell');
      await expect(cells).toHaveText(copies.map((copy) => new RegExp(`^${escapeRegExp(copy)}`)));
    }
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('try three workflows on a sample → compare them side by side → start the run with the winner', async ({
  page,
  request,
}) => {
  test.setTimeout(360_000);
  await signInNewUser(page, request, 'trial');
  const trials = recordAnswers(page, 'view-trial');
  const runs = recordAnswers(page, 'view-bundle-workflow');
  await createBundle(page);
  await startTrial(page);

  // The live region follows the trial to its end.
  const status = page.getByRole('status').filter({ hasText: /^(Writing the sample|The trial is)/ });
  await expect(status).toHaveText(
    'The trial is complete: 3 workflows wrote 30 products in all. Compare them below.',
    { timeout: 60_000 },
  );
  await expect(page.getByRole('progressbar', { name: `${MINI}: 10 of 10 products written` })).toBeVisible();
  const trial = trials.at(-1)!;
  expect(trial.status).toBe('completed');
  expect(trial.sample).toHaveLength(10);
  await expectFigures(page, trial);
  await expectCopy(page, trial);
  await screenshot(page, 'trials-01-side-by-side');
  await expectNoAxeViolations(page, 'trial: complete, side by side');

  // The winner, picked and started with the keyboard alone.
  const winner = page.getByRole('radio', { name: MINI });
  await winner.focus();
  await page.keyboard.press('Space');
  await expect(winner).toBeChecked();
  const start = page.getByRole('button', { name: `Start the run with ${MINI}` });
  await page.keyboard.press('Tab');
  await expect(start).toBeFocused();
  const beforeStart = runs.length;
  const sent = page.waitForRequest((req) => req.url().endsWith('/functions/v1/new-bundle-workflow'));
  await page.keyboard.press('Enter');
  expect((await sent).postDataJSON()).toEqual({
    bundle_id: trial.bundle_id,
    workflow_id: 5,
    trial_id: trial.trial_id,
  });
  await expect(page).toHaveURL(new RegExp(`/view-bundle/${trial.bundle_id}/5$`));

  // The run header: about $X while the run is young (from the trial's measures), then refined by the run's own.
  const estimate = page.getByText(/^Estimate for the whole run: /);
  await expect(estimate).toHaveText(
    /^Estimate for the whole run: about \$\d+\.\d+(, from the trial|, refined after \d+ products)$/,
  );
  await expect(estimate).toHaveText(/refined after \d+ products$/, { timeout: 90_000 });
  const shown = Number(/refined after ([\d,]+) products/.exec((await estimate.textContent()) ?? '')![1]);
  await screenshot(page, 'trials-02-winner-running');
  // Scanned once the refined estimate is on screen: a scan of 300 rows takes long enough for the run to finish.
  await expectNoAxeViolations(page, 'run page: the winner running with its estimate');
  expect(shown).toBeGreaterThanOrEqual(10);
  // What the header says is what the server answered: the run measured from its own finished products. (How
  // soon the first poll comes decides whether it still saw the trial's measures: learning-estimate.test.ts
  // holds the server to those, and run-estimate.test.ts the header's words for them.)
  const winnerRuns = runs.slice(beforeStart);
  expect(winnerRuns.every((run) => run.estimate !== undefined)).toBe(true);
  expect(
    winnerRuns.filter((run) => run.estimate!.basis === 'run').map((run) => run.estimate!.measured_products),
  ).toContain(shown);
  expect(
    winnerRuns.filter((run) => run.totals.done >= 10).every((run) => run.estimate!.basis === 'run'),
  ).toBe(true);

  // The trial is found again from its bundle: Compare workflows lists the bundle's earlier trials.
  await page.getByRole('link', { name: 'Compare workflows' }).click();
  const earlier = page.getByRole('region', { name: 'Earlier trials of this bundle' });
  const listed = earlier.getByRole('link', {
    name: new RegExp(`${escapeRegExp([OFFLINE_WRITER, TURBO, MINI].join(', '))}$`),
  });
  await expect(listed).toHaveCount(1);
  await expectNoAxeViolations(page, 'new trial: the earlier trials listed');
  await listed.click();
  await expect(page).toHaveURL(new RegExp(`/trial/${trial.trial_id}$`));
  await deleteBundle(page, trial.bundle_id);
});
