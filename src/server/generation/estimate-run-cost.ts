// The cost of a run before it starts: the same prompts, tokenizer and pricing the run will use. Completion
// length is estimated from the offline writer's copy for the same product, which has the shape and length
// of a real answer. Large lists are sampled evenly and scaled.
import type { BundleSettings, CopyFields, ProductFacts } from '../ai/copy-writer';
import { OFFLINE_MODEL, writeOfflineCopy } from '../ai/offline-writer';
import { costOf } from '../ai/pricing';
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
};

export type EstimateInput = {
  model: string;
  templates: PromptTemplates;
  products: { position: number; details: ProductFacts; imageUrls: string[] }[];
  settings: BundleSettings;
};

/** Tokenizing every product of a 50,000-row list would take seconds; this many give a close mean. */
const MAX_SAMPLE = 400;

export function estimateRunCost({ model, templates, products, settings }: EstimateInput): CostEstimate {
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
      promptTokens += countChatTokens(renderMessages(buildMessages(templates, input)), model);
      completionTokens += countTokens(JSON.stringify(offlineCopy(product)), model);
    }
    sampled++;
  }
  const scale = sampled === 0 ? 0 : products.length / sampled;
  const usage = {
    prompt_tokens: Math.round(promptTokens * scale),
    completion_tokens: Math.round(completionTokens * scale),
  };
  return {
    model,
    products: products.length,
    ...usage,
    cost_usd: model === OFFLINE_MODEL ? 0 : costOf(model, usage),
    sampled,
  };
}
