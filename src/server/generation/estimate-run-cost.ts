// The cost of a run before it starts: the same prompts, tokenizer and pricing the run will use. Completion
// length is estimated from the offline writer's copy for the same product, which has the shape and length
// of a real answer. Repair calls are included: a share `repairRate` of products (measured from the user's
// recent runs, else DEFAULT_REPAIR_RATE) is expected to need one, whose prompt is the first prompt plus the
// previous answer and the problems. Large lists are sampled evenly and scaled.
import type { BundleSettings, CopyFields, ProductFacts } from '../ai/copy-writer';
import { OFFLINE_MODEL, writeOfflineCopy } from '../ai/offline-writer';
import { costOf, type ModelPrice } from '../ai/pricing';
import { countChatTokens, countTokens } from '../ai/tokens';
import type { PromptTemplates } from '../db/schema';
import { describeDifferences, detectVariants } from '../variants/detect-variants';
import { buildMessages, renderMessages } from './build-prompt';

export type CostEstimate = {
  model: string;
  products: number;
  prompt_tokens: number;
  completion_tokens: number;
  /** USD; null when no price is known for the model. */
  cost_usd: number | null;
  /** How many products were tokenized; the rest are scaled from them. */
  sampled: number;
  /** The share of products expected to take a repair call, included in the tokens and cost. */
  repair_rate: number;
};

/**
 * The share of products assumed to need a repair call when the user has no runs to measure it from: about what
 * small and mid-sized models show on the fixture catalogues (issue 13 measured a 2.7× miss without repairs).
 */
export const DEFAULT_REPAIR_RATE = 0.3;

export type RepairShare = { rate: number; prompt: number; completion: number };
/** A typical problem list of a repair call, for its prompt's length. */
const TYPICAL_PROBLEMS = ['page_title: 74 characters; at most 60'];

export type EstimateInput = {
  model: string;
  templates: PromptTemplates;
  products: { position: number; details: ProductFacts; imageUrls: string[] }[];
  settings: BundleSettings;
  /** A batch workflow's calls go through the Batch API, at half the list price (issue 16). */
  batch?: boolean;
  /** The share of products expected to take a repair call; DEFAULT_REPAIR_RATE when unset. */
  repairRate?: number;
  /**
   * Measured from the user's recent runs: their repair calls' tokens as a share of their first calls' tokens
   * (rate and size in one). Used instead of repairRate's modelled repair prompt when given.
   */
  repairShare?: RepairShare;
  /** The workflow's own price, which wins over the list price. */
  ownPrice?: ModelPrice | null;
};

/** OpenAI bills Batch API calls at half the list price. */
const BATCH_PRICE_MULTIPLIER = 0.5;

/** Tokenizing every product of a 50,000-row list would take seconds; this many give a close mean. */
const MAX_SAMPLE = 400;

export function estimateRunCost({
  model,
  templates,
  products,
  settings,
  batch,
  repairRate = DEFAULT_REPAIR_RATE,
  repairShare,
  ownPrice = null,
}: EstimateInput): CostEstimate {
  const parentOf = detectVariants(products);
  const byPosition = new Map(products.map((p) => [p.position, p]));
  const step = Math.max(1, Math.ceil(products.length / MAX_SAMPLE));
  const offlineCopies = new Map<number, CopyFields>();
  const offlineCopy = (product: EstimateInput['products'][number]) => {
    let copy = offlineCopies.get(product.position);
    if (!copy) {
      copy = writeOfflineCopy({
        model: OFFLINE_MODEL,
        product: product.details,
        imageCount: product.imageUrls.length,
        settings,
      }).copy;
      offlineCopies.set(product.position, copy);
    }
    return copy;
  };

  let promptTokens = 0;
  let completionTokens = 0;
  let sampled = 0;
  for (let i = 0; i < products.length; i += step) {
    const product = products[i]!;
    const parentPosition = parentOf.get(product.position);
    const parent = parentPosition === undefined ? undefined : byPosition.get(parentPosition);
    const input = {
      model,
      product: product.details,
      imageCount: product.imageUrls.length,
      settings,
      parent: parent
        ? {
            product: parent.details,
            copy: offlineCopy(parent),
            differences: describeDifferences({ details: parent.details }, { details: product.details }),
          }
        : undefined,
    };
    if (model === OFFLINE_MODEL) {
      const usage = writeOfflineCopy(input).usage;
      promptTokens += usage.prompt_tokens;
      completionTokens += usage.completion_tokens;
    } else {
      const answer = offlineCopy(product);
      const answerTokens = countTokens(JSON.stringify(answer), model);
      const firstPrompt = countChatTokens(renderMessages(buildMessages(templates, input)), model);
      promptTokens += firstPrompt;
      completionTokens += answerTokens;
      const repairPrompt = countChatTokens(
        renderMessages(
          buildMessages(templates, { ...input, repair: { previous: answer, problems: TYPICAL_PROBLEMS } }),
        ),
        model,
      );
      if (repairShare) {
        // Measured: the user's repair calls cost this share of their first calls, in prompt and completion.
        promptTokens += repairShare.prompt * firstPrompt;
        completionTokens += repairShare.completion * answerTokens;
      } else {
        promptTokens += repairRate * repairPrompt;
        completionTokens += repairRate * answerTokens;
      }
    }
    sampled++;
  }
  const scale = sampled === 0 ? 0 : products.length / sampled;
  const usage = {
    prompt_tokens: Math.round(promptTokens * scale),
    completion_tokens: Math.round(completionTokens * scale),
  };
  const listCost = model === OFFLINE_MODEL ? 0 : costOf(model, usage, ownPrice);
  return {
    model,
    products: products.length,
    ...usage,
    cost_usd:
      listCost !== null && batch ? Math.round(listCost * BATCH_PRICE_MULTIPLIER * 1e10) / 1e10 : listCost,
    sampled,
    repair_rate: model === OFFLINE_MODEL ? 0 : repairRate,
  };
}
