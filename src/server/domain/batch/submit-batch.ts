// The submit-batch task: upload a local batch's lines and create it at the provider, exactly once. Before
// creating, it asks the provider for a batch carrying this row's id in its metadata (one created just before a
// crash); the uploaded file's id is stored before the batch is created, so a retry does not upload again.
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bundles, bundleWorkflowProducts, bundleWorkflows, providerBatches } from '../../db/schema';
import { queuePollBatch } from '../../leaves/queue/batch-jobs';
import { queueGenerateJobs } from '../../leaves/queue/generate-jobs';
import { logGeneral } from '../../leaves/run-log/run-log';
import type { GenerationDeps } from '../generation/generate-product';
import {
  BATCH_API_UNSUPPORTED,
  type BatchApi,
  BatchApiError,
  BatchApiUnsupported,
  batchApiFor,
  type RemoteBatch,
} from './batch-api';
import { buildBatchLines } from './batch-lines';
import { failBatchProducts, productsOf } from './batch-products';
import { buildRepairLines } from './repair-batch';

export async function submitBatch(deps: GenerationDeps, providerBatchId: number): Promise<void> {
  const { db } = deps;
  const [row] = await db.select().from(providerBatches).where(eq(providerBatches.id, providerBatchId));
  if (!row) return;
  if (row.remoteBatchId) {
    await queuePollBatch(db, row.id, new Date());
    return;
  }
  if (row.state !== 'preparing' && row.state !== 'submitting') return;
  const api = batchApiFor(deps);
  try {
    const existing = await api.findByLocalId(row.id);
    if (existing) {
      await recordSubmitted(db, api, row.id, row.bundleWorkflowId, existing, row.requestCount);
      return;
    }
    // A deleted bundle's batch is never created (its purge is queued, and cancels what was).
    if (await isBundleDeleted(db, row.bundleWorkflowId)) return;
    let inputFileId = row.inputFileId;
    let requestCount = row.requestCount;
    if (!inputFileId) {
      const lines =
        row.purpose === 'repair'
          ? await buildRepairLines(db, row.id)
          : await buildBatchLines(db, await productsOf(db, row.id));
      if (lines.length === 0) {
        await db
          .update(providerBatches)
          .set({ state: 'cancelled', error: 'No products were left to send.', finishedAt: new Date() })
          .where(eq(providerBatches.id, row.id));
        return;
      }
      const file = await api.uploadFile(
        `${lines.map((line) => line.json).join('\n')}\n`,
        `copyloom-batch-${row.id}.jsonl`,
      );
      inputFileId = file.id;
      requestCount = lines.length;
      await db
        .update(providerBatches)
        .set({ inputFileId, requestCount, state: 'submitting' })
        .where(eq(providerBatches.id, row.id));
    }
    const created = await api.createBatch(inputFileId, row.id);
    await recordSubmitted(db, api, row.id, row.bundleWorkflowId, created, requestCount);
  } catch (error) {
    if (error instanceof BatchApiUnsupported) {
      await fallBackToDirect(db, row.id, row.bundleWorkflowId, error.message);
      return;
    }
    if (error instanceof BatchApiError && !error.retryable) {
      await failBatchProducts(db, row.id, error.message);
      return;
    }
    throw error;
  }
}

async function isBundleDeleted(db: Database, bundleWorkflowId: number): Promise<boolean> {
  const [run] = await db
    .select({ deletedAt: bundles.deletedAt })
    .from(bundleWorkflows)
    .innerJoin(bundles, eq(bundles.id, bundleWorkflows.bundleId))
    .where(eq(bundleWorkflows.id, bundleWorkflowId));
  return !run || run.deletedAt !== null;
}

async function recordSubmitted(
  db: Database,
  api: BatchApi,
  providerBatchId: number,
  bundleWorkflowId: number,
  remote: RemoteBatch,
  requestCount: number,
) {
  const isRecorded = await db.transaction(async (tx) => {
    const recorded = await tx
      .update(providerBatches)
      .set({
        remoteBatchId: remote.id,
        inputFileId: remote.input_file_id,
        state: remote.status,
        submittedAt: sql`coalesce(${providerBatches.submittedAt}, now())`,
      })
      .where(eq(providerBatches.id, providerBatchId))
      .returning({ id: providerBatches.id });
    if (recorded.length === 0) return false;
    await logGeneral(tx, { bundleWorkflowId, productId: null }, 'Batch submitted', {
      batch_id: remote.id,
      requests: requestCount,
    });
    await queuePollBatch(tx, providerBatchId, new Date(Date.now() + 1_000));
    return true;
  });
  // The bundle was deleted and purged while the batch was being created: nobody will read its answers.
  if (!isRecorded) await api.cancelBatch(remote.id).catch(() => undefined);
}

/** Says so once per run, and sends the batch's products to the ordinary generate-product jobs. */
async function fallBackToDirect(
  db: Database,
  providerBatchId: number,
  bundleWorkflowId: number,
  reason: string,
) {
  await db.transaction(async (tx) => {
    const [earlier] = await tx
      .select({ id: providerBatches.id })
      .from(providerBatches)
      .where(
        and(
          eq(providerBatches.bundleWorkflowId, bundleWorkflowId),
          eq(providerBatches.error, BATCH_API_UNSUPPORTED),
        ),
      );
    await tx
      .update(providerBatches)
      .set({ state: 'failed', error: BATCH_API_UNSUPPORTED, finishedAt: new Date() })
      .where(eq(providerBatches.id, providerBatchId));
    const released = await tx
      .update(bundleWorkflowProducts)
      .set({ providerBatchId: null, status: 'queued', progress: 0 })
      .where(
        and(
          eq(bundleWorkflowProducts.providerBatchId, providerBatchId),
          eq(bundleWorkflowProducts.status, 'running'),
        ),
      )
      .returning({ id: bundleWorkflowProducts.id });
    if (!earlier) {
      await logGeneral(
        tx,
        { bundleWorkflowId, productId: null },
        'Batch API not available; writing directly',
        {
          reason,
        },
      );
    }
    await queueGenerateJobs(
      tx,
      released.map((row) => row.id),
    );
  });
}
