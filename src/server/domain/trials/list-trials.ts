// list-trials: the trials run on a bundle, newest first, so a trial can be found again from the bundle rather
// than only from the address of the screen that started it.
import { desc, eq } from 'drizzle-orm';
import type { FunctionResponse } from '../../../common/contract/functions';
import type { Queryable } from '../../db/client';
import { products, trials } from '../../db/schema';
import { requireOwnedBundleId } from '../../leaves/ownership/lookups';
import { workflowNames } from './trial-query';

export async function listTrials(
  db: Queryable,
  ownerId: string,
  bundleId: number,
): Promise<FunctionResponse<'list-trials'>> {
  const owned = await requireOwnedBundleId(db, ownerId, bundleId);
  const rows = await db
    .select({
      id: trials.id,
      createdAt: trials.createdAt,
      completedAt: trials.completedAt,
      workflowIds: trials.workflowIds,
      sampleSize: db.$count(products, eq(products.bundleId, trials.sampleBundleId)),
    })
    .from(trials)
    .where(eq(trials.bundleId, owned))
    .orderBy(desc(trials.id));
  const names = await workflowNames(db, [...new Set(rows.flatMap((row) => row.workflowIds))]);
  return {
    trials: rows.map((row) => ({
      trial_id: row.id,
      created_at: new Date(row.createdAt).toISOString(),
      completed_at: row.completedAt ? new Date(row.completedAt).toISOString() : null,
      sample_size: row.sampleSize,
      workflows: row.workflowIds.map((id) => ({
        workflow_id: id,
        name: names.get(id)?.name ?? 'Deleted workflow',
      })),
    })),
  };
}
