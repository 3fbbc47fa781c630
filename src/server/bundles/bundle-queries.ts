// Read queries over bundles, always scoped to their owner; a bundle marked deleted is left out.
import { sql } from 'drizzle-orm';
import type { BundleSummary } from '../../common/entities';
import type { Queryable } from '../db/client';

type SummaryRow = {
  bundle_id: number;
  name: string;
  bundle_workflow_id: number;
  workflow_id: number;
  created_at: Date;
  product_progress: number;
  product_count: number;
};

/**
 * The owner's bundles with each run's progress (0–100), oldest run first, in one query. A bundle's own progress
 * is its latest run's, the run its link opens: an average over runs would show 52% for a run still at 0.
 */
export async function listBundles(db: Queryable, ownerId: string): Promise<BundleSummary[]> {
  const { rows } = await db.execute<SummaryRow>(sql`
    select b.id as bundle_id, b.name, bw.id as bundle_workflow_id, bw.workflow_id, bw.created_at,
           coalesce(sum(p.progress), 0)::float8 as product_progress, count(p.id)::int as product_count
    from bundles b
    join bundle_workflows bw on bw.bundle_id = b.id
    left join bundle_workflow_products p on p.bundle_workflow_id = bw.id
    where b.owner_id = ${ownerId} and b.deleted_at is null
    group by b.id, bw.id
    order by b.id, bw.created_at, bw.id`);

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
