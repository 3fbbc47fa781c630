import { afterEach, describe, expect, it } from 'vitest';
import {
  configurePricing,
  costOf,
  effectivePrice,
  MODEL_PRICES,
  parseModelPrices,
  priceOf,
  UNKNOWN_PRICE_CAP_RATE,
} from './pricing';

describe('priceOf', () => {
  it('knows every model in the table', () => {
    for (const model of Object.keys(MODEL_PRICES)) expect(priceOf(model)).toEqual(MODEL_PRICES[model]);
  });

  it('resolves dated snapshots to the longest matching base model', () => {
    expect(priceOf('gpt-4o-mini-2024-07-18')).toEqual(MODEL_PRICES['gpt-4o-mini']);
    expect(priceOf('gpt-4o-2024-08-06')).toEqual(MODEL_PRICES['gpt-4o']);
    expect(priceOf('gpt-4-0613')).toEqual(MODEL_PRICES['gpt-4']);
    expect(priceOf('gpt-3.5-turbo-0125')).toEqual(MODEL_PRICES['gpt-3.5-turbo']);
    expect(priceOf('gpt-4.1-mini-2025-04-14')).toEqual(MODEL_PRICES['gpt-4.1-mini']);
  });

  it('ignores case and surrounding spaces', () => {
    expect(priceOf(' GPT-4o-Mini ')).toEqual(MODEL_PRICES['gpt-4o-mini']);
  });

  it('does not price a different model by its prefix', () => {
    expect(priceOf('gpt-4-turbo-preview')).toBeNull();
    expect(priceOf('gpt-4-32k')).toBeNull();
    expect(priceOf('gpt-4o-audio-preview')).toBeNull();
    expect(priceOf('llama3')).toBeNull();
  });
});

describe('costOf', () => {
  it('charges input and output per million tokens', () => {
    expect(costOf('gpt-4o-mini', { prompt_tokens: 1_000_000, completion_tokens: 1_000_000 })).toBe(0.75);
    expect(costOf('gpt-4', { prompt_tokens: 1_000, completion_tokens: 500 })).toBe(0.06);
  });

  it('rounds to 10 decimal places', () => {
    expect(costOf('gpt-4o-mini', { prompt_tokens: 1, completion_tokens: 0 })).toBe(0.00000015);
    expect(costOf('gpt-4.1-nano', { prompt_tokens: 3, completion_tokens: 7 })).toBe(0.0000031);
  });

  it('is 0 for the offline writer and null for an unknown model', () => {
    expect(costOf('offline', { prompt_tokens: 500, completion_tokens: 900 })).toBe(0);
    expect(costOf('mystery-model', { prompt_tokens: 1, completion_tokens: 1 })).toBeNull();
  });
});

describe("a workflow's own price", () => {
  it("never lowers a known model's price: gpt-4 at 0 is still charged at the list price", () => {
    const zero = { inputPerMillion: 0, outputPerMillion: 0 };
    expect(costOf('gpt-4', { prompt_tokens: 1_000_000, completion_tokens: 1_000_000 }, zero)).toBe(90);
    expect(effectivePrice('gpt-4', zero)).toMatchObject({ inputPerMillion: 30, source: 'built_in' });
    // Lower on one part only: that part keeps the list price.
    expect(effectivePrice('gpt-4o-mini', { inputPerMillion: 0.01, outputPerMillion: 5 })).toMatchObject({
      inputPerMillion: 0.15,
      outputPerMillion: 5,
      source: 'workflow',
    });
  });

  it('raises a known price, and prices a model the list does not know', () => {
    const own = { inputPerMillion: 40, outputPerMillion: 80 };
    expect(costOf('gpt-4', { prompt_tokens: 1_000_000, completion_tokens: 1_000_000 }, own)).toBe(120);
    const cheap = { inputPerMillion: 1, outputPerMillion: 2 };
    expect(effectivePrice('llama3.1:8b', cheap)).toEqual({ ...cheap, source: 'workflow' });
    expect(
      costOf(
        'llama3.1:8b',
        { prompt_tokens: 500, completion_tokens: 500 },
        { inputPerMillion: 0, outputPerMillion: 0 },
      ),
    ).toBe(0);
    expect(effectivePrice('gpt-4o-mini')).toEqual({
      inputPerMillion: 0.15,
      outputPerMillion: 0.6,
      cachedInputPerMillion: 0.075,
      source: 'built_in',
    });
    expect(effectivePrice('llama3.1:8b')).toBeNull();
  });

  it('caps unknown prices at the dearest known one (gpt-4)', () => {
    expect(UNKNOWN_PRICE_CAP_RATE).toEqual({ inputPerMillion: 30, outputPerMillion: 60 });
  });
});

describe('cached prompt tokens', () => {
  it('are charged at the cached-input price, the input price where the model has none', () => {
    const usage = { prompt_tokens: 1_000_000, completion_tokens: 0, cached_tokens: 600_000 };
    // gpt-4o-mini: 400k at $0.15 + 600k at $0.075.
    expect(costOf('gpt-4o-mini', usage)).toBe(0.105);
    // gpt-4 has no cached price: every prompt token at $30.
    expect(costOf('gpt-4', usage)).toBe(30);
    // A workflow's own cached price for an unknown model.
    const own = { inputPerMillion: 1, outputPerMillion: 2, cachedInputPerMillion: 0.1 };
    expect(costOf('llama3.1:8b', usage, own)).toBe(0.46);
  });
});

describe("the operator's prices (MODEL_PRICES)", () => {
  afterEach(() => configurePricing({}));

  it('parses model=input/output[/cached] and names a bad entry', () => {
    expect(parseModelPrices('gpt-4o=2/8/1, My-Llama = 0.2/0.6')).toEqual({
      'gpt-4o': { inputPerMillion: 2, outputPerMillion: 8, cachedInputPerMillion: 1 },
      'my-llama': { inputPerMillion: 0.2, outputPerMillion: 0.6 },
    });
    expect(parseModelPrices('')).toEqual({});
    expect(parseModelPrices('gpt-4o=cheap')).toMatch(/"gpt-4o=cheap" is not model=input\/output/);
    expect(parseModelPrices('gpt-4o=1/-2')).toMatch(/is not model=/);
  });

  it('replace the list price, lower included, and a workflow may still only raise them', () => {
    configurePricing({ 'gpt-4': { inputPerMillion: 20, outputPerMillion: 40 } });
    expect(effectivePrice('gpt-4-0613')).toMatchObject({ inputPerMillion: 20, source: 'operator' });
    expect(effectivePrice('gpt-4', { inputPerMillion: 0, outputPerMillion: 0 })).toMatchObject({
      inputPerMillion: 20,
      outputPerMillion: 40,
      source: 'operator',
    });
    configurePricing({ 'my-llama': { inputPerMillion: 0.2, outputPerMillion: 0.6 } });
    expect(costOf('my-llama', { prompt_tokens: 1_000_000, completion_tokens: 0 })).toBe(0.2);
  });
});
