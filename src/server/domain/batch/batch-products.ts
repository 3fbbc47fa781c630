// The products of one batch and what becomes of those it brings no usable answer for: the ones still waiting on
// it, another try in the next batch while attempts are left, else failed with the provider's reason (their
// variants are then written on their own); a batch the provider refuses fails all it holds.
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bundleWorkflowProducts, providerBatches } from '../../db/schema';
import { logGeneral } from '../../leaves/run-log/run-log';
import { loadProduct, markFailed } from '../generation/product-store';

/** The usual attempt limit of a generate-product job (queue/generate-jobs.ts queues them with 5). */
export const MAX_BATCH_ATTEMPTS = 5;

/** The products still waiting on this batch: variants first, then in id order. */
export async function productsOf(db: Database, providerBatchId: number): Promise<number[]> {
  const rows = await db
    .select({ id: bundleWorkflowProducts.id })
    .from(bundleWorkflowProducts)
    .where(
      and(
        eq(bundleWorkflowProducts.providerBatchId, providerBatchId),
        eq(bundleWorkflowProducts.status, 'running'),
      ),
    )
    // Variants first: each is settled while its parent (in the same batch) is not done yet, as its line was
    // written, so the request its log shows (and a repair continues) is the one that was sent.
    .orderBy(sql`${bundleWorkflowProducts.isMultipleOf} is null`, bundleWorkflowProducts.id);
  return rows.map((row) => row.id);
}

/** A refusal that another try cannot fix: the batch's products fail with the provider's reason. */
export async function failBatchProducts(db: Database, providerBatchId: number, reason: string) {
  await db
    .update(providerBatches)
    .set({ state: 'failed', error: reason, finishedAt: new Date() })
    .where(eq(providerBatches.id, providerBatchId));
  await failProducts(db, await productsOf(db, providerBatchId), reason);
}

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
