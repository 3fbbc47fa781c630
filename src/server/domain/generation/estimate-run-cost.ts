// The cost of a run before it starts: every product's own prompt, built as the run builds it (the workflow's
// templates, settings and voice, a variant's differences and siblings), counted with the model family's
// tokenizer (ai/tokens.ts), and priced as the run is charged. The input tokens are exact, except a variant's
// parent copy, which does not exist before the run: the offline writer's copy of the parent stands in for it,
// as the offline writer's copy of each product stands in for the answer (its shape, and its length scaled by
// how long the user's models have answered, measured). Repair calls
// are included: a share of products (measured from the user's recent runs, else DEFAULT_REPAIR_RATE) is
// expected to need one. Lists longer than MAX_EXACT are sampled evenly and scaled, and say so.

import type { VisionDetail } from '../../../common/contract/entities';
import type { PromptTemplates } from '../../db/schema';
import type {
  BundleSettings,
  CopyFields,
  CopyVoice,
  ProductFacts,
  WriteCopyInput,
} from '../../leaves/ai/copy-writer';
import { OFFLINE_MODEL, writeOfflineCopy } from '../../leaves/ai/offline-writer';
import { costOf, type ModelPrice } from '../../leaves/ai/pricing';
import { countTokens, describeEncoding } from '../../leaves/ai/tokens';
import { describeDifferences, detectVariants, differingValues } from '../../leaves/variants/detect-variants';
import { buildMessages, renderMessages } from './build-prompt';
import { photoTokensOf, standInPhotoFacts, standInPhotos } from './product-photos';
import { MAX_SIBLINGS_NAMED } from './product-store';

export type CostEstimate = {
  model: string;
  products: number;
  prompt_tokens: number;
  completion_tokens: number;
  /** Of prompt_tokens, those of every product's first call (its prompt as the run sends it), repairs aside. */
  first_call_prompt_tokens: number;
  /** USD; null when no price is known for the model. */
  cost_usd: number | null;
  /** How many products were tokenized; the rest are scaled from them (only past MAX_EXACT). */
  sampled: number;
  /** The share of products expected to take a repair call, included in the tokens and cost. */
  repair_rate: number;
  /** The encoding the tokens were counted with, and whether it stands in for an unknown model's own. */
  tokenizer: { encoding: string; stands_in: boolean; note: string };
};

/**
 * The share of products assumed to need a repair call when the user has no runs to measure it from: about what
 * small and mid-sized models show on the fixture catalogues (an estimate without repairs once missed by 2.7×).
 */
export const DEFAULT_REPAIR_RATE = 0.3;

/**
 * Measured from the user's recent runs (bundles/estimate.ts): the share of products that took a repair call,
 * for a variant (its copy must differ from its siblings', so it draws repairs of its own) and for a product of
 * its own; and a repair call's tokens as a share of the same product's first call's (null when no repair was
 * measured, and the repair prompt is modelled instead).
 */
export type RepairShare = {
  variantRate: number;
  productRate: number;
  prompt: number | null;
  completion: number | null;
};
/** A typical problem list of a repair call, for its prompt's length. */
const TYPICAL_PROBLEMS = ['page_title: 74 characters; at most 60'];

type EstimatedProduct = { position: number; details: ProductFacts; imageUrls: string[] };

export type EstimateInput = {
  model: string;
  templates: PromptTemplates;
  products: EstimatedProduct[];
  settings: BundleSettings;
  /** The workflow's language and voice, as the run's prompts state them. */
  voice?: CopyVoice;
  /** Which product is a variant of which (by position), as the run links them; detected by name when unset. */
  parentOf?: Map<number, number>;
  /** A batch workflow's calls go through the Batch API, at half the list price (docs/batch-mode.md). */
  batch?: boolean;
  /** The share of products expected to take a repair call; DEFAULT_REPAIR_RATE when unset. */
  repairRate?: number;
  /** Measured from the user's recent runs; used instead of repairRate when given. */
  repairShare?: RepairShare;
  /** The workflow's own price (pricing.ts decides how it counts). */
  ownPrice?: ModelPrice | null;
  /**
   * Measured from the user's recent runs: their first answers' length as a share of the offline stand-in's for
   * the same products; 1 (the stand-in as it is) when unset.
   */
  answerScale?: number;
  /**
   * Estimate only these products (by position), the rest of a run under way; the others stay in the catalogue,
   * as a variant's prompt names its parent and siblings.
   */
  remaining?: ReadonlySet<number>;
  /** A workflow that sees: each product's first photos go with its calls, and their tokens count. */
  photos?: { detail: VisionDetail; maxImages: number };
};

