// regenerate-products: write chosen products again, or every failed product of a run.
import { and, eq, inArray } from 'drizzle-orm';
import { AppError } from '../app-error';
import type { Database } from '../db/client';
import { bundleWorkflowProductImages, bundleWorkflowProducts } from '../db/schema';
import { queueGenerateJobs } from '../queue/generate-jobs';
import { logGeneral } from '../run-log/run-log';
import { requireOwnedRun } from './bundle-access';

export async function regenerateProducts(
  db: Database,
  ownerId: string,
  bundleWorkflowId: number,
  bundleWorkflowProductIds?: number[],
): Promise<number> {
  await requireOwnedRun(db, ownerId, bundleWorkflowId);
  return db.transaction(async (tx) => {
    const inRun = eq(bundleWorkflowProducts.bundleWorkflowId, bundleWorkflowId);
    const chosen = bundleWorkflowProductIds
      ? and(inRun, inArray(bundleWorkflowProducts.id, bundleWorkflowProductIds))
      : and(inRun, eq(bundleWorkflowProducts.status, 'failed'));
    const reset = await tx
      .update(bundleWorkflowProducts)
      .set({
        status: 'queued',
        progress: 0,
        error: null,
        pageTitle: null,
        metaDescription: null,
        heading: null,
        description: null,
        factSheet: null,
      })
      .where(chosen)
      .returning({ id: bundleWorkflowProducts.id, productId: bundleWorkflowProducts.productId });
    if (bundleWorkflowProductIds && reset.length !== new Set(bundleWorkflowProductIds).size) {
      throw new AppError('unknown_bundle', 'Some of those products are not in this run.');
    }
    if (reset.length === 0) return 0;
    const ids = reset.map((row) => row.id);
    await tx
      .update(bundleWorkflowProductImages)
      .set({ altText: null })
      .where(inArray(bundleWorkflowProductImages.bundleWorkflowProductId, ids));
    for (const row of reset) {
      await logGeneral(tx, { bundleWorkflowId, productId: row.productId }, 'Regeneration requested');
    }
    return queueGenerateJobs(tx, ids);
  });
}
