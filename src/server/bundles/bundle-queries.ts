// Read queries over bundles, always scoped to their owner.
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

/** The owner's bundles with each run's progress (0–100), oldest run first, in one query. */
export async function listBundles(db: Queryable, ownerId: string): Promise<BundleSummary[]> {
  const { rows } = await db.execute<SummaryRow>(sql`
    select b.id as bundle_id, b.name, bw.id as bundle_workflow_id, bw.workflow_id, bw.created_at,
           coalesce(sum(p.progress), 0)::float8 as product_progress, count(p.id)::int as product_count
    from bundles b
    join bundle_workflows bw on bw.bundle_id = b.id
    left join bundle_workflow_products p on p.bundle_workflow_id = bw.id
    where b.owner_id = ${ownerId}
    group by b.id, bw.id
    order by b.id, bw.created_at, bw.id`);

  const bundles = new Map<number, BundleSummary & { progressSum: number; productCount: number }>();
  for (const row of rows) {
    let bundle = bundles.get(row.bundle_id);
    if (!bundle) {
      bundle = {
        id: row.bundle_id,
        name: row.name,
        progress: 0,
        workflows: [],
        progressSum: 0,
        productCount: 0,
      };
      bundles.set(row.bundle_id, bundle);
    }
    bundle.progressSum += row.product_progress;
    bundle.productCount += row.product_count;
    bundle.workflows.push({
      bundle_workflow_id: row.bundle_workflow_id,
      workflow_id: row.workflow_id,
      progress: averageProgress(row.product_progress, row.product_count),
      created_at: new Date(row.created_at).toISOString(),
    });
  }
  return [...bundles.values()].map(({ progressSum, productCount, ...bundle }) => ({
    ...bundle,
    progress: averageProgress(progressSum, productCount),
  }));
}

function averageProgress(sum: number, count: number): number {
  return count === 0 ? 100 : Math.round(sum / count);
}
