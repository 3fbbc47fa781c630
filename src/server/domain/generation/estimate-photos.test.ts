// The estimate of a workflow that sees counts each call's photos as OpenAI bills them.
import { describe, expect, it } from 'vitest';
import { estimateRunCost } from './estimate-run-cost';
import { DEFAULT_PROMPT_TEMPLATES } from './prompt-templates';

const products = [
  { position: 0, details: { product_name: 'Arc Table Lamp', brand: 'Lumo' }, imageUrls: ['a', 'b', 'c'] },
  { position: 1, details: { product_name: 'Tall Stoneware Vase', brand: 'Forma' }, imageUrls: ['d'] },
];
const base = {
  model: 'gpt-4o',
  templates: DEFAULT_PROMPT_TEMPLATES,
  products,
  settings: { keywords: '', business_type: '', tone_of_voice: '' },
  parentOf: new Map<number, number>(),
  repairRate: 0,
};

describe('the estimate of a workflow that sees', () => {
  it('adds 85 tokens a photo at low detail, up to max_images a product, and their cost', () => {
    const blind = estimateRunCost(base);
    const sees = estimateRunCost({ ...base, photos: { detail: 'low', maxImages: 2 } });
    // 2 photos of the lamp (max_images), 1 of the vase; the photo rules' words besides.
    const photoTokens = 3 * 85;
    expect(sees.prompt_tokens - blind.prompt_tokens).toBeGreaterThan(photoTokens);
    expect(sees.prompt_tokens - blind.prompt_tokens).toBeLessThan(photoTokens + 450);
    expect(sees.cost_usd! - blind.cost_usd!).toBeGreaterThan((photoTokens * 2.5) / 1e6);
  });

  it('counts tiles at high detail', () => {
    const low = estimateRunCost({ ...base, photos: { detail: 'low', maxImages: 4 } });
    const high = estimateRunCost({ ...base, photos: { detail: 'high', maxImages: 4 } });
    // A 1024×768 photo stands in: 4 tiles, 680 tokens more than low detail, for each of the 4 photos.
    expect(high.prompt_tokens - low.prompt_tokens).toBe(4 * 680);
  });
});
