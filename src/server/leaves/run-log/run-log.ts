// Writing a run's log: `general` entries for steps, `ai` entries for every provider call with its cost. An `ai`
// entry is written 'started' before the call is sent, holding the call's reserved (worst-case) cost, and settled
// with the answer's real tokens and cost; a crash leaves it started, and totals count it at its reservation.

import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { logs } from '../../db/schema';
import type { WriteCopyResult } from '../ai/copy-writer';
import { costOf, type ModelPrice } from '../ai/pricing';

export type LogTarget = { bundleWorkflowId: number; productId: number | null };
export type LogEntry = typeof logs.$inferInsert;
type LoggedAnswer = Pick<
  WriteCopyResult,
  'content' | 'model' | 'usage' | 'originalRequest' | 'finalRequest' | 'billing'
>;

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

/**
 * One `ai` entry per provider answer; its cost is tokens × the effective price (pricing.ts), cached prompt
 * tokens at the cached-input price; null when no price is known. Returns the cost (null when unknown).
 */
export async function logAiCall(
  db: Queryable,
  target: LogTarget & { bundleId: number },
  event: string,
  result: LoggedAnswer,
  additional?: Record<string, unknown>,
  ownPrice?: ModelPrice | null,
): Promise<number | null> {
  const entry = aiLogEntry(target, event, result, additional, ownPrice);
  await db.insert(logs).values(entry);
  return entry.cost ?? null;
}

/** What a call is expected to cost at worst, written before it is sent. */
export type AiCallReservation = {
  model: string;
  promptTokens: number;
  maxOutputTokens: number;
  /** USD at the call's price; null when the price is unknown. */
  reservedUsd: number | null;
};

/** Shown on a started line in the log view until it is settled (or forever, after a crash). */
export const RESERVED_NOT_SETTLED = 'reserved, not settled';

/** The 'started' line written before a call is sent: it counts at its reserved cost until it is settled. */
export function startedAiLogEntry(
  target: LogTarget & { bundleId: number },
  event: string,
  reservation: AiCallReservation,
): LogEntry {
  const empty = { model: reservation.model, messages: [] };
  return {
    bundleWorkflowId: target.bundleWorkflowId,
    productId: target.productId,
    type: 'ai',
    event,
    callState: 'started',
    cost: reservation.reservedUsd,
    promptTokens: reservation.promptTokens,
    completionTokens: reservation.maxOutputTokens,
    details: {
      bundle_id: target.bundleId,
      response: {
        content: '',
        role: 'assistant',
        tokens: {
          model: reservation.model,
          prompt_tokens: reservation.promptTokens,
          completion_tokens: reservation.maxOutputTokens,
        },
        original_request: empty,
        final_request: empty,
      },
      additional: {
        call_state: RESERVED_NOT_SETTLED,
        reserved_usd: reservation.reservedUsd,
        max_tokens: reservation.maxOutputTokens,
      },
    },
  };
}

/** Settles a started line with what the call really used (an answer, an unusable answer, or nothing). */
export function settleAiCallStatement(db: Queryable, logId: number, entry: LogEntry) {
  return db
    .update(logs)
    .set({
      event: entry.event,
      cost: entry.cost ?? null,
      promptTokens: entry.promptTokens ?? 0,
      completionTokens: entry.completionTokens ?? 0,
      cachedTokens: entry.cachedTokens ?? 0,
      details: entry.details,
      callState: 'settled',
    })
    .where(eq(logs.id, logId));
}

/** The row logAiCall writes, for a caller that writes it together with another statement. */
export function aiLogEntry(
  target: LogTarget & { bundleId: number },
  event: string,
  result: LoggedAnswer,
  givenAdditional?: Record<string, unknown>,
  /** The workflow's own price, which wins over the list price. */
  ownPrice?: ModelPrice | null,
): LogEntry {
  const listPrice = costOf(result.model, result.usage, ownPrice);
  // A batch answer costs a share of the list price (half, for OpenAI's Batch API); the log says so.
  const { billing } = result;
  const price =
    listPrice === null || !billing
      ? listPrice
      : Math.round(listPrice * billing.priceMultiplier * 1e10) / 1e10;
  const additional = billing
    ? {
        ...givenAdditional,
        via: 'batch',
        batch_id: billing.batchId,
        price_multiplier: billing.priceMultiplier,
      }
    : givenAdditional;
  return {
    bundleWorkflowId: target.bundleWorkflowId,
    productId: target.productId,
    type: 'ai',
    event,
    // Unknown stays unknown (null), never $0 or a borrowed price.
    cost: price,
    promptTokens: result.usage.prompt_tokens,
    completionTokens: result.usage.completion_tokens,
    cachedTokens: result.usage.cached_tokens ?? 0,
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
              ...(price === null
                ? {
                    pricing: `No price is known for ${result.model}: the cost is unknown. Set a price on the workflow.`,
                  }
                : {}),
            },
          }
        : {}),
    },
  };
}