/** OpenAI bills Batch API calls at half the list price. */
const BATCH_PRICE_MULTIPLIER = 0.5;

/**
 * Every product's prompt is counted up to this many products (about half a second of tokenizing); a longer list
 * is sampled evenly and scaled, so the request never holds the event loop for long.
 */
export const MAX_EXACT = 1_000;

// OpenAI's published accounting for chat models (ai/tokens.ts): 3 tokens per message, 3 to prime the reply.
const TOKENS_PER_MESSAGE = 3;
const REPLY_PRIMING_TOKENS = 3;

export function estimateRunCost(input: EstimateInput): CostEstimate {
  const { remaining } = input;
  const products = remaining ? input.products.filter((p) => remaining.has(p.position)) : input.products;
  const catalogue = catalogueOf(input);
  const countMessages = messageCounter(input.model);
  const step = products.length > MAX_EXACT ? Math.ceil(products.length / MAX_EXACT) : 1;
  const tally: Tally = { prompt: 0, firstCall: 0, completion: 0, sampled: 0, repairs: 0 };
  for (let i = 0; i < products.length; i += step)
    tallyProduct(tally, input, catalogue, countMessages, products[i]!);
  return estimateOf(input, products.length, tally);
}

/** How the products stand to each other (whose variant each is), and each one's offline stand-in copy. */
type Catalogue = {
  byPosition: Map<number, EstimatedProduct>;
  parentOf: Map<number, number>;
  variantsOf: Map<number, EstimatedProduct[]>;
  /** Written once per product, as a variant's prompt needs its parent's and the estimate its own. */
  offlineCopy: (product: EstimatedProduct) => CopyFields;
};

