// The provider call of one product, as the generate-product task makes it: the prompt built from the
// workflow's templates and settings (max_tokens, temperature), and for every attempt a reservation before it
// is sent (a 'started' ai line at its worst-case cost, refused when it could pass the spending cap) that is
// settled with the answer's real tokens and cost, an unusable answer's tokens, or nothing for a failed call.
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bundleWorkflowProducts, logs, type PromptTemplates } from '../../db/schema';
import {
  CallDeferred,
  type CopyWriter,
  ProviderError,
  type WriteCopyInput,
  type WriteCopyResult,
} from '../../leaves/ai/copy-writer';
import { estimateImageTokens } from '../../leaves/ai/image-tokens';
import { defaultMaxOutputTokens } from '../../leaves/ai/openai-writer';
import { costAt, effectivePrice, type ModelPrice, UNKNOWN_PRICE_CAP_RATE } from '../../leaves/ai/pricing';
import { withProviderRetries } from '../../leaves/ai/retry-policy';
import { countChatTokens } from '../../leaves/ai/tokens';
import {
  aiLogEntry,
  type LogEntry,
  type LogTarget,
  logGeneral,
  settleAiCallStatement,
  startedAiLogEntry,
} from '../../leaves/run-log/run-log';
import { type Reservation, reserveCall } from '../../leaves/spending-cap/spending-cap';
import { withPrompt } from './build-prompt';

export class SpendingCapReached extends Error {
  override name = 'SpendingCapReached';
  constructor(
    message: string,
    /** The bundle's cap when the call was refused; null when the owner's monthly budget refused it. */
    readonly cap: number | null,
  ) {
    super(message);
  }
}

/** `progress`, when given, is the product's progress once the call is settled, written with the settlement. */
export type ProviderCall = (
  event: string,
  input: WriteCopyInput,
  progress?: number,
) => Promise<WriteCopyResult>;

/** What a user's workflow may set for its calls; unset, the model's default and list price apply. */
export type CallSettings = {
  temperature?: number | null;
  maxOutputTokens?: number | null;
  /** The workflow's own price; the model's list price when null. */
  ownPrice?: ModelPrice | null;
};

/**
 * Room for what the tokenizer cannot see: a server's own chat template, and the JSON instruction the writer
 * appends for an endpoint that takes no response_format.
 */
const PROMPT_TOKEN_MARGIN = 64;

/**
 * Prompt tokens without the tokenizer, for a reservation no cap depends on: about 3 characters a token (English
 * averages 4) plus OpenAI's per-message overhead, so it errs high.
 */
function quickPromptTokens(messages: readonly { role: string; content: string }[]): number {
  let characters = 0;
  for (const message of messages) characters += message.content.length;
  return Math.ceil(characters / 3) + 4 * messages.length + 3;
}

type ProviderCallOptions = {
  db: Database;
  writer: CopyWriter;
  templates: PromptTemplates;
  /** True when the product was read with no cap a moment ago, so the first attempt need not ask again. */
  isCapKnownUnset: boolean;
  target: LogTarget & { bundleId: number };
  /** The bundle_workflow_products row, whose progress a call's settlement moves on. */
  productRowId?: number;
  settings?: CallSettings;
  signal?: AbortSignal;
};

export function createProviderCall(options: ProviderCallOptions): ProviderCall {
  const { db, writer, templates, target, productRowId, settings = {}, signal } = options;
  // Later attempts and the repair call ask again, since the user may set a cap while the run goes.
  let isCapKnownUnset = options.isCapKnownUnset;
  const { ownPrice = null } = settings;
  const settle = (logId: number, entry: LogEntry, progress?: number) =>
    settleCall(db, productRowId, logId, entry, progress);

  return (event, input, progress) => {
    const callInput = requestOf(templates, settings, input);
    const price = effectivePrice(callInput.model, ownPrice);
    const reservation = reservationOf(target, event, callInput, price);

    return withProviderRetries(
      async () => {
        // An answer the writer already holds was paid for: logged, but never refused by the cap or the budget.
        const isAnswered = writer.hasAnswer?.(callInput) ?? false;
        const reserved = await reserveCall(db, target, reservation, isCapKnownUnset, isAnswered);
        isCapKnownUnset = false;
        if ('refused' in reserved) throw new SpendingCapReached(reserved.refused, reserved.cap);
        let result: WriteCopyResult;
        try {
          result = await writer.write(callInput);
        } catch (error) {
          if (error instanceof CallDeferred) {
            // Not made now: it is logged when it is made (the repair batch logs its own line).
            await db.delete(logs).where(eq(logs.id, reserved.logId));
            throw error;
          }
          await settle(
            reserved.logId,
            failedCallEntry(target, event, callInput.model, error, ownPrice),
          ).catch(() => {
            // The line stays 'started' and counts at its reserved cost: more than it cost, never less.
          });
          throw error;
        }
        const photos = photosLogged(result, price);
        await settle(reserved.logId, aiLogEntry(target, event, result, photos, ownPrice), progress);
        if (result.photos?.refused) {
          await logGeneral(db, target, 'Photos refused by the model: written from text', {
            reason: result.photos.refused,
          });
        }
        return result;
      },
      {
        signal,
        onRetry: ({ error, attempt, delayMs }) =>
          logGeneral(db, target, 'Provider call failed; retrying', {
            reason: error.message,
            kind: error.kind,
            attempt,
            wait_ms: delayMs,
          }),
      },
    );
  };
}

