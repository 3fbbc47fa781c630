// What an AI call costs, from a table of list prices in USD per 1M tokens (DESIGN.md, generation pipeline).
// Prices the cap can trust: the operator's prices (MODEL_PRICES) replace the list's and may be lower;
// a workflow's own price may raise a known model's price or price an unknown model, never lower it.
import type { TokenUsage } from './copy-writer';

export type ModelPrice = {
  inputPerMillion: number;
  outputPerMillion: number;
  /** Cached prompt tokens (usage.prompt_tokens_details.cached_tokens); the input price when unset. */
  cachedInputPerMillion?: number;
};

/**
 * OpenAI list prices in USD per 1M tokens, with the cached-input price of the models OpenAI caches prompts for.
 * `offline` is the built-in writer, which costs nothing.
 */
export const MODEL_PRICES: Readonly<Record<string, ModelPrice>> = {
  'gpt-3.5-turbo': { inputPerMillion: 0.5, outputPerMillion: 1.5 },
  'gpt-4': { inputPerMillion: 30, outputPerMillion: 60 },
  'gpt-4-turbo': { inputPerMillion: 10, outputPerMillion: 30 },
  'gpt-4-1106-preview': { inputPerMillion: 10, outputPerMillion: 30 },
  'gpt-4o': { inputPerMillion: 2.5, outputPerMillion: 10, cachedInputPerMillion: 1.25 },
  'gpt-4o-mini': { inputPerMillion: 0.15, outputPerMillion: 0.6, cachedInputPerMillion: 0.075 },
  'gpt-4.1': { inputPerMillion: 2, outputPerMillion: 8, cachedInputPerMillion: 0.5 },
  'gpt-4.1-mini': { inputPerMillion: 0.4, outputPerMillion: 1.6, cachedInputPerMillion: 0.1 },
  'gpt-4.1-nano': { inputPerMillion: 0.1, outputPerMillion: 0.4, cachedInputPerMillion: 0.025 },
  offline: { inputPerMillion: 0, outputPerMillion: 0 },
};

/** The operator's prices (MODEL_PRICES in the environment), set once at boot by configurePricing. */
let operatorPrices: Readonly<Record<string, ModelPrice>> = {};

/** Installs the operator's negotiated prices; they replace the list's, lower or higher. */
export function configurePricing(prices: Readonly<Record<string, ModelPrice>>): void {
  operatorPrices = Object.fromEntries(
    Object.entries(prices).map(([model, price]) => [model.trim().toLowerCase(), price]),
  );
}

// A snapshot suffix is digits and hyphens only (-2024-07-18, -0613, -0125). Anything else, such as
// -turbo or -16k, is a different model with a different price, so it must not inherit its prefix's price.
const SNAPSHOT_SUFFIX = /^(?:-\d+)+$/;

function lookUp(table: Readonly<Record<string, ModelPrice>>, name: string): ModelPrice | null {
  const exact = table[name];
  if (exact) return exact;
  let best: string | null = null;
  for (const base of Object.keys(table)) {
    if (name.startsWith(base) && SNAPSHOT_SUFFIX.test(name.slice(base.length))) {
      if (best === null || base.length > best.length) best = base;
    }
  }
  return best === null ? null : table[best]!;
}

/** Where a call's price comes from. */
export type PriceSource = 'workflow' | 'operator' | 'built_in';

/** The operator's price of a model, else its list price, with its source; null when neither knows it. */
export function knownPriceOf(model: string): (ModelPrice & { source: PriceSource }) | null {
  const name = model.trim().toLowerCase();
  const operator = lookUp(operatorPrices, name);
  if (operator) return { ...operator, source: 'operator' };
  const listed = lookUp(MODEL_PRICES, name);
  return listed ? { ...listed, source: 'built_in' } : null;
}

/**
 * The price of a model (the operator's, else the list's), or null when it is unknown. A dated snapshot
 * (gpt-4o-mini-2024-07-18) resolves to the longest table entry it starts with (gpt-4o-mini, not gpt-4o).
 */
export function priceOf(model: string): ModelPrice | null {
  const known = knownPriceOf(model);
  if (!known) return null;
  const { source: _source, ...price } = known;
  return price;
}