function catalogueOf(input: EstimateInput): Catalogue {
  const { products, settings } = input;
  const parentOf = input.parentOf ?? detectVariants(products);
  const byPosition = new Map(products.map((p) => [p.position, p]));
  const variantsOf = new Map<number, EstimatedProduct[]>();
  for (const product of products) {
    const parent = parentOf.get(product.position);
    if (parent !== undefined) variantsOf.set(parent, [...(variantsOf.get(parent) ?? []), product]);
  }
  const offlineCopies = new Map<number, CopyFields>();
  const offlineCopy = (product: EstimatedProduct) => {
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
  return { byPosition, parentOf, variantsOf, offlineCopy };
}

type MessageCounter = (messages: { role: string; content: string }[]) => number;

/** A rendered prompt's tokens as the API counts them. */
function messageCounter(model: string): MessageCounter {
  // The shared part (the system message) is the same text for every product: counted once.
  const messageTokens = new Map<string, number>();
  return (messages) => {
    let total = REPLY_PRIMING_TOKENS;
    for (const message of messages) {
      const key = `${message.role}\u0000${message.content}`;
      let tokens = messageTokens.get(key);
      if (tokens === undefined) {
        tokens = TOKENS_PER_MESSAGE + countTokens(message.role, model) + countTokens(message.content, model);
        if (message.role === 'system') messageTokens.set(key, tokens);
      }
      total += tokens;
    }
    return total;
  };
}

/** The sampled products' tokens so far, and their expected repair calls. */
type Tally = { prompt: number; firstCall: number; completion: number; sampled: number; repairs: number };

/** Adds one product: its first call, and its expected share of a repair call. */
function tallyProduct(
  tally: Tally,
  input: EstimateInput,
  catalogue: Catalogue,
  countMessages: MessageCounter,
  product: EstimatedProduct,
): void {
  const { model, repairRate = DEFAULT_REPAIR_RATE, repairShare } = input;
  const writeInput = firstCallInput(input, product, catalogue);
  tally.sampled++;
  if (model === OFFLINE_MODEL) {
    const usage = writeOfflineCopy(writeInput).usage;
    tally.prompt += usage.prompt_tokens;
    tally.firstCall += usage.prompt_tokens;
    tally.completion += usage.completion_tokens;
    return;
  }
  const answer = catalogue.offlineCopy(product);
  const facts = standInPhotoFacts(writeInput.photos?.photos.length ?? 0);
  const answerTokens =
    (countTokens(JSON.stringify(answer), model) + (facts ? countTokens(facts, model) : 0)) *
    (input.answerScale ?? 1);
  const photoTokens = photoTokensOf(writeInput);
  let firstPrompt = countMessages(renderMessages(buildMessages(input.templates, writeInput))) + photoTokens;
  const parentCopy = writeInput.parent?.copy;
  if (parentCopy && input.answerScale !== undefined) {
    // The parent's copy in a variant's prompt is the model's, not the stand-in: as long as its answers run.
    firstPrompt += (input.answerScale - 1) * countTokens(JSON.stringify(parentCopy), model);
  }
  tally.prompt += firstPrompt;
  tally.firstCall += firstPrompt;
  tally.completion += answerTokens;
  const isVariant = writeInput.parent !== undefined;
  const rate = repairShare ? (isVariant ? repairShare.variantRate : repairShare.productRate) : repairRate;
  tally.repairs += rate;
  if (repairShare?.prompt != null && repairShare.completion != null) {
    // Measured: a repair call costs this share of the same product's first call, in prompt and completion.
    tally.prompt += rate * repairShare.prompt * firstPrompt;
    tally.completion += rate * repairShare.completion * answerTokens;
  } else {
    const repair = { previous: answer, problems: TYPICAL_PROBLEMS };
    // A repair sends the photos again, so its alt texts can be mended by looking.
    const repairPrompt =
      countMessages(renderMessages(buildMessages(input.templates, { ...writeInput, repair }))) + photoTokens;
    tally.prompt += rate * repairPrompt;
    tally.completion += rate * answerTokens;
  }
}

/** The sample scaled to the whole list, and priced as the run is charged. */
function estimateOf(input: EstimateInput, productCount: number, tally: Tally): CostEstimate {
  const { model, repairRate = DEFAULT_REPAIR_RATE, repairShare, ownPrice = null } = input;
  const { sampled } = tally;
  const scale = sampled === 0 ? 0 : productCount / sampled;
  const usage = {
    prompt_tokens: Math.round(tally.prompt * scale),
    completion_tokens: Math.round(tally.completion * scale),
  };
  const listCost = model === OFFLINE_MODEL ? 0 : costOf(model, usage, ownPrice);
  return {
    model,
    products: productCount,
    ...usage,
    first_call_prompt_tokens: Math.round(tally.firstCall * scale),
    cost_usd:
      listCost !== null && input.batch
        ? Math.round(listCost * BATCH_PRICE_MULTIPLIER * 1e10) / 1e10
        : listCost,
    sampled,
    repair_rate:
      model === OFFLINE_MODEL ? 0 : repairShare ? (sampled === 0 ? 0 : tally.repairs / sampled) : repairRate,
    tokenizer: describeEncoding(model),
  };
}

/** The product's first call as generate-product makes it (firstCallInput there), its parent copy estimated. */
function firstCallInput(
  input: EstimateInput,
  product: EstimatedProduct,
  { byPosition, parentOf, variantsOf, offlineCopy }: Catalogue,
): WriteCopyInput {
  const parentPosition = parentOf.get(product.position);
  const parent = parentPosition === undefined ? undefined : byPosition.get(parentPosition);
  let siblings: string[] = [];
  if (parent) {
    const others = (variantsOf.get(parent.position) ?? []).filter((v) => v.position !== product.position);
    siblings = others
      .slice(0, MAX_SIBLINGS_NAMED)
      .map((sibling) => differingValues({ details: parent.details }, sibling).join(' '))
      .filter((values) => values !== '');
    if (others.length > MAX_SIBLINGS_NAMED) siblings.push('and others');
  }
  return {
    model: input.model,
    product: product.details,
    imageCount: product.imageUrls.length,
    settings: input.settings,
    parent: parent
      ? {
          product: parent.details,
          // A batch writes the variant beside its parent, with no parent copy to show.
          copy: input.batch ? null : offlineCopy(parent),
          differences: describeDifferences({ details: parent.details }, { details: product.details }),
          siblings,
        }
      : undefined,
    ...(input.voice ? { voice: input.voice } : {}),
    ...(input.photos ? { photos: standInPhotos(input.photos, product.imageUrls.length) } : {}),
  };
}