/** The request as sent: the templates' prompt, and the workflow's settings where the input has none. */
function requestOf(
  templates: PromptTemplates,
  settings: CallSettings,
  input: WriteCopyInput,
): WriteCopyInput {
  return {
    ...withPrompt(templates, input),
    // Always a cap on the answer, so a model that loops inside a JSON string stops.
    maxOutputTokens:
      input.maxOutputTokens ?? settings.maxOutputTokens ?? defaultMaxOutputTokens(input.imageCount),
    ...(settings.temperature != null && input.temperature === undefined
      ? { temperature: settings.temperature }
      : {}),
  };
}

/** The call's worst case (its prompt and every answer token it may use) as a 'started' line and in USD. */
function reservationOf(
  target: LogTarget & { bundleId: number },
  event: string,
  callInput: WriteCopyInput,
  price: ModelPrice | null,
): Reservation {
  const maxOutputTokens = callInput.maxOutputTokens!;
  // A photo's tokens by its published formula (or gpt-4o's standing in): a reservation errs high.
  const photos = callInput.photos;
  const imageTokens = photos ? estimateImageTokens(callInput.model, photos.detail, photos.photos) : 0;
  return (isPrecise) => {
    const messages = callInput.prompt?.rendered ?? [];
    const promptTokens =
      (isPrecise ? countChatTokens(messages, callInput.model) : quickPromptTokens(messages)) +
      PROMPT_TOKEN_MARGIN +
      imageTokens;
    const worstCase = { prompt_tokens: promptTokens, completion_tokens: maxOutputTokens };
    const reservedUsd = price ? costAt(price, worstCase) : null;
    return {
      started: startedAiLogEntry(target, event, {
        model: callInput.model,
        promptTokens,
        maxOutputTokens,
        reservedUsd,
      }),
      // A model without a price still counts against a cap: its tokens at the dearest known price.
      worstUsd: costAt(price ?? UNKNOWN_PRICE_CAP_RATE, worstCase),
    };
  };
}

/**
 * What the call's photos were and cost, for its log line: their prompt tokens (OpenAI's published count, which
 * `usage` includes) at the input price, or a note that the provider's `usage` holds them uncounted apart.
 */
function photosLogged(
  result: WriteCopyResult,
  price: ModelPrice | null,
): Record<string, unknown> | undefined {
  const photos = result.photos;
  if (!photos) return undefined;
  const { sent, detail, imageTokens, refused } = photos;
  const costUsd =
    imageTokens !== null && price
      ? Math.round(((imageTokens * price.inputPerMillion) / 1e6) * 1e10) / 1e10
      : null;
  return {
    images: {
      sent,
      detail,
      image_tokens: imageTokens,
      image_cost_usd: costUsd,
      counted:
        imageTokens === null
          ? `${result.model}'s photo tokens are in its prompt tokens as answered; no formula is published for it.`
          : "OpenAI's published tile formula; included in the prompt tokens.",
      ...(refused ? { refused } : {}),
    },
  };
}

/** Settles the call's line and, when given, the product's progress. */
async function settleCall(
  db: Database,
  productRowId: number | undefined,
  logId: number,
  entry: LogEntry,
  progress?: number,
) {
  const settled = settleAiCallStatement(db, logId, entry);
  if (progress === undefined || productRowId === undefined) {
    await settled;
    return;
  }
  // One statement for the settlement and the step's progress: a product takes several steps, and each round
  // trip costs more than the work it carries (bench/throughput).
  const progressed = db
    .update(bundleWorkflowProducts)
    .set({ progress })
    .where(and(eq(bundleWorkflowProducts.id, productRowId), ne(bundleWorkflowProducts.status, 'done')));
  await db.execute(sql`with settled as (${settled.getSQL()}) ${progressed.getSQL()}`);
}

/** An unusable answer still cost its tokens; a call that got no answer costs nothing. */
function failedCallEntry(
  target: LogTarget & { bundleId: number },
  event: string,
  model: string,
  error: unknown,
  ownPrice: ModelPrice | null,
): LogEntry {
  const message = error instanceof Error ? error.message : String(error);
  const empty = { model, messages: [] };
  const usage =
    error instanceof ProviderError && error.usage ? error.usage : { prompt_tokens: 0, completion_tokens: 0 };
  const entry = aiLogEntry(
    target,
    error instanceof ProviderError && error.usage ? `${event} (unusable answer)` : `${event} (no answer)`,
    { content: '', model, usage, originalRequest: empty, finalRequest: empty },
    { error: message },
    ownPrice,
  );
  // A failed call with no usage was not billed: it settles at 0, priced or not.
  if (!(error instanceof ProviderError && error.usage)) entry.cost = 0;
  return entry;
}
