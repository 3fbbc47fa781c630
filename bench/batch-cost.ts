// batch-cost bench: what 1,000 products cost in batch mode against direct mode, repairs counted.
// Both fixture catalogues run through the real pipeline twice on gpt-4o-mini against the fake provider: once
// on a direct workflow, once on the same workflow with `batch: true` (the fake's Batch API completes after a
// second). In both runs every tenth first answer is invalid copy (a 200-character title), so both pay for the
// same share of repairs; in batch mode the repairs go in a follow-up repair batch (the workflow's default), and
// variants go in the same batch as their parent. The cost is read back from each run's ai logs.
// `npx tsx bench/batch-cost.ts`.
import type pg from 'pg';
import { startWorker } from '../src/server/runner/start-worker';
import { type FailMode, startFakeOpenAI } from '../tests/support/fake-openai';
import { FIXTURE_CATALOGUES } from '../tests/support/fixture-catalogues';
import { fixtureProductList } from '../tests/support/pipeline';
import { waitForRunSettled, withBenchApp } from './support';

const MODEL = 'gpt-4o-mini';
const GOAL_RATIO = 0.55;
const API_KEY = 'sk-bench-batch';
/** One first answer in this many is invalid and needs a repair, in both modes. */
const INVALID_EVERY = 10;

type RunCost = { products: number; cost: number; aiCalls: number; repairs: number; byBatch: number };

const fake = await startFakeOpenAI({
  apiKey: API_KEY,
  recordRequests: false,
  seed: 16,
  batch: { completeAfterMs: 1_000, invalidEvery: INVALID_EVERY },
});
try {
  await withBenchApp(
    async ({ call, database, services }) => {
      const { rows: users } = await database.pool.query<{ id: string }>('select id from "user" limit 1');
      const workflowFor = async (batch: boolean) => {
        const { rows } = await database.pool.query<{ id: number }>(
          `insert into workflows (owner_id, name, model, prompt_templates, batch)
           select $1, $2, $3, prompt_templates, $4 from workflows where model <> 'offline' order by id limit 1
           returning id`,
          [users[0]!.id, batch ? 'Bench batch' : 'Bench direct', MODEL, batch],
        );
        return rows[0]!.id;
      };
      const worker = await startWorker({
        pool: database.pool,
        concurrency: 4,
        taskList: services.queue.taskList,
      });
      try {
        const totals: Record<'direct' | 'batch', RunCost> = {
          direct: { products: 0, cost: 0, aiCalls: 0, repairs: 0, byBatch: 0 },
          batch: { products: 0, cost: 0, aiCalls: 0, repairs: 0, byBatch: 0 },
        };
        for (const mode of ['direct', 'batch'] as const) {
          const workflowId = await workflowFor(mode === 'batch');
          for (const catalogue of FIXTURE_CATALOGUES) {
            // Direct mode: the same share of invalid first answers, scripted on the chat endpoint.
            fake.setBehaviour(
              mode === 'direct'
                ? {
                    script: Array.from(
                      { length: 200 },
                      (_, i): FailMode => ((i + 1) % INVALID_EVERY === 0 ? 'invalid_copy' : 'none'),
                    ),
                  }
                : {},
            );
            const response = await call('new-bundle', {
              bundle_name: `${mode} ${catalogue}`,
              ...fixtureProductList(catalogue),
              workflow_id: workflowId,
            });
            const created = (await response.json()) as { bundle_workflow_id: number };
            if (response.status !== 200) throw new Error(`new-bundle failed: ${JSON.stringify(created)}`);
            await waitForRunSettled(database.pool, created.bundle_workflow_id);
            const run = await readRunCost(database.pool, created.bundle_workflow_id);
            if (process.env.BENCH_VERBOSE) {
              const { rows } = await database.pool.query(
                `select event, details->'additional'->>'via' as via, count(*)::int, sum(cost)::float8 as cost
                 from logs where bundle_workflow_id = $1 and type = 'ai' group by 1, 2 order by 1, 2`,
                [created.bundle_workflow_id],
              );
              console.log(mode, catalogue, JSON.stringify(rows));
            }
            const total = totals[mode];
            for (const key of Object.keys(run) as (keyof RunCost)[]) total[key] += run[key];
          }
        }
        const perThousand = (run: RunCost) => (run.cost / run.products) * 1_000;
        for (const mode of ['direct', 'batch'] as const) {
          const run = totals[mode];
          console.log(
            `${mode.padEnd(6)} ${run.products} products, ${run.aiCalls} ai calls (${run.byBatch} by batch, ${run.repairs} repairs), $${run.cost.toFixed(6)}: $${perThousand(run).toFixed(4)} per 1,000 products`,
          );
        }
        const ratio = perThousand(totals.batch) / perThousand(totals.direct);
        console.log(`RESULT batch_vs_direct_cost ${ratio.toFixed(3)} (goal <= ${GOAL_RATIO})`);
      } finally {
        await worker.stop();
      }
    },
    { env: { OPENAI_API_KEY: API_KEY, OPENAI_BASE_URL: fake.url } },
  );
} finally {
  await fake.close();
}

async function readRunCost(pool: pg.Pool, bundleWorkflowId: number): Promise<RunCost> {
  const { rows } = await pool.query<RunCost>(
    `select (select count(*)::int from bundle_workflow_products
             where bundle_workflow_id = $1 and status = 'done') as products,
            coalesce(sum(cost), 0)::float8 as cost,
            count(*)::int as "aiCalls",
            count(*) filter (where event in ('Copy repaired', 'Copy repaired (unusable answer)'))::int as repairs,
            count(*) filter (where details->'additional'->>'via' = 'batch')::int as "byBatch"
     from logs where bundle_workflow_id = $1 and type = 'ai'`,
    [bundleWorkflowId],
  );
  return rows[0]!;
}
