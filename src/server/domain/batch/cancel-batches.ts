// A deleted bundle's batches still waiting at the provider are cancelled before its rows are purged, so nobody
// pays for answers no one will read. The provider bills what it finished before the cancel; the rest is free.
import { and, eq, inArray, isNotNull, notInArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bundleWorkflows, providerBatches } from '../../db/schema';
import { describeError, type Logger } from '../../leaves/logger/logger';
import type { GenerationDeps } from '../generation/generate-product';
import { batchApiFor, type RemoteBatchStatus } from './batch-api';

/** States after which the provider does no more work on a batch. */
export const FINISHED_BATCH_STATES: RemoteBatchStatus[] = [
  'completed',
  'failed',
  'expired',
  'cancelling',
  'cancelled',
];

/**
 * Asks the provider to cancel each of the bundle's batches it still works on. A cancel the provider refuses or
 * cannot take now is logged and left: the purge goes on, since the bundle is already gone for its owner.
 * Answers how many were cancelled.
 */
export async function cancelBundleBatches(
  deps: GenerationDeps,
  bundleId: number,
  log?: Logger,
): Promise<number> {
  const open = await deps.db
    .select({ id: providerBatches.id, remoteBatchId: providerBatches.remoteBatchId })
    .from(providerBatches)
    .innerJoin(bundleWorkflows, eq(bundleWorkflows.id, providerBatches.bundleWorkflowId))
    .where(
      and(
        eq(bundleWorkflows.bundleId, bundleId),
        isNotNull(providerBatches.remoteBatchId),
        notInArray(providerBatches.state, FINISHED_BATCH_STATES),
      ),
    );
  if (open.length === 0) return 0;
  const api = batchApiFor(deps);
  const cancelled: number[] = [];
  for (const batch of open) {
    try {
      await api.cancelBatch(batch.remoteBatchId!);
      cancelled.push(batch.id);
    } catch (error) {
      log?.warn(
        { err: describeError(error), provider_batch_id: batch.id },
        'Could not cancel a deleted bundle’s batch at the provider',
      );
    }
  }
  if (cancelled.length > 0) {
    await markCancelling(deps.db, cancelled);
  }
  return cancelled.length;
}

async function markCancelling(db: Database, ids: number[]) {
  await db.update(providerBatches).set({ state: 'cancelling' }).where(inArray(providerBatches.id, ids));
}
