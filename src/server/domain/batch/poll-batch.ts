// The poll-batch task: one job per batch reads its state, stores it with its counts, and comes back later
// (sooner while the batch is young, at most every few minutes when it is old), adding no work per product.
// A finished batch is settled: each answer runs through generateProduct's checks and save, matched by
// custom_id whatever order the output file has; failed lines go to the next batch; an expired or cancelled
// batch fails what it left unanswered, with that reason.

import { and, eq, inArray } from 'drizzle-orm';
import type { BatchRepairMode } from '../../../common/contract/entities';
import type { Database } from '../../db/client';
import { bundleWorkflowProducts, bundleWorkflows, providerBatches, workflows } from '../../db/schema';
import { queueCollectBatch, queuePollBatch, queueSubmitBatch } from '../../leaves/queue/batch-jobs';
import { logGeneral } from '../../leaves/run-log/run-log';
import { emitBatchCompleted } from '../../leaves/webhook-events/run-events';
import { type GenerationDeps, generateProduct } from '../generation/generate-product';
import { BatchAnswerRegistry, type BatchCompletion, RepairDeferred } from './batch-answer-writer';
import { BatchApiError, batchApiFor, type RemoteBatch } from './batch-api';
import { productIdOfCustomId } from './batch-lines';
import { failBatchProducts, failProducts, productsOf, retryInNextBatch } from './batch-products';
import { deferRepair, queuedRepairs, repairBatchMaker, settleRepair } from './repair-batch';

const ACTIVE_STATES = new Set(['validating', 'in_progress', 'finalizing', 'cancelling']);

/** The wait before the next poll: a tenth of the batch's age, between 2 s and 5 minutes. */
export function nextPollDelayMs(submittedAt: Date | null, now = Date.now()): number {
  const age = submittedAt ? now - submittedAt.getTime() : 0;
  return Math.min(300_000, Math.max(2_000, Math.round(age / 10)));
}

export async function pollBatch(deps: GenerationDeps, providerBatchId: number): Promise<void> {
  const { db } = deps;
  const [row] = await db.select().from(providerBatches).where(eq(providerBatches.id, providerBatchId));
  if (!row?.remoteBatchId || row.finishedAt) return;
  const api = batchApiFor(deps);
  let remote: RemoteBatch;
  try {
    remote = await api.getBatch(row.remoteBatchId);
  } catch (error) {
    // A refusal another poll cannot fix (the batch is unknown to the provider): its products fail with why.
    if (error instanceof BatchApiError && !error.retryable) {
      await failBatchProducts(db, row.id, error.message);
      return;
    }
    throw error;
  }
  const counts = remote.request_counts;
  await db
    .update(providerBatches)
    .set({
      state: remote.status,
      outputFileId: remote.output_file_id ?? null,
      errorFileId: remote.error_file_id ?? null,
      ...(counts ? { completedCount: counts.completed, failedCount: counts.failed } : {}),
    })
    .where(eq(providerBatches.id, row.id));
  const hasChanged =
    remote.status !== row.state ||
    (counts !== undefined && (counts.completed !== row.completedCount || counts.failed !== row.failedCount));
  // The run view's ETag follows the run row's version: a new state or count must reach the header.
  if (hasChanged) {
    await db
      .update(bundleWorkflows)
      .set({ updatedAt: new Date() })
      .where(eq(bundleWorkflows.id, row.bundleWorkflowId));
  }
  if (ACTIVE_STATES.has(remote.status)) {
    await queuePollBatch(db, row.id, new Date(Date.now() + nextPollDelayMs(row.submittedAt)));
    return;
  }
  if (remote.status === 'failed') {
    const reason = `The provider refused the batch: ${
      remote.errors?.data?.map((error) => error.message).join('; ') || 'no reason given'
    }`;
    await failBatchProducts(db, row.id, reason);
    return;
  }
  await settleBatch(deps, row, remote);
}

type OutputLine = {
  custom_id?: string;
  response?: { status_code?: number; body?: unknown } | null;
  error?: { code?: string; message?: string } | null;
};

