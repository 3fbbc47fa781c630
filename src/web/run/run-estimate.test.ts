// The run header's estimate says where it stands: the prior or the trial's figure, then the run's own measure.
import { describe, expect, it } from 'vitest';
import { estimateText } from './run-estimate';

const estimate = {
  cost_usd: 1.2,
  basis: 'prior' as const,
  measured_products: 0,
  repair_rate: 0.3,
  warning: null,
};

describe("the run header's estimate", () => {
  it('is "about $X" before the run has measured itself', () => {
    expect(estimateText(estimate)).toBe('about $1.20');
    expect(estimateText({ ...estimate, basis: 'trial' })).toBe('about $1.20, from the trial');
  });

  it('names the products it was refined after', () => {
    expect(estimateText({ ...estimate, cost_usd: 1.3456, basis: 'run', measured_products: 10 })).toBe(
      'about $1.3456, refined after 10 products',
    );
    expect(estimateText({ ...estimate, basis: 'run', measured_products: 1280 })).toBe(
      'about $1.20, refined after 1,280 products',
    );
  });

  it('says free for the built-in writer and unknown for a model with no price', () => {
    expect(estimateText({ ...estimate, cost_usd: 0 })).toBe('free');
    expect(estimateText({ ...estimate, cost_usd: null })).toBe('unknown (no price for this model)');
  });
});
