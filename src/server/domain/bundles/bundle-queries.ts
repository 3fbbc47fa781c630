// Read queries over bundles, always scoped to their owner; a bundle marked deleted is left out.
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { BundleSummary } from '../../../common/contract/entities';
import type { Queryable } from '../../db/client';
import { bundles as bundleTable, bundleWorkflowProducts, bundleWorkflows } from '../../db/schema';
import { liveBundleOf } from '../../leaves/ownership/conditions';

/**
 * The owner's bundles with each run's progress (0–100), oldest run first, in one query. A bundle's own progress
 * is its latest run's, the run its link opens: an average over runs would show 52% for a run still at 0.
 */
export async function listBundles(db: Queryable, ownerId: string): Promise<BundleSummary[]> {
  const rows = await db
    .select({
      bundle_id: bundleTable.id,
      name: bundleTable.name,
      bundle_workflow_id: bundleWorkflows.id,
      workflow_id: bundleWorkflows.workflowId,
      created_at: bundleWorkflows.createdAt,
      product_progress: sql<number>`coalesce(sum(${bundleWorkflowProducts.progress}), 0)::float8`,
      product_count: sql<number>`count(${bundleWorkflowProducts.id})::int`,
    })
    .from(bundleTable)
    .innerJoin(bundleWorkflows, eq(bundleWorkflows.bundleId, bundleTable.id))
    .leftJoin(bundleWorkflowProducts, eq(bundleWorkflowProducts.bundleWorkflowId, bundleWorkflows.id))
    // A trial's sample bundle is the trial's, shown by view-trial, not a bundle of the user's own.
    .where(and(liveBundleOf(ownerId), isNull(bundleTable.trialOf)))
    .groupBy(bundleTable.id, bundleWorkflows.id)
    .orderBy(asc(bundleTable.id), asc(bundleWorkflows.createdAt), asc(bundleWorkflows.id));

  const bundles = new Map<number, BundleSummary>();
  for (const row of rows) {
    let bundle = bundles.get(row.bundle_id);
    if (!bundle) {
      bundle = {
        id: row.bundle_id,
        name: row.name,
        progress: 0,
        workflows: [],
      };
      bundles.set(row.bundle_id, bundle);
    }
    const progress = averageProgress(row.product_progress, row.product_count);
    bundle.workflows.push({
      bundle_workflow_id: row.bundle_workflow_id,
      workflow_id: row.workflow_id,
      progress,
      created_at: new Date(row.created_at).toISOString(),
    });
    // Rows come oldest run first, so the last one written is the latest run's.
    bundle.progress = progress;
  }
  return [...bundles.values()];
}

function averageProgress(sum: number, count: number): number {
  return count === 0 ? 100 : Math.round(sum / count);
}
