// Helpers for pipeline tests: fixture catalogues as product lists, a worker, and waiting for a run to settle.
import Papa from 'papaparse';
import type pg from 'pg';
import { expect } from 'vitest';
import { type RunningWorker, startWorker } from '../../src/server/runner/start-worker';
import { type FixtureCatalogue, loadFixtureProducts } from './fixture-catalogues';
import { callFunction, type TestApp } from './test-app';

export const FIXTURE_COLUMNS = [
  'title',
  'brand',
  'image_urls',
  'size',
  'colour',
  'dimensions',
  'description',
];

/** A fixture catalogue mapped to the SPEC columns, as the import screen would send it. */
export function fixtureProductList(catalogue: FixtureCatalogue): { columns: string[]; raw_csv: string } {
  const rows = loadFixtureProducts(catalogue).map((product) => [
    product.details.product_name ?? '',
    product.details.brand ?? '',
    product.imageUrls.join('|'),
    product.details.size ?? '',
    product.details.colour ?? '',
    product.details.dimensions ?? '',
    product.details.description ?? '',
  ]);
  return { columns: FIXTURE_COLUMNS, raw_csv: Papa.unparse(rows) };
}

export async function startTestWorker(testApp: TestApp, concurrency = 4): Promise<RunningWorker> {
  return startWorker({
    pool: testApp.database.pool,
    concurrency,
    taskList: testApp.services.queue.taskList,
    heartbeatMs: 1_000,
  });
}

export type RunBody = {
  bundle_workflow_id: number;
  paused_reason: string | null;
  spending_cap_usd: number | null;
  totals: {
    total: number;
    done: number;
    failed: number;
    cost: number;
    prompt_tokens: number;
    completion_tokens: number;
  };
  products: Array<Record<string, unknown> & { id: number; status: string; error: string | null }>;
};

export async function viewRun(
  testApp: TestApp,
  token: string,
  bundleId: number,
  workflowId: number,
): Promise<RunBody> {
  const response = await callFunction(
    testApp,
    'view-bundle-workflow',
    { bundle_id: bundleId, workflow_id: workflowId },
    token,
  );
  expect(response.status).toBe(200);
  return (await response.json()) as RunBody;
}

/** Polls until every product is done or failed. */
export async function waitForRun(
  testApp: TestApp,
  token: string,
  bundleId: number,
  workflowId: number,
  timeoutMs = 60_000,
): Promise<RunBody> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const run = await viewRun(testApp, token, bundleId, workflowId);
    if (run.totals.done + run.totals.failed === run.totals.total) return run;
    if (Date.now() > deadline) {
      throw new Error(
        `Run did not settle: ${run.totals.done} done, ${run.totals.failed} failed of ${run.totals.total}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** How many of a run's products are done, and how many are settled (done or failed). */
export async function countSettled(pool: pg.Pool, runId: number): Promise<{ done: number; settled: number }> {
  const { rows } = await pool.query<{ done: number; settled: number }>(
    `select count(*) filter (where status = 'done')::int as done,
            count(*) filter (where status in ('done', 'failed'))::int as settled
     from bundle_workflow_products where bundle_workflow_id = $1`,
    [runId],
  );
  return rows[0]!;
}
