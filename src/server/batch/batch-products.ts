// What happens to one product of a batch that brought no usable answer: another try in the next batch while
// attempts are left, else failed with the provider's reason (its variants are then written on their own).
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { bundleWorkflowProducts } from '../db/schema';
import { loadProduct, markFailed } from '../generation/product-store';
import { logGeneral } from '../run-log/run-log';

/** The usual attempt limit of a generate-product job (queue/generate-jobs.ts queues them with 5). */
export const MAX_BATCH_ATTEMPTS = 5;

export async function failProducts(db: Database, ids: number[], reason: string): Promise<void> {
  for (const id of ids) {
    const context = await loadProduct(db, id);
    if (!context || context.row.status === 'done') continue;
    await markFailed(db, context, reason, {
      bundleWorkflowId: context.row.bundleWorkflowId,
      productId: context.row.productId,
    });
  }
}

/**
 * A failed line: back to queued for the next batch (true), or failed for good once the attempts are used up.
 */
export async function retryInNextBatch(db: Database, id: number, reason: string): Promise<boolean> {
  const [row] = await db
    .update(bundleWorkflowProducts)
    .set({ attempts: sql`${bundleWorkflowProducts.attempts} + 1` })
    .where(eq(bundleWorkflowProducts.id, id))
    .returning({
      attempts: bundleWorkflowProducts.attempts,
      bundleWorkflowId: bundleWorkflowProducts.bundleWorkflowId,
      productId: bundleWorkflowProducts.productId,
    });
  if (!row) return false;
  if (row.attempts >= MAX_BATCH_ATTEMPTS) {
    await failProducts(db, [id], reason);
    return false;
  }
  await db.transaction(async (tx) => {
    await tx
      .update(bundleWorkflowProducts)
      .set({ status: 'queued', providerBatchId: null, progress: 0, error: reason })
      .where(eq(bundleWorkflowProducts.id, id));
    await logGeneral(
      tx,
      { bundleWorkflowId: row.bundleWorkflowId, productId: row.productId },
      'Batch request failed; it goes in the next batch',
      { reason, attempt: row.attempts },
    );
  });
  return true;
}
