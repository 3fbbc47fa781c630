// A real run for the benches that read one (view-poll, view-render): new-bundle on a synthetic list, then the
// app's own worker (the task list the server runs: prepare-run writes the rows of a list over 1,000 products,
// generate-product writes each product's copy with the built-in writer) until every product is done. The
// bench then checks that the run holds what it is meant to measure, and throws when it does not: a bench
// whose setup left nothing to measure must fail, not print a ratio (BENCH_WITHOUT_WORKER=1 shows it).

import type { TaskList } from 'graphile-worker';
import type pg from 'pg';
import type { FunctionRequest, FunctionResponse } from '../src/common/contract/functions';
import { startWorker } from '../src/server/runner/start-worker';
import { syntheticProductList } from './support';

/** The built-in writer: no provider, so the run costs nothing and writes real copy for every product. */
export const OFFLINE_WORKFLOW = 4;
const WORKER_CONCURRENCY = Number(process.env.BENCH_WORKER_CONCURRENCY ?? 16);
const SETTLE_TIMEOUT_MS = 8 * 60_000;

export type RealRun = { bundleId: number; bundleWorkflowId: number };

/** Calls new-bundle and hands back its answer parsed with the contract (tests/support/answers' answerOf). */
type Call = (
  name: 'new-bundle',
  body: FunctionRequest<'new-bundle'>,
) => Promise<FunctionResponse<'new-bundle'>>;

/** Creates a run of `count` products and works it to the end with the app's worker. */
export async function createWrittenRun(
  { call, pool, taskList }: { call: Call; pool: pg.Pool; taskList: TaskList },
  name: string,
  count: number,
): Promise<RealRun> {
  const created = await call('new-bundle', {
    bundle_name: name,
    ...syntheticProductList(count),
    workflow_id: OFFLINE_WORKFLOW,
  });
  const run = {
    bundleId: created.bundle_id,
    bundleWorkflowId: created.bundle_workflow_id,
  };
  if (process.env.BENCH_WITHOUT_WORKER) {
    // As the benches ran before they wrote runs through the worker: no worker, so a big run has no rows. The check below refuses it.
    await requireCopyInEveryRow(pool, run.bundleWorkflowId, count);
  }
  const worker = await startWorker({ pool, concurrency: WORKER_CONCURRENCY, taskList });
  try {
    const deadline = Date.now() + SETTLE_TIMEOUT_MS;
    for (;;) {
      const { written, open } = await countRun(pool, run.bundleWorkflowId);
      // Rows are written by prepare-run (over 1,000 products), so a run with no rows yet is not settled.
      if (written === count && open === 0) break;
      if (Date.now() > deadline) {
        throw new Error(
          `${name}: ${written} of ${count} rows written, ${open} still open after the deadline`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    await worker.stop();
  }
  await requireCopyInEveryRow(pool, run.bundleWorkflowId, count);
  return run;
}

async function countRun(pool: pg.Pool, bundleWorkflowId: number): Promise<{ written: number; open: number }> {
  const { rows } = await pool.query<{ written: number; open: number }>(
    `select count(*)::int as written,
            count(*) filter (where status not in ('done', 'failed'))::int as open
     from bundle_workflow_products where bundle_workflow_id = $1`,
    [bundleWorkflowId],
  );
  return rows[0]!;
}

/**
 * Throws unless the run has `count` rows, each done with a page title and a description: a run without its
 * rows (no worker) or without copy would make every figure about it meaningless.
 */
export async function requireCopyInEveryRow(
  pool: pg.Pool,
  bundleWorkflowId: number,
  count: number,
): Promise<void> {
  const { rows } = await pool.query<{ rows: number; with_copy: number }>(
    `select count(*)::int as rows,
            count(*) filter (where status = 'done' and page_title <> '' and description <> '')::int as with_copy
     from bundle_workflow_products where bundle_workflow_id = $1`,
    [bundleWorkflowId],
  );
  const found = rows[0]!;
  if (found.rows !== count || found.with_copy !== count) {
    throw new Error(
      `Nothing to measure: run ${bundleWorkflowId} has ${found.rows} rows of ${count}, ${found.with_copy} with copy`,
    );
  }
}
