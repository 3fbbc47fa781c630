// What an AI call costs, from a table of list prices in USD per 1M tokens (DESIGN.md, generation pipeline).
import type { TokenUsage } from './copy-writer';

export type ModelPrice = { inputPerMillion: number; outputPerMillion: number };

/** OpenAI list prices in USD per 1M tokens. `offline` is the built-in writer, which costs nothing. */
export const MODEL_PRICES: Readonly<Record<string, ModelPrice>> = {
  'gpt-3.5-turbo': { inputPerMillion: 0.5, outputPerMillion: 1.5 },
  'gpt-4': { inputPerMillion: 30, outputPerMillion: 60 },
  'gpt-4-turbo': { inputPerMillion: 10, outputPerMillion: 30 },
  'gpt-4-1106-preview': { inputPerMillion: 10, outputPerMillion: 30 },
  'gpt-4o': { inputPerMillion: 2.5, outputPerMillion: 10 },
  'gpt-4o-mini': { inputPerMillion: 0.15, outputPerMillion: 0.6 },
  'gpt-4.1': { inputPerMillion: 2, outputPerMillion: 8 },
  'gpt-4.1-mini': { inputPerMillion: 0.4, outputPerMillion: 1.6 },
  'gpt-4.1-nano': { inputPerMillion: 0.1, outputPerMillion: 0.4 },
  offline: { inputPerMillion: 0, outputPerMillion: 0 },
};

// A snapshot suffix is digits and hyphens only (-2024-07-18, -0613, -0125). Anything else, such as
// -turbo or -16k, is a different model with a different price, so it must not inherit its prefix's price.
const SNAPSHOT_SUFFIX = /^(?:-\d+)+$/;

/**
 * The price of a model, or null when it is unknown. A dated snapshot (gpt-4o-mini-2024-07-18) resolves to
 * the longest table entry it starts with (gpt-4o-mini, not gpt-4o or gpt-4).
 */
export function priceOf(model: string): ModelPrice | null {
  const name = model.trim().toLowerCase();
  const exact = MODEL_PRICES[name];
  if (exact) return exact;
  let best: string | null = null;
  for (const base of Object.keys(MODEL_PRICES)) {
    if (name.startsWith(base) && SNAPSHOT_SUFFIX.test(name.slice(base.length))) {
      if (best === null || base.length > best.length) best = base;
    }
  }
  return best === null ? null : MODEL_PRICES[best]!;
}

/** The price set on a workflow itself (its two columns), when both halves are set. */
export function ownPriceOf(columns: {
  priceInputPerMillion: number | null;
  priceOutputPerMillion: number | null;
}): ModelPrice | null {
  if (columns.priceInputPerMillion === null || columns.priceOutputPerMillion === null) return null;
  return { inputPerMillion: columns.priceInputPerMillion, outputPerMillion: columns.priceOutputPerMillion };
}

/** Where a call's price comes from: the workflow's own price wins over the built-in list. */
export type PriceSource = 'workflow' | 'built_in';

/**
 * The price a workflow's calls are charged at: its own price when set, else the list price of its model, else
 * null (unknown: a local or hosted model the list does not know, whose cost is shown as unknown, not $0).
 */
export function effectivePrice(
  model: string,
  own?: ModelPrice | null,
): (ModelPrice & { source: PriceSource }) | null {
  if (own) return { ...own, source: 'workflow' };
  const listed = priceOf(model);
  return listed ? { ...listed, source: 'built_in' } : null;
}

/**
 * What a spending cap charges for tokens whose price is unknown: the most expensive price on the list (gpt-4's
 * $30/$60), so a cap never lets an unpriced model spend more than it would allow the dearest known one.
 */
export const UNKNOWN_PRICE_CAP_RATE: ModelPrice = Object.values(MODEL_PRICES).reduce(
  (dearest, price) => ({
    inputPerMillion: Math.max(dearest.inputPerMillion, price.inputPerMillion),
    outputPerMillion: Math.max(dearest.outputPerMillion, price.outputPerMillion),
  }),
  { inputPerMillion: 0, outputPerMillion: 0 },
);

/** USD for `usage` at `price`, rounded to 10 decimal places (hides float noise such as 0.00015000000000000001). */
export function costAt(price: ModelPrice, usage: TokenUsage): number {
  const cost =
    (usage.prompt_tokens * price.inputPerMillion + usage.completion_tokens * price.outputPerMillion) / 1e6;
  return Math.round(cost * 1e10) / 1e10;
}

/**
 * USD cost of one call at the workflow's price (`own`) or the model's list price; null when neither is known.
 */
export function costOf(model: string, usage: TokenUsage, own?: ModelPrice | null): number | null {
  const price = effectivePrice(model, own);
  return price ? costAt(price, usage) : null;
}
