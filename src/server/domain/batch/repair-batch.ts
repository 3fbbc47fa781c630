// The follow-up repair batch: a batch answer that fails the checks gets its repair request (the one a direct
// repair call would send) kept in the product's log and the product linked to a repair batch row; that batch
// is submitted like any other, and its answers finish the product as generateProduct's tail does: the same
// checks, grounded fallbacks or cuts for what is still wrong, and the save.
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { rawRows, rowOf } from '../../db/raw-rows';
import { bundleWorkflowProducts, logs, providerBatches } from '../../db/schema';
import type { WriteCopyInput } from '../../leaves/ai/copy-writer';
import { defaultMaxOutputTokens } from '../../leaves/ai/openai-writer';
import { ownPriceOf } from '../../leaves/ai/pricing';
import { aiLogEntry, generalLogEntry } from '../../leaves/run-log/run-log';
import { checkCopy } from '../generation/check-copy';
import { findDuplicateProblems } from '../generation/distinct-copy';
import { copyRulesFor, firstCallInput } from '../generation/generate-product';
import { loadProduct, recordStep, saveCopy } from '../generation/product-store';
import { settleRemainingProblems } from '../generation/repair-copy';
import { answerToResult, type BatchCompletion } from './batch-answer-writer';
import { type BatchLine, requestLine } from './batch-lines';

export const REPAIR_QUEUED_EVENT = 'Repair queued for the repair batch';

type QueuedRepair = {
  messages: { role: string; content: string }[];
  templated: NonNullable<WriteCopyInput['prompt']>['templated'];
  max_tokens: number;
  previous: WriteCopyInput['repair'];
};

/** One repair batch row per settled batch, made when its first repair is deferred. */
export function repairBatchMaker(db: Database, bundleWorkflowId: number): () => Promise<number> {
  let id: number | undefined;
  return async () => {
    if (id === undefined) {
      const [row] = await db
        .insert(providerBatches)
        .values({ bundleWorkflowId, purpose: 'repair', state: 'preparing' })
        .returning({ id: providerBatches.id });
      id = row!.id;
    }
    return id;
  };
}

/** Keeps the repair request in the log and moves the product into the repair batch, in one transaction. */
export async function deferRepair(
  db: Database,
  bundleWorkflowProductId: number,
  repairBatchId: number,
  input: WriteCopyInput,
): Promise<void> {
  const context = await loadProduct(db, bundleWorkflowProductId);
  if (!context) return;
  const queued: QueuedRepair = {
    messages: (input.prompt?.rendered ?? []).map(({ role, content }) => ({ role, content })),
    templated: input.prompt?.templated ?? [],
    max_tokens:
      input.maxOutputTokens ?? context.workflow.maxOutputTokens ?? defaultMaxOutputTokens(input.imageCount),
    previous: input.repair,
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(logs)
      .values(
        generalLogEntry(
          { bundleWorkflowId: context.row.bundleWorkflowId, productId: context.row.productId },
          REPAIR_QUEUED_EVENT,
          { provider_batch_id: repairBatchId, problems: input.repair?.problems ?? [], queued },
        ),
      );
    await tx
      .update(bundleWorkflowProducts)
      .set({ providerBatchId: repairBatchId, status: 'running', progress: 80 })
      .where(eq(bundleWorkflowProducts.id, bundleWorkflowProductId));
    await tx
      .update(providerBatches)
      .set({ requestCount: sql`${providerBatches.requestCount} + 1` })
      .where(eq(providerBatches.id, repairBatchId));
  });
}

/** The queued repair of each product still waiting on this repair batch, its latest if several. */
/** The queued repair as repairLater logged it (its own writing, so its shape is trusted past being an object). */
const queuedRow = rowOf(bundleWorkflowProducts, ['id'], {
  queued: z.custom<QueuedRepair>((value) => typeof value === 'object' && value !== null),
});

export async function queuedRepairs(
  db: Database,
  providerBatchId: number,
): Promise<Map<number, QueuedRepair>> {
  const rows = await rawRows(
    db,
    queuedRow,
    sql`
    select distinct on (p.id) p.id, l.details->'additional'->'queued' as queued
    from bundle_workflow_products p
    join logs l on l.bundle_workflow_id = p.bundle_workflow_id and l.product_id = p.product_id
    where p.provider_batch_id = ${providerBatchId} and p.status = 'running' and l.event = ${REPAIR_QUEUED_EVENT}
    order by p.id, l.id desc`,
  );
  return new Map(rows.map((row) => [row.id, row.queued]));
}

export async function buildRepairLines(db: Database, providerBatchId: number): Promise<BatchLine[]> {
  const lines: BatchLine[] = [];
  for (const [id, queued] of await queuedRepairs(db, providerBatchId)) {
    const context = await loadProduct(db, id);
    if (context) lines.push(requestLine(context, queued.messages, queued.max_tokens));
  }
  return lines;
}

/** A repair batch's answer: logged at the batch price, checked, settled and saved as generateProduct does. */
export async function settleRepair(
  db: Database,
  bundleWorkflowProductId: number,
  answer: BatchCompletion,
  remoteBatchId: string,
  queued: QueuedRepair | undefined,
): Promise<void> {
  const context = await loadProduct(db, bundleWorkflowProductId);
  if (!context || context.row.status === 'done') return;
  const target = {
    bundleWorkflowId: context.row.bundleWorkflowId,
    productId: context.row.productId,
    bundleId: context.bundleId,
  };
  const input = firstCallInput(context);
  const previous = queued?.previous?.previous;
  let copy = previous;
  try {
    const result = answerToResult(
      {
        ...input,
        prompt: {
          templated: queued?.templated ?? [],
          rendered: (queued?.templated ?? []).map((message, i) => ({
            ...message,
            content: queued?.messages[i]?.content ?? message.content,
            template_variables: undefined,
          })),
        },
      },
      answer,
      remoteBatchId,
    );
    await recordStep(
      db,
      context.row.id,
      aiLogEntry(target, 'Copy repaired', result, undefined, ownPriceOf(context.workflow)),
      90,
    );
    copy = result.copy;
  } catch {
    // An unusable repair answer: the first answer is settled by the fallbacks below instead.
  }
  if (!copy) return;
  const rules = copyRulesFor(context);
  const imageCount = context.imageUrls.length;
  const problems = [
    ...checkCopy(copy, context.details, imageCount, rules),
    ...(await findDuplicateProblems(db, context.row, copy, context.details)),
  ];
  if (problems.length > 0) {
    copy = await settleRemainingProblems(db, target, context, input, copy, problems, rules);
  }
  const stored = checkCopy(copy, context.details, imageCount, rules).map((problem) => ({
    field: problem.field,
    code: problem.kind,
    message: problem.message,
  }));
  await saveCopy(db, context, copy, stored, target);
}
