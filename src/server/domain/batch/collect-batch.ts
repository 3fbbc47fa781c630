// The collect-batch task: a batch workflow's queued products become local batch rows, before anything is sent
// to the provider. The row (and each product's link to it) is committed first, so a crash later finds it
// and never makes a second one for the same products. Variants go in the same batch as their parent, written
// from its facts and what differs (the parent's copy does not exist yet), so a catalogue takes one batch.
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bundleWorkflowProducts, bundleWorkflows, logs, providerBatches } from '../../db/schema';
import { queueSubmitBatch } from '../../leaves/queue/batch-jobs';
import { generalLogEntry } from '../../leaves/run-log/run-log';
import { pauseRun, remainingAllowance } from '../../leaves/spending-cap/spending-cap';
import { buildBatchLines, splitIntoBatches } from './batch-lines';

export async function collectBatch(db: Database, bundleWorkflowId: number): Promise<number[]> {
  return db.transaction(async (tx) => {
    // One collection per run at a time: two would put the same queued products in two batches.
    const [run] = await tx
      .select({ bundleId: bundleWorkflows.bundleId, pausedReason: bundleWorkflows.pausedReason })
      .from(bundleWorkflows)
      .where(eq(bundleWorkflows.id, bundleWorkflowId))
      .for('update');
    if (!run || run.pausedReason) return [];
    const queued = await tx
      .select({ id: bundleWorkflowProducts.id, productId: bundleWorkflowProducts.productId })
      .from(bundleWorkflowProducts)
      .where(
        and(
          eq(bundleWorkflowProducts.bundleWorkflowId, bundleWorkflowId),
          eq(bundleWorkflowProducts.status, 'queued'),
        ),
      )
      .orderBy(bundleWorkflowProducts.id);
    if (queued.length === 0) return [];
    const lines = await buildBatchLines(
      tx,
      queued.map((row) => row.id),
    );
    const budget = await remainingAllowance(tx, { bundleId: run.bundleId, bundleWorkflowId });
    const { batches, left } = splitIntoBatches(lines, budget);
    if (left.length > 0) {
      const worstCase = left.reduce((sum, line) => sum + line.worstCaseCost, 0);
      await pauseRun(
        tx,
        bundleWorkflowId,
        `Paused: ${left.length} products would cost up to $${worstCase.toFixed(4)} by batch, which does not fit under this bundle's spending cap or your monthly budget ($${(budget ?? 0).toFixed(4)} left). Raise or remove the cap to continue.`,
      );
    }
    const productIdOf = new Map(queued.map((row) => [row.id, row.productId]));
    const created: number[] = [];
    for (const batch of batches) {
      const ids = batch.map((line) => line.bundleWorkflowProductId);
      const [row] = await tx
        .insert(providerBatches)
        .values({ bundleWorkflowId, purpose: 'generate', state: 'preparing', requestCount: ids.length })
        .returning({ id: providerBatches.id });
      const providerBatchId = row!.id;
      await tx
        .update(bundleWorkflowProducts)
        .set({ providerBatchId, status: 'running', progress: 10, error: null })
        .where(inArray(bundleWorkflowProducts.id, ids));
      await tx.insert(logs).values(
        ids.map((id) =>
          generalLogEntry({ bundleWorkflowId, productId: productIdOf.get(id)! }, 'Queued for the Batch API', {
            provider_batch_id: providerBatchId,
          }),
        ),
      );
      await queueSubmitBatch(tx, providerBatchId);
      created.push(providerBatchId);
    }
    return created;
  });
}
