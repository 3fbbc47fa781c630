// A run's Batch API batches as view-bundle-workflow returns them, for the run header.
import { asc, eq } from 'drizzle-orm';
import type { FunctionResponse } from '../../../common/contract/functions';
import type { Queryable } from '../../db/client';
import { providerBatches } from '../../db/schema';

export type RunBatchView = NonNullable<FunctionResponse<'view-bundle-workflow'>['batches']>[number];

/** Oldest first; undefined for a run that has none, so the answer of an ordinary run is unchanged. */
export async function readRunBatches(
  db: Queryable,
  bundleWorkflowId: number,
): Promise<RunBatchView[] | undefined> {
  const rows = await db
    .select()
    .from(providerBatches)
    .where(eq(providerBatches.bundleWorkflowId, bundleWorkflowId))
    .orderBy(asc(providerBatches.id));
  if (rows.length === 0) return undefined;
  return rows.map((row) => ({
    id: row.id,
    purpose: row.purpose,
    state: row.state,
    request_count: row.requestCount,
    completed_count: row.completedCount,
    failed_count: row.failedCount,
    error: row.error,
    submitted_at: row.submittedAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
  }));
}