async function settleBatch(
  deps: GenerationDeps,
  {
    id: providerBatchId,
    bundleWorkflowId,
    purpose,
  }: { id: number; bundleWorkflowId: number; purpose: string },
  remote: RemoteBatch,
) {
  const { db } = deps;
  const repairs = purpose === 'repair' ? await queuedRepairs(db, providerBatchId) : undefined;
  const repairBatch = repairBatchMaker(db, bundleWorkflowId);
  const repairMode = await repairModeOf(db, bundleWorkflowId);
  let hasDeferredRepairs = false;
  const api = batchApiFor(deps);
  const answers = remote.output_file_id ? readLines(await api.fileContent(remote.output_file_id)) : new Map();
  const errors = remote.error_file_id ? readLines(await api.fileContent(remote.error_file_id)) : new Map();
  const endedEarly =
    remote.status === 'expired'
      ? 'The batch expired before the provider answered this product. Retry it.'
      : remote.status === 'cancelled'
        ? 'The batch was cancelled before the provider answered this product. Retry it.'
        : undefined;
  let requeued = 0;
  const unanswered: number[] = [];
  for (const id of await productsOf(db, providerBatchId)) {
    const line = answers.get(id) as OutputLine | undefined;
    if (line?.response?.status_code === 200 && line.response.body) {
      const answer = line.response.body as BatchCompletion;
      if (repairs) await settleRepair(db, id, answer, remote.id, repairs.get(id));
      else if (await settleAnswer(deps, id, answer, remote.id, repairMode, repairBatch))
        hasDeferredRepairs = true;
      continue;
    }
    const failure = errors.get(id) ?? line;
    if (endedEarly && !failure) {
      unanswered.push(id);
      continue;
    }
    if (await retryInNextBatch(db, id, describeFailure(failure))) requeued++;
  }
  if (unanswered.length > 0) await failProducts(db, unanswered, endedEarly!);
  await db
    .update(providerBatches)
    .set({ finishedAt: new Date(), ...(endedEarly ? { error: endedEarly } : {}) })
    .where(eq(providerBatches.id, providerBatchId));
  await logGeneral(db, { bundleWorkflowId, productId: null }, 'Batch finished', {
    batch_id: remote.id,
    status: remote.status,
    answered: answers.size,
    failed: errors.size,
  });
  await emitBatchCompleted(db, bundleWorkflowId, providerBatchId, {
    status: remote.status,
    answered: answers.size,
    failed: errors.size,
  });
  if (requeued > 0) await queueCollectBatch(db, bundleWorkflowId);
  if (hasDeferredRepairs) await queueSubmitBatch(db, await repairBatch());
}

/** Where the run's workflow sends a batch answer's repair: a follow-up batch, or a direct call. */
async function repairModeOf(db: Database, bundleWorkflowId: number): Promise<BatchRepairMode> {
  const [row] = await db
    .select({ mode: workflows.batchRepairs })
    .from(bundleWorkflows)
    .innerJoin(workflows, eq(workflows.id, bundleWorkflows.workflowId))
    .where(eq(bundleWorkflows.id, bundleWorkflowId));
  return row?.mode ?? 'batch';
}

/**
 * One answer through generateProduct, whose first call returns it; a repair it asks for goes in the repair
 * batch (true) unless the workflow repairs directly. A product it leaves unsettled goes back to the queue.
 */
async function settleAnswer(
  deps: GenerationDeps,
  id: number,
  answer: BatchCompletion,
  remoteBatchId: string,
  repairMode: BatchRepairMode,
  repairBatch: () => Promise<number>,
): Promise<boolean> {
  const writers = new BatchAnswerRegistry(deps.writers, answer, remoteBatchId, repairMode === 'batch');
  try {
    // Two attempts allowed, so a deferred repair (not a provider failure) is handed back, not marked failed.
    await generateProduct({ db: deps.db, writers }, id, { attempts: 1, maxAttempts: 2 });
  } catch (error) {
    if (error instanceof RepairDeferred) {
      await deferRepair(deps.db, id, await repairBatch(), error.input);
      return true;
    }
    // Anything else: the product goes back to the queue below, for the next batch.
  }
  // A paused run leaves the product unsettled: it goes in a later batch once the cap is raised.
  await deps.db
    .update(bundleWorkflowProducts)
    .set({ providerBatchId: null, status: 'queued', progress: 0 })
    .where(
      and(eq(bundleWorkflowProducts.id, id), inArray(bundleWorkflowProducts.status, ['queued', 'running'])),
    );
  return false;
}

function describeFailure(line: OutputLine | undefined): string {
  if (!line) return 'The batch returned no answer for this product.';
  const body = line.response?.body as { error?: { message?: string } } | undefined;
  const message = line.error?.message ?? body?.error?.message;
  const status = line.response?.status_code;
  return `The provider could not answer this product in the batch${status ? ` (HTTP ${status})` : ''}: ${
    message ?? 'no reason given'
  }`;
}

/** Output or error lines by run product id (from custom_id). */
function readLines(jsonl: string): Map<number, OutputLine> {
  const lines = new Map<number, OutputLine>();
  for (const text of jsonl.split('\n')) {
    if (!text.trim()) continue;
    let line: OutputLine;
    try {
      line = JSON.parse(text) as OutputLine;
    } catch {
      continue;
    }
    const id = line.custom_id ? productIdOfCustomId(line.custom_id) : undefined;
    if (id !== undefined) lines.set(id, line);
  }
  return lines;
}
