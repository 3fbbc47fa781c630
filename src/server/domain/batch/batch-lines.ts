// One JSONL line per product, as the Batch API takes it: the same chat request a direct call would send
// (the workflow's prompt, the structured answer, the output cap), with the product's run id as custom_id.
// Also what a line may cost at most, for the spending cap.

import type { Database } from '../../db/client';
import { defaultMaxOutputTokens, PRODUCT_COPY_JSON_SCHEMA } from '../../leaves/ai/openai-writer';
import { costAt, effectivePrice, ownPriceOf } from '../../leaves/ai/pricing';
import { countChatTokens } from '../../leaves/ai/tokens';
import { withPrompt } from '../generation/build-prompt';
import { firstCallInput } from '../generation/generate-product';
import { loadProduct, type ProductContext } from '../generation/product-store';

/** OpenAI bills Batch API calls at half the list price. */
export const BATCH_PRICE_MULTIPLIER = 0.5;
/** OpenAI's limits for one batch input file: 50,000 requests and 200 MB. */
export const MAX_LINES_PER_BATCH = 50_000;
export const MAX_BYTES_PER_BATCH = 200 * 1024 * 1024;

export type BatchLine = {
  bundleWorkflowProductId: number;
  /** The line as uploaded, without its newline. */
  json: string;
  bytes: number;
  /** USD at the batch price if every output token were used; 0 for a model with no known price. */
  worstCaseCost: number;
};

export const customIdOf = (bundleWorkflowProductId: number) => `bwp-${bundleWorkflowProductId}`;

export function productIdOfCustomId(customId: string): number | undefined {
  const match = /^bwp-(\d+)$/.exec(customId);
  return match ? Number(match[1]) : undefined;
}

/** The lines for these run products, in id order: each the request generateProduct's first call would send. */
export async function buildBatchLines(
  db: Database,
  bundleWorkflowProductIds: number[],
): Promise<BatchLine[]> {
  const lines: BatchLine[] = [];
  for (const id of [...bundleWorkflowProductIds].sort((a, b) => a - b)) {
    const context = await loadProduct(db, id);
    if (context) lines.push(lineFor(context));
  }
  return lines;
}

function lineFor(context: ProductContext): BatchLine {
  const input = firstCallInput(context);
  const messages = withPrompt(context.workflow.promptTemplates, input).prompt!.rendered;
  const maxTokens = context.workflow.maxOutputTokens ?? defaultMaxOutputTokens(input.imageCount);
  return requestLine(context, messages, maxTokens);
}

/** One line: the chat request with these messages, in the workflow's model and settings. */
export function requestLine(
  context: ProductContext,
  messages: { role: string; content: string }[],
  maxTokens: number,
): BatchLine {
  const { workflow } = context;
  const sent = messages.map(({ role, content }) => ({ role, content }));
  const json = JSON.stringify({
    custom_id: customIdOf(context.row.id),
    method: 'POST',
    url: '/v1/chat/completions',
    body: {
      model: workflow.model,
      messages: sent,
      response_format: {
        type: 'json_schema',
        json_schema: { name: 'product_copy', strict: true, schema: PRODUCT_COPY_JSON_SCHEMA },
      },
      max_tokens: maxTokens,
      ...(workflow.temperature != null ? { temperature: workflow.temperature } : {}),
    },
  });
  const price = effectivePrice(workflow.model, ownPriceOf(workflow));
  const worstCase = { prompt_tokens: countChatTokens(sent, workflow.model), completion_tokens: maxTokens };
  return {
    bundleWorkflowProductId: context.row.id,
    json,
    bytes: Buffer.byteLength(json) + 1,
    worstCaseCost: price ? costAt(price, worstCase) * BATCH_PRICE_MULTIPLIER : 0,
  };
}

/**
 * Lines cut into batches within the file limits, each taking lines only while the total worst case fits
 * under `budget` (null: no cap). What does not fit is returned as `left`.
 */
export function splitIntoBatches(
  lines: BatchLine[],
  budget: number | null,
): { batches: BatchLine[][]; left: BatchLine[] } {
  const batches: BatchLine[][] = [];
  let current: BatchLine[] = [];
  let bytes = 0;
  let spent = 0;
  let index = 0;
  for (; index < lines.length; index++) {
    const line = lines[index]!;
    if (budget !== null && spent + line.worstCaseCost > budget) break;
    if (current.length >= MAX_LINES_PER_BATCH || bytes + line.bytes > MAX_BYTES_PER_BATCH) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
    current.push(line);
    bytes += line.bytes;
    spent += line.worstCaseCost;
  }
  if (current.length > 0) batches.push(current);
  return { batches, left: lines.slice(index) };
}