/** The price set on a workflow itself (its columns), when input and output are set. */
export function ownPriceOf(columns: {
  priceInputPerMillion: number | null;
  priceOutputPerMillion: number | null;
  priceCachedInputPerMillion?: number | null;
}): ModelPrice | null {
  if (columns.priceInputPerMillion === null || columns.priceOutputPerMillion === null) return null;
  return {
    inputPerMillion: columns.priceInputPerMillion,
    outputPerMillion: columns.priceOutputPerMillion,
    ...(columns.priceCachedInputPerMillion != null
      ? { cachedInputPerMillion: columns.priceCachedInputPerMillion }
      : {}),
  };
}

/** The cached-input price, which is the input price when a table or workflow does not name one. */
export function cachedInputPrice(price: ModelPrice): number {
  return price.cachedInputPerMillion ?? price.inputPerMillion;
}

/**
 * The price a workflow's calls are charged at. For a model the operator or the list knows, each part is the
 * higher of that price and the workflow's own (a workflow may raise a price, never lower it, so a workflow cannot undercut the operator's price); for a
 * model neither knows, the workflow's own price; else null (unknown, shown as unknown, never $0).
 */
export function effectivePrice(
  model: string,
  own?: ModelPrice | null,
): (ModelPrice & { source: PriceSource }) | null {
  const known = knownPriceOf(model);
  if (!known) return own ? { ...own, source: 'workflow' } : null;
  if (!own) return known;
  const raised = {
    inputPerMillion: Math.max(known.inputPerMillion, own.inputPerMillion),
    outputPerMillion: Math.max(known.outputPerMillion, own.outputPerMillion),
    cachedInputPerMillion: Math.max(cachedInputPrice(known), own.cachedInputPerMillion ?? 0),
  };
  const isRaised =
    raised.inputPerMillion > known.inputPerMillion ||
    raised.outputPerMillion > known.outputPerMillion ||
    raised.cachedInputPerMillion > cachedInputPrice(known);
  return { ...raised, source: isRaised ? 'workflow' : known.source };
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

/**
 * USD for `usage` at `price`, its cached prompt tokens at the cached-input price, rounded to 10 decimal places
 * (hides float noise such as 0.00015000000000000001).
 */
export function costAt(price: ModelPrice, usage: TokenUsage): number {
  const cached = Math.min(usage.cached_tokens ?? 0, usage.prompt_tokens);
  const cost =
    ((usage.prompt_tokens - cached) * price.inputPerMillion +
      cached * cachedInputPrice(price) +
      usage.completion_tokens * price.outputPerMillion) /
    1e6;
  return Math.round(cost * 1e10) / 1e10;
}

/**
 * USD cost of one call at the effective price (the workflow's own, the operator's or the list's); null when
 * no price is known.
 */
export function costOf(model: string, usage: TokenUsage, own?: ModelPrice | null): number | null {
  const price = effectivePrice(model, own);
  return price ? costAt(price, usage) : null;
}

/**
 * MODEL_PRICES from the environment: `model=input/output[/cached_input]` in USD per million tokens, comma
 * separated (`gpt-4o=2/8/1,my-llama=0.2/0.6`). Returns the prices, or the first problem found.
 */
export function parseModelPrices(text: string | undefined): Record<string, ModelPrice> | string {
  const prices: Record<string, ModelPrice> = {};
  for (const entry of (text ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const match = /^([^=\s]+)\s*=\s*([^=]+)$/.exec(entry);
    const parts = (match?.[2] ?? '').split('/').map((part) => part.trim());
    const numbers = parts.map((part) => (/^\d+(?:\.\d+)?$/.test(part) ? Number(part) : Number.NaN));
    if (!match || numbers.length < 2 || numbers.length > 3 || numbers.some((n) => !Number.isFinite(n)))
      return `"${entry}" is not model=input/output[/cached_input] in USD per million tokens`;
    prices[match[1]!.toLowerCase()] = {
      inputPerMillion: numbers[0]!,
      outputPerMillion: numbers[1]!,
      ...(numbers[2] !== undefined ? { cachedInputPerMillion: numbers[2] } : {}),
    };
  }
  return prices;
}
