// The Trial screen's figures: each row of the comparison says the workflow's own figure, the live region's
// sentence follows the trial, and a product's copy is read from the workflow that wrote it.
import { describe, expect, it } from 'vitest';
import {
  COMPARED_FIELDS,
  comparisonRows,
  copyCells,
  progressSentence,
  type TrialView,
  type TrialWorkflow,
} from './trial-figures';

const product = (productId: number, overrides: Partial<TrialWorkflow['products'][number]> = {}) => ({
  product_id: productId,
  status: 'done' as const,
  cost_usd: 0.001,
  prompt_tokens: 100,
  completion_tokens: 50,
  seconds: 1.5,
  first_answer_passed: true,
  repairs: 0,
  problems: [],
  copy: { page_title: `Title ${productId}`, meta_description: `Meta ${productId}`, heading: null },
  ...overrides,
});

const workflow = (overrides: Partial<TrialWorkflow> = {}): TrialWorkflow => ({
  workflow_id: 1,
  name: 'SEO copy (gpt-3.5-turbo)',
  model: 'gpt-3.5-turbo',
  bundle_workflow_id: 11,
  total: 2,
  done: 2,
  failed: 0,
  cost_usd: 0.0025,
  cost_unknown: false,
  cost_per_1000_usd: 1.25,
  prompt_tokens: 200,
  completion_tokens: 100,
  seconds: 3,
  first_answer_pass_rate: 0.5,
  repairs: 1,
  problems_left: 0,
  paused_reason: null,
  products: [product(7), product(8, { first_answer_passed: false, repairs: 1 })],
  ...overrides,
});

const trial = (overrides: Partial<TrialView> = {}): TrialView => ({
  trial_id: 3,
  bundle_id: 9,
  status: 'completed',
  spending_cap_usd: null,
  spent_usd: 0.0025,
  created_at: '2026-12-03T10:00:00.000Z',
  completed_at: '2026-12-03T10:01:00.000Z',
  sample: [],
  workflows: [workflow(), workflow({ workflow_id: 4, name: 'Built-in writer (no AI)', cost_usd: 0 })],
  ...overrides,
});

const figureOf = (workflows: TrialWorkflow[], label: string) =>
  comparisonRows(workflows).find((row) => row.label === label)?.values;

describe('the trial comparison', () => {
  it("says each workflow's cost, cost per 1,000, pass rate and repairs", () => {
    const workflows = [
      workflow(),
      workflow({ cost_per_1000_usd: null, done: 0, first_answer_pass_rate: null }),
    ];
    expect(figureOf(workflows, 'Cost of the sample')).toEqual(['$0.0025', '$0.0025']);
    expect(figureOf(workflows, 'Cost per 1,000 products')).toEqual(['$1.25', 'none done yet']);
    expect(figureOf(workflows, 'First answers that passed the checks')).toEqual([
      '50% (1 of 2)',
      'none checked yet',
    ]);
    expect(figureOf(workflows, 'Repairs')).toEqual(['1', '1']);
    expect(figureOf(workflows, 'Products written')).toEqual(['2 of 2', '0 of 2']);
  });

  it('names an unknown price rather than a cost of $0', () => {
    const unpriced = workflow({ cost_unknown: true, cost_usd: 0, cost_per_1000_usd: 0 });
    expect(figureOf([unpriced], 'Cost of the sample')).toEqual(['unknown (no price)']);
    expect(figureOf([unpriced], 'Cost per 1,000 products')).toEqual(['unknown (no price)']);
  });
});

describe('the live progress sentence', () => {
  it('counts the products settled while running, and says when the trial is complete or paused', () => {
    const running = trial({
      status: 'running',
      workflows: [workflow({ done: 1, failed: 0 }), workflow({ done: 0, failed: 1 })],
    });
    expect(progressSentence(running)).toBe('Writing the sample: 2 of 4 products done by 2 workflows.');
    expect(progressSentence(trial())).toBe(
      'The trial is complete: 2 workflows wrote 4 products in all. Compare them below.',
    );
    const paused = trial({
      status: 'paused',
      workflows: [workflow({ done: 1, paused_reason: 'Cap reached.' })],
    });
    expect(progressSentence(paused)).toBe('The trial is paused at 1 of 2 products: Cap reached.');
  });
});

describe('the copy side by side', () => {
  it("reads each workflow's copy of the same product, or why there is none", () => {
    const waiting = workflow({ products: [product(7, { status: 'running' })] });
    const failed = workflow({ products: [product(7, { status: 'failed' })] });
    expect(copyCells([workflow(), waiting, failed], 7, 'page_title')).toEqual([
      { kind: 'copy', text: 'Title 7', problems: [] },
      { kind: 'waiting' },
      { kind: 'failed' },
    ]);
    expect(copyCells([workflow()], 8, 'heading')).toEqual([{ kind: 'empty' }]);
    const flagged = workflow({
      products: [product(7, { problems: [{ field: 'page_title', code: 'too_long', message: 'Too long' }] })],
    });
    expect(copyCells([flagged], 7, 'page_title')).toEqual([
      { kind: 'copy', text: 'Title 7', problems: ['Too long'] },
    ]);
  });

  it('compares the title, meta description and heading', () => {
    expect(COMPARED_FIELDS.map((field) => field.label)).toEqual([
      'Page Title',
      'Meta Description',
      'Heading',
    ]);
  });
});
