// A product whose call the spending cap refused goes back to queued, and its run pauses until the cap is raised.
import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bundles, bundleWorkflowProducts } from '../../db/schema';
import { queueGenerateJobs } from '../../leaves/queue/generate-jobs';
import { pauseRun } from '../../leaves/spending-cap/spending-cap';
import type { SpendingCapReached } from './call-provider';
import type { ProductContext } from './product-store';

/**
 * Under the bundle's lock, the one set-spending-cap takes by updating the row: a cap raised (or removed) after
 * the refusal but before this hold found the product still running and the run not yet paused, so it queued
 * nothing; pausing now would stop the run under a cap it no longer has, with this product queued and no job.
 * The product is queued again instead, and written under the new cap.
 */
export async function holdForSpendingCap(db: Database, context: ProductContext, refusal: SpendingCapReached) {
  await db.transaction(async (tx) => {
    const [bundle] = await tx
      .select({ cap: bundles.spendingCapUsd })
      .from(bundles)
      .where(eq(bundles.id, context.bundleId))
      .for('update');
    await tx
      .update(bundleWorkflowProducts)
      .set({ status: 'queued', progress: 0 })
      .where(and(eq(bundleWorkflowProducts.id, context.row.id), ne(bundleWorkflowProducts.status, 'done')));
    const isCapChanged = refusal.cap !== null && bundle !== undefined && bundle.cap !== refusal.cap;
    if (isCapChanged) await queueGenerateJobs(tx, [context.row.id]);
    else await pauseRun(tx, context.row.bundleWorkflowId, refusal.message);
  });
}
