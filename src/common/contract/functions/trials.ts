// The contract's trial functions: a few workflows run on a small sample of a bundle, compared side by side.
import { z } from 'zod';
import { copyProblemSchema, PRODUCT_STATUSES } from '../entities';
import { id, spendingCap } from './schema-parts';

export const TRIAL_LIMITS = { minWorkflows: 2, maxWorkflows: 4, defaultSample: 10, maxSample: 50 } as const;

/** One product of a workflow in a trial: what it cost and how it fared, from its own log lines. */
export const trialProductSchema = z.object({
  /** The product's id in the bundle the sample was drawn from. */
  product_id: id,
  status: z.enum(PRODUCT_STATUSES),
  /** USD of the product's calls (unsettled ones at their reservation); null when the model has no price. */
  cost_usd: z.number().nullable(),
  prompt_tokens: z.number(),
  completion_tokens: z.number(),
  /** From its first log line to its last. */
  seconds: z.number(),
  /** Whether the first answer passed the checks with no repair; null before it is checked. */
  first_answer_passed: z.boolean().nullable(),
  repairs: z.number(),
  /** The checks' problems with the saved copy; null before the product has copy. */
  problems: z.array(copyProblemSchema).nullable(),
  /** The copy, by field name (page_title, meta_description, …). */
  copy: z.record(z.string(), z.string().nullable()),
});

export const trialWorkflowSchema = z.object({
  workflow_id: id,
  name: z.string(),
  model: z.string(),
  /** The run on the sample: view-bundle-workflow and view-bundle-log read it like any other run. */
  bundle_workflow_id: id,
  total: z.number(),
  done: z.number(),
  failed: z.number(),
  cost_usd: z.number(),
  /** True when the model has no known price: its tokens are counted, its cost is not. */
  cost_unknown: z.boolean(),
  /** The sample's cost scaled to 1,000 products like these; null until a product is done. */
  cost_per_1000_usd: z.number().nullable(),
  prompt_tokens: z.number(),
  completion_tokens: z.number(),
  seconds: z.number(),
  /** Of the products checked so far, the share whose first answer passed; null before any was checked. */
  first_answer_pass_rate: z.number().nullable(),
  repairs: z.number(),
  /** Problems left in the saved copy, summed over the products. */
  problems_left: z.number(),
  paused_reason: z.string().nullable(),
  products: z.array(trialProductSchema),
});

export const trialSampleProductSchema = z.object({
  product_id: id,
  name: z.string(),
  /** A variant of another product of the sample. */
  is_variant: z.boolean(),
  /** The product's type as the store names it (or "variant family", "single product"). */
  kind: z.string(),
  /** Characters of its name and body, the input the model reads. */
  input_length: z.number(),
});

export const trialFunctions = {
  'start-trial': {
    request: z.object({
      bundle_id: id,
      /** The workflows to compare, two to four, each once. */
      workflow_ids: z
        .array(id)
        .min(TRIAL_LIMITS.minWorkflows, `workflow_ids: at least ${TRIAL_LIMITS.minWorkflows} workflows`)
        .max(TRIAL_LIMITS.maxWorkflows, `workflow_ids: at most ${TRIAL_LIMITS.maxWorkflows} workflows`)
        .refine((ids) => new Set(ids).size === ids.length, 'workflow_ids: each workflow once'),
      /** Products in the sample (default 10); picked to cover the bundle unless product_ids names them. */
      sample_size: z.number().int().min(1).max(TRIAL_LIMITS.maxSample).optional(),
      /** The sample's products, by id in the bundle, instead of a picked sample. */
      product_ids: z.array(id).min(1).max(TRIAL_LIMITS.maxSample).optional(),
      /** The trial's own spending cap in USD, for all its workflows together; none when unset. */
      spending_cap_usd: spendingCap.optional(),
    }),
    response: z.object({ trial_id: id, products: z.number() }),
  },
  'view-trial': {
    request: z.object({ trial_id: id }),
    response: z.object({
      trial_id: id,
      bundle_id: id,
      /** running until every workflow's products are done or failed; paused when the trial's cap stopped it. */
      status: z.enum(['running', 'paused', 'completed']),
      spending_cap_usd: z.number().nullable(),
      spent_usd: z.number(),
      created_at: z.string(),
      completed_at: z.string().nullable(),
      sample: z.array(trialSampleProductSchema),
      workflows: z.array(trialWorkflowSchema),
    }),
  },
  'list-trials': {
    request: z.object({ bundle_id: id }),
    response: z.object({
      /** The bundle's trials, newest first. */
      trials: z.array(
        z.object({
          trial_id: id,
          created_at: z.string(),
          /** Set once every workflow of the trial has settled. */
          completed_at: z.string().nullable(),
          sample_size: z.number(),
          /** The workflows compared, in the order they were picked. */
          workflows: z.array(z.object({ workflow_id: id, name: z.string() })),
        }),
      ),
    }),
  },
} as const;
