// The estimate's repair share: measured per kind of product and per model, from the narrowest
// measure with enough products, and applied to each product by its kind.
import { describe, expect, it } from 'vitest';
import type { ProductFacts } from '../../leaves/ai/copy-writer';
import { DEFAULT_REPAIR_RATE, estimateRunCost } from '../generation/estimate-run-cost';
import { DEFAULT_PROMPT_TEMPLATES } from '../generation/prompt-templates';
import { repairShareOf } from './estimate';

const row = (variant: boolean, sameModel: boolean, products: number, repaired: number) => ({
  variant,
  same_model: sameModel,
  products,
  repaired,
  repaired_first_prompt: repaired * 500,
  repaired_first_completion: repaired * 100,
  repair_prompt: repaired * 800,
  repair_completion: repaired * 90,
});

describe('the measured repair share', () => {
  it('is unknown with too few products to tell, and a kind with too few takes the share of all', () => {
    expect(repairShareOf([])).toBeNull();
    expect(repairShareOf([row(false, true, 9, 0)])).toBeNull();
    // 3 variants say little about variants: they take the share of all 23 products.
    const share = repairShareOf([row(false, true, 20, 2), row(true, true, 3, 3)])!;
    expect(share.productRate).toBeCloseTo(2 / 20);
    expect(share.variantRate).toBeCloseTo(5 / 23);
  });

  it('tells variants from products of their own, and a size per repair apart from the rate', () => {
    // 200 products: variants were repaired 9 times in 10, products 1 in 10.
    const share = repairShareOf([row(true, true, 100, 90), row(false, true, 100, 10)])!;
    expect(share.variantRate).toBeCloseTo(0.9);
    expect(share.productRate).toBeCloseTo(0.1);
    // A repair call's tokens against the same products' first calls, whatever the rate.
    expect(share.prompt).toBeCloseTo(800 / 500);
    expect(share.completion).toBeCloseTo(0.9);
  });

  it("prefers the model's own runs when there are enough, and all models' when there are few", () => {
    const others = row(false, false, 200, 20);
    expect(repairShareOf([others, row(false, true, 100, 60)])!.productRate).toBeCloseTo(0.6);
    expect(repairShareOf([others, row(false, true, 2, 2)])!.productRate).toBeCloseTo(22 / 202);
    expect(DEFAULT_REPAIR_RATE).toBe(0.3);
  });

  it("gives each product its kind's share in the estimate, and states the share it expects", () => {
    const products: { position: number; details: ProductFacts; imageUrls: string[] }[] = [
      {
        position: 1,
        details: { product_name: 'Oslo Chair', option1_name: 'Color', option1_value: 'Oak' },
        imageUrls: [],
      },
      {
        position: 2,
        details: { product_name: 'Oslo Chair', option1_name: 'Color', option1_value: 'Ash' },
        imageUrls: [],
      },
      {
        position: 3,
        details: { product_name: 'Bergen Stool', description: 'A three-legged ash stool.' },
        imageUrls: [],
      },
    ];
    const estimate = (variantRate: number, productRate: number) =>
      estimateRunCost({
        model: 'gpt-4o-mini',
        templates: DEFAULT_PROMPT_TEMPLATES,
        products,
        parentOf: new Map([[2, 1]]),
        settings: { keywords: '', business_type: '', tone_of_voice: '' },
        repairShare: { variantRate, productRate, prompt: 1.5, completion: 1 },
      });
    const none = estimate(0, 0);
    expect(none.repair_rate).toBe(0);
    expect(none.prompt_tokens).toBe(none.first_call_prompt_tokens);
    // Only the variant (position 2) is expected to be repaired: a third of the products.
    const variantsOnly = estimate(1, 0);
    expect(variantsOnly.repair_rate).toBeCloseTo(1 / 3);
    expect(variantsOnly.prompt_tokens).toBeGreaterThan(none.prompt_tokens);
    const all = estimate(1, 1);
    expect(all.repair_rate).toBe(1);
    expect(all.prompt_tokens).toBe(Math.round(none.first_call_prompt_tokens * 2.5));
  });
});
