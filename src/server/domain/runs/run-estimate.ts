// A run's estimate that learns: before it has written 10 products, the prior (the user's recent runs, or the
// trial its workflow won); from 10 finished products on, the run's own repair share and answer lengths replace
// it, and the estimate is what is settled plus the rest at those measures. It warns as soon as it passes the
// bundle's cap or what is left of the monthly budget (docs/decisions/035-trials.md).
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { RunEstimate } from '../../../common/contract/functions';
import type { Queryable } from '../../db/client';
import { computedRow, rawRows } from '../../db/raw-rows';
import { bundles, bundleWorkflows, trials, workflows } from '../../db/schema';
import { boundedMemo } from '../../leaves/memo/bounded-memo';
import { liveBundleOf } from '../../leaves/ownership/conditions';
import { budgetColumns, leftThisMonth } from '../../leaves/spending-cap/month-limits';
import { bundleSpendOf, formatUsd } from '../../leaves/spending-cap/spending-cap';
import { estimateWorkflowRun } from '../bundles/estimate';

/** Finished products a run measures itself from: fewer say too little (as the user-wide measure's floor). */
export const REFINE_AFTER = 10;

const runProductRow = computedRow({
  position: z.number(),
  details: z.record(z.string(), z.string().nullable()),
  image_urls: z.array(z.string()),
  settled: z.boolean(),
  done: z.boolean(),
  /** USD of the product's calls so far. */
  cost: z.number(),
});

async function runProducts(db: Queryable, runId: number) {
  return rawRows(
    db,
    runProductRow,
    sql`
    select pr.position, pr.details, pr.image_urls, p.status in ('done', 'failed') as settled,
           p.status = 'done' as done,
           coalesce((select sum(l.cost) from logs l where l.bundle_workflow_id = p.bundle_workflow_id
             and l.product_id = p.product_id and l.type = 'ai'), 0)::float8 as cost
    from bundle_workflow_products p join products pr on pr.id = p.product_id
    where p.bundle_workflow_id = ${runId}
    order by pr.position`,
  );
}

/** The trial's run of the same workflow, which a run started from the trial measures from. */
async function trialRunOf(db: Queryable, ownerId: string, trialId: number, workflowId: number) {
  const [row] = await db
    .select({ id: bundleWorkflows.id })
    .from(trials)
    .innerJoin(bundles, eq(bundles.id, trials.bundleId))
    .innerJoin(
      bundleWorkflows,
      and(eq(bundleWorkflows.bundleId, trials.sampleBundleId), eq(bundleWorkflows.workflowId, workflowId)),
    )
    .where(and(eq(trials.id, trialId), liveBundleOf(ownerId)));
  return row?.id;
}

/** Estimates are tokenized afresh only when the run has doubled its finished products (or finished). */
const cache = boundedMemo<string, RunEstimate>(500);

function stageOf(done: number, total: number, settled: number): string {
  if (settled === total) return 'settled';
  return done < REFINE_AFTER ? 'prior' : String(Math.floor(Math.log2(done / REFINE_AFTER)));
}

export async function runEstimate(db: Queryable, ownerId: string, runId: number): Promise<RunEstimate> {
  const [run] = await db
    .select({
      run: bundleWorkflows,
      workflow: workflows,
      bundle: bundles,
      budgets: budgetColumns(bundles.ownerId, bundleWorkflows.startedBy),
    })
    .from(bundleWorkflows)
    .innerJoin(workflows, eq(workflows.id, bundleWorkflows.workflowId))
    .innerJoin(bundles, eq(bundles.id, bundleWorkflows.bundleId))
    .where(and(eq(bundleWorkflows.id, runId), liveBundleOf(ownerId)));
  if (!run) throw new Error(`run ${runId} is gone`);
  const rows = await runProducts(db, runId);
  const done = rows.filter((row) => row.done).length;
  const settled = rows.filter((row) => row.settled);
  const key = `${runId}:${stageOf(done, rows.length, settled.length)}`;
  const cached = cache.get(key);
  const spentOnRun = rows.reduce((sum, row) => sum + row.cost, 0);
  const estimate = cached ?? (await freshEstimate(db, ownerId, run, rows, done));
  if (!cached) cache.set(key, estimate);
  return { ...estimate, warning: await warningOf(db, run, estimate.cost_usd, spentOnRun) };
}

type RunRow = {
  run: typeof bundleWorkflows.$inferSelect;
  workflow: typeof workflows.$inferSelect;
  bundle: typeof bundles.$inferSelect;
};
type RunProduct = z.infer<typeof runProductRow>;

async function freshEstimate(
  db: Queryable,
  ownerId: string,
  { run, workflow, bundle }: RunRow,
  rows: RunProduct[],
  done: number,
): Promise<RunEstimate> {
  const list = rows.map((row) => ({
    position: row.position,
    details: row.details,
    imageUrls: row.image_urls,
  }));
  if (done >= REFINE_AFTER) {
    // What is settled is known; the rest is estimated at this run's own measures.
    const remaining = new Set(rows.filter((row) => !row.settled).map((row) => row.position));
    const rest = await estimateWorkflowRun(db, ownerId, workflow, list, bundle.customFields, {
      measuredRuns: [run.id],
      remaining,
      catalogueLanguage: bundle.language,
    });
    const settledCost = rows.filter((row) => row.settled).reduce((sum, row) => sum + row.cost, 0);
    return {
      cost_usd: rest.cost_usd === null ? null : settledCost + rest.cost_usd,
      basis: 'run',
      measured_products: done,
      repair_rate: rest.repair_rate,
      warning: null,
    };
  }
  const trialRun =
    run.fromTrialId === null ? undefined : await trialRunOf(db, ownerId, run.fromTrialId, workflow.id);
  const whole = await estimateWorkflowRun(db, ownerId, workflow, list, bundle.customFields, {
    ...(trialRun === undefined ? {} : { measuredRuns: [trialRun] }),
    catalogueLanguage: bundle.language,
  });
  return {
    cost_usd: whole.cost_usd,
    basis: trialRun === undefined ? 'prior' : 'trial',
    measured_products: 0,
    repair_rate: whole.repair_rate,
    warning: null,
  };
}

/** Said as soon as the estimate passes the bundle's cap or what is left of the month's budget. */
async function warningOf(
  db: Queryable,
  { bundle, run, budgets }: RunRow & { budgets: { workspaceUsd: number | null; memberUsd: number | null } },
  estimate: number | null,
  spentOnRun: number,
): Promise<string | null> {
  if (estimate === null) return null;
  const about = `The estimate, about $${formatUsd(estimate)}`;
  if (bundle.spendingCapUsd !== null) {
    const otherRuns = (await bundleSpendOf(db, bundle.id)).spent - spentOnRun;
    if (otherRuns + estimate > bundle.spendingCapUsd)
      return `${about}, passes this bundle's spending cap of $${formatUsd(bundle.spendingCapUsd)}: the run will pause before it finishes. Raise the cap to let it finish.`;
  }
  const left = await leftThisMonth(db, { ownerId: bundle.ownerId, startedBy: run.startedBy, ...budgets });
  if (left !== undefined) {
    if (estimate - spentOnRun > left)
      return `${about}, needs more than the $${formatUsd(Math.max(0, left))} left of this month's budget: the run will pause before it finishes.`;
  }
  return null;
}
