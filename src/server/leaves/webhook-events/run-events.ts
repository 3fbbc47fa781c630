// The run's events: run.completed (and run.failed_products when some failed) once every product
// of a run is done or failed (a trial's run: trial.completed once all of the trial's are, trial-events.ts); run.paused when the spending cap or budget stops it; batch.completed when a
// provider batch is settled. Checked after the writing transaction commits, so the last two products finishing
// at once both see the run settled; the dedupe key (the run and its newest write) lets one event through.
import { and, count, eq, isNull, max, notInArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { bundles, bundleWorkflowProducts, bundleWorkflows } from '../../db/schema';
import { emitWebhookEvent } from './emit';
import { emitTrialCompletedIfSettled } from './trial-events';

async function runOwner(db: Queryable, bundleWorkflowId: number) {
  const [run] = await db
    .select({
      ownerId: bundles.ownerId,
      bundleId: bundles.id,
      trialOf: bundles.trialOf,
      workflowId: bundleWorkflows.workflowId,
    })
    .from(bundleWorkflows)
    .innerJoin(bundles, eq(bundles.id, bundleWorkflows.bundleId))
    .where(and(eq(bundleWorkflows.id, bundleWorkflowId), isNull(bundles.deletedAt)));
  return run;
}

export async function emitRunEventsIfSettled(db: Queryable, bundleWorkflowId: number): Promise<void> {
  const p = bundleWorkflowProducts;
  // Cheap first (bwp_run_status_idx): while any product is still to write, there is nothing to count.
  const [unsettled] = await db
    .select({ id: p.id })
    .from(p)
    .where(and(eq(p.bundleWorkflowId, bundleWorkflowId), notInArray(p.status, ['done', 'failed'])))
    .limit(1);
  if (unsettled) return;
  const [totals] = await db
    .select({
      total: count(),
      done: count(sql`case when ${p.status} = 'done' then 1 end`),
      failed: count(sql`case when ${p.status} = 'failed' then 1 end`),
      lastWrite: max(p.version),
    })
    .from(p)
    .where(eq(p.bundleWorkflowId, bundleWorkflowId));
  if (!totals || totals.total === 0 || totals.done + totals.failed < totals.total) return;
  const run = await runOwner(db, bundleWorkflowId);
  if (!run) return;
  // A trial's runs are the trial's: one trial.completed when the last of them settles, no run events.
  if (run.trialOf !== null) return emitTrialCompletedIfSettled(db, run.bundleId);
  const data = {
    bundle_id: run.bundleId,
    workflow_id: run.workflowId,
    bundle_workflow_id: bundleWorkflowId,
    products: { total: totals.total, done: totals.done, failed: totals.failed },
  };
  const happening = `${bundleWorkflowId}:${totals.lastWrite}`;
  await emitWebhookEvent(db, run.ownerId, 'run.completed', data, `run.completed:${happening}`);
  if (totals.failed > 0) {
    await emitWebhookEvent(db, run.ownerId, 'run.failed_products', data, `run.failed_products:${happening}`);
  }
}

export async function emitRunPaused(db: Queryable, bundleWorkflowId: number, reason: string): Promise<void> {
  const run = await runOwner(db, bundleWorkflowId);
  if (!run) return;
  await emitWebhookEvent(
    db,
    run.ownerId,
    'run.paused',
    { bundle_id: run.bundleId, workflow_id: run.workflowId, bundle_workflow_id: bundleWorkflowId, reason },
    `run.paused:${bundleWorkflowId}:${Date.now()}`,
  );
}

export async function emitBatchCompleted(
  db: Queryable,
  bundleWorkflowId: number,
  providerBatchId: number,
  batch: { status: string; answered: number; failed: number },
): Promise<void> {
  const run = await runOwner(db, bundleWorkflowId);
  if (!run) return;
  await emitWebhookEvent(
    db,
    run.ownerId,
    'batch.completed',
    {
      bundle_id: run.bundleId,
      bundle_workflow_id: bundleWorkflowId,
      batch_id: providerBatchId,
      status: batch.status,
      answered: batch.answered,
      failed: batch.failed,
    },
    `batch.completed:${providerBatchId}`,
  );
}
