// view-trial: each workflow's run on the trial's sample, side by side: its cost so far and per product, tokens,
// seconds, how often the first answer passed the checks, its repairs, the problems left, and the copy.
import { asc, eq } from 'drizzle-orm';
import type { FunctionResponse } from '../../../common/contract/functions';
import { COPY_FIELD_REGISTRY } from '../../../common/copy-fields/registry';
import type { Queryable } from '../../db/client';
import { bundles, products } from '../../db/schema';
import { requireOwnedTrial } from '../../leaves/ownership/lookups';
import { bundleSpendOf } from '../../leaves/spending-cap/spending-cap';
import { variantLinksOf } from '../bundles/start-run';
import { inputLengthOf, kindOf } from './pick-sample';
import { FIRST_CHECK_PASSED, readTrialProducts, type TrialProductRow, workflowNames } from './trial-query';

type TrialView = FunctionResponse<'view-trial'>;
type TrialWorkflow = TrialView['workflows'][number];
type TrialProduct = TrialWorkflow['products'][number];

const TEXT_FIELDS = COPY_FIELD_REGISTRY.filter((field) => field.holds === 'text');

export async function viewTrial(db: Queryable, ownerId: string, trialId: number): Promise<TrialView> {
  const trial = await requireOwnedTrial(db, ownerId, trialId);
  const [sampleBundle] = await db
    .select({ cap: bundles.spendingCapUsd })
    .from(bundles)
    .where(eq(bundles.id, trial.sampleBundleId));
  const sampleProducts = await db
    .select({ position: products.position, details: products.details, imageUrls: products.imageUrls })
    .from(products)
    .where(eq(products.bundleId, trial.sampleBundleId))
    .orderBy(asc(products.position));
  // The sample's positions are the bundle's: the product each was copied from has the same one.
  const sources = await db
    .select({ id: products.id, position: products.position })
    .from(products)
    .where(eq(products.bundleId, trial.bundleId));
  const sourceIdAt = new Map(sources.map((row) => [row.position, row.id]));
  const parentOf = variantLinksOf(sampleProducts);
  const rows = await readTrialProducts(db, trial.sampleBundleId);
  const names = await workflowNames(db, trial.workflowIds);
  const workflowsView = trial.workflowIds.flatMap((workflowId) => {
    const own = rows.filter((row) => row.workflow_id === workflowId);
    return own.length === 0 ? [] : [workflowView(workflowId, names.get(workflowId), own, sourceIdAt)];
  });
  const settled = workflowsView.every((w) => w.done + w.failed === w.total);
  const spend = await bundleSpendOf(db, trial.sampleBundleId);
  return {
    trial_id: trial.id,
    bundle_id: trial.bundleId,
    status:
      trial.completedAt || settled
        ? 'completed'
        : workflowsView.some((w) => w.paused_reason)
          ? 'paused'
          : 'running',
    spending_cap_usd: sampleBundle?.cap ?? null,
    spent_usd: spend.spent,
    created_at: new Date(trial.createdAt).toISOString(),
    completed_at: trial.completedAt ? new Date(trial.completedAt).toISOString() : null,
    sample: sampleProducts.map((product) => {
      const isVariant = parentOf.has(product.position);
      const isFamily = isVariant || [...parentOf.values()].includes(product.position);
      return {
        product_id: sourceIdAt.get(product.position) ?? 0,
        name: product.details.product_name ?? '',
        is_variant: isVariant,
        kind: kindOf(product.details, isFamily),
        input_length: inputLengthOf(product.details),
      };
    }),
    workflows: workflowsView,
  };
}

function productView(row: TrialProductRow, sourceIdAt: Map<number, number>): TrialProduct {
  const copy: Record<string, string | null> = {};
  for (const field of TEXT_FIELDS) copy[field.name] = (row.row[field.column] as string | null) ?? null;
  return {
    product_id: sourceIdAt.get(row.position) ?? 0,
    status: row.status,
    cost_usd: row.cost_unknown ? null : row.cost,
    prompt_tokens: row.prompt_tokens,
    completion_tokens: row.completion_tokens,
    seconds: row.seconds,
    first_answer_passed: row.first_check === null ? null : row.first_check === FIRST_CHECK_PASSED,
    repairs: row.repairs,
    problems: row.problems,
    copy,
  };
}

function workflowView(
  workflowId: number,
  named: { name: string; model: string } | undefined,
  rows: TrialProductRow[],
  sourceIdAt: Map<number, number>,
): TrialWorkflow {
  const productsView = rows.map((row) => productView(row, sourceIdAt));
  const sum = (pick: (p: TrialProduct) => number) => productsView.reduce((total, p) => total + pick(p), 0);
  const checked = productsView.filter((p) => p.first_answer_passed !== null);
  const done = productsView.filter((p) => p.status === 'done');
  const cost = rows.reduce((total, row) => total + row.cost, 0);
  const doneCost = rows.filter((row) => row.status === 'done').reduce((total, row) => total + row.cost, 0);
  return {
    workflow_id: workflowId,
    name: named?.name ?? '',
    model: named?.model ?? '',
    bundle_workflow_id: rows[0]!.bundle_workflow_id,
    total: productsView.length,
    done: done.length,
    failed: productsView.filter((p) => p.status === 'failed').length,
    cost_usd: cost,
    cost_unknown: rows.some((row) => row.cost_unknown),
    cost_per_1000_usd: done.length === 0 ? null : (doneCost / done.length) * 1000,
    prompt_tokens: sum((p) => p.prompt_tokens),
    completion_tokens: sum((p) => p.completion_tokens),
    seconds: sum((p) => p.seconds),
    first_answer_pass_rate:
      checked.length === 0 ? null : checked.filter((p) => p.first_answer_passed).length / checked.length,
    repairs: sum((p) => p.repairs),
    problems_left: sum((p) => p.problems?.length ?? 0),
    paused_reason: rows[0]!.paused_reason,
    products: productsView,
  };
}
