// Writing a run's log: `general` entries for steps, `ai` entries for every provider answer with its cost.
import type { WriteCopyResult } from '../ai/copy-writer';
import { costOf } from '../ai/pricing';
import type { Queryable } from '../db/client';
import { logs } from '../db/schema';

export type LogTarget = { bundleWorkflowId: number; productId: number | null };
export type LogEntry = typeof logs.$inferInsert;

export async function logGeneral(
  db: Queryable,
  target: LogTarget,
  event: string,
  additional: Record<string, unknown> = {},
): Promise<void> {
  await db.insert(logs).values(generalLogEntry(target, event, additional));
}

/** The row logGeneral writes, for a caller that writes it together with another statement. */
export function generalLogEntry(
  target: LogTarget,
  event: string,
  additional: Record<string, unknown> = {},
): LogEntry {
  return { ...target, type: 'general', event, details: { additional } };
}

/** One `ai` entry per provider answer; its cost is tokens × the pricing table (0 when the model is unknown). */
export async function logAiCall(
  db: Queryable,
  target: LogTarget & { bundleId: number },
  event: string,
  result: Pick<WriteCopyResult, 'content' | 'model' | 'usage' | 'originalRequest' | 'finalRequest'>,
  additional?: Record<string, unknown>,
): Promise<number> {
  const entry = aiLogEntry(target, event, result, additional);
  await db.insert(logs).values(entry);
  return entry.cost ?? 0;
}

/** The row logAiCall writes, for a caller that writes it together with another statement. */
export function aiLogEntry(
  target: LogTarget & { bundleId: number },
  event: string,
  result: Pick<WriteCopyResult, 'content' | 'model' | 'usage' | 'originalRequest' | 'finalRequest'>,
  additional?: Record<string, unknown>,
): LogEntry {
  const price = costOf(result.model, result.usage);
  return {
    bundleWorkflowId: target.bundleWorkflowId,
    productId: target.productId,
    type: 'ai',
    event,
    cost: price ?? 0,
    promptTokens: result.usage.prompt_tokens,
    completionTokens: result.usage.completion_tokens,
    details: {
      bundle_id: target.bundleId,
      response: {
        content: result.content,
        role: 'assistant',
        tokens: { model: result.model, ...result.usage },
        original_request: result.originalRequest,
        final_request: result.finalRequest,
      },
      ...(additional || price === null
        ? {
            additional: {
              ...additional,
              ...(price === null ? { pricing: `No price is known for ${result.model}.` } : {}),
            },
          }
        : {}),
    },
  };
}
