import { describe, expect, it } from 'vitest';
import { costOf, effectivePrice, MODEL_PRICES, priceOf, UNKNOWN_PRICE_CAP_RATE } from './pricing';

describe('priceOf', () => {
  it('knows every model in the table', () => {
    for (const model of Object.keys(MODEL_PRICES)) expect(priceOf(model)).toBe(MODEL_PRICES[model]);
  });

  it('resolves dated snapshots to the longest matching base model', () => {
    expect(priceOf('gpt-4o-mini-2024-07-18')).toBe(MODEL_PRICES['gpt-4o-mini']);
    expect(priceOf('gpt-4o-2024-08-06')).toBe(MODEL_PRICES['gpt-4o']);
    expect(priceOf('gpt-4-0613')).toBe(MODEL_PRICES['gpt-4']);
    expect(priceOf('gpt-3.5-turbo-0125')).toBe(MODEL_PRICES['gpt-3.5-turbo']);
    expect(priceOf('gpt-4.1-mini-2025-04-14')).toBe(MODEL_PRICES['gpt-4.1-mini']);
  });

  it('ignores case and surrounding spaces', () => {
    expect(priceOf(' GPT-4o-Mini ')).toBe(MODEL_PRICES['gpt-4o-mini']);
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
  it('wins over the list price, and prices a model the list does not know', () => {
    const own = { inputPerMillion: 1, outputPerMillion: 2 };
    expect(costOf('gpt-4', { prompt_tokens: 1_000_000, completion_tokens: 1_000_000 }, own)).toBe(3);
    expect(
      costOf(
        'llama3.1:8b',
        { prompt_tokens: 500, completion_tokens: 500 },
        { inputPerMillion: 0, outputPerMillion: 0 },
      ),
    ).toBe(0);
    expect(effectivePrice('llama3.1:8b', own)).toEqual({ ...own, source: 'workflow' });
    expect(effectivePrice('gpt-4o-mini')).toEqual({
      inputPerMillion: 0.15,
      outputPerMillion: 0.6,
      source: 'built_in',
    });
    expect(effectivePrice('llama3.1:8b')).toBeNull();
  });

  it('caps unknown prices at the dearest known one (gpt-4)', () => {
    expect(UNKNOWN_PRICE_CAP_RATE).toEqual({ inputPerMillion: 30, outputPerMillion: 60 });
  });
});
