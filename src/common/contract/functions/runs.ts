// The contract's run functions: start a run, watch it, read its log, regenerate, and the queue's event loop.
import { z } from 'zod';
import { BUNDLE_LIMITS } from '../constants';
import { bundleWorkflowProductSchema, COPY_FIELDS, logEntrySchema, runTotalsSchema } from '../entities';
import { catalogueLanguageSchema } from '../language';
import { id } from './schema-parts';
import { storeImportSchema } from './stores';

/** One Batch API batch of a run, as the run header shows it. */
export const providerBatchViewSchema = z.object({
  id,
  purpose: z.enum(['generate', 'repair']),
  /** preparing, submitting, then the provider's: validating, in_progress, finalizing, completed, failed, expired, cancelling, cancelled. */
  state: z.string(),
  request_count: z.number().int(),
  completed_count: z.number().int(),
  failed_count: z.number().int(),
  error: z.string().nullable(),
  /** ISO 8601; null until the provider has the batch. */
  submitted_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
/** What the whole run is expected to cost, refined as it goes. */
export const runEstimateSchema = z.object({
  /** USD for the whole run, what is settled included; null when the model has no known price. */
  cost_usd: z.number().nullable(),
  /**
   * What the repairs and answer lengths are measured from: `prior`, the user's recent runs (or 30% repairs);
   * `trial`, the trial this workflow was chosen in; `run`, this run's own finished products (from 10 on).
   */
  basis: z.enum(['prior', 'trial', 'run']),
  /** This run's finished products the estimate is measured from; 0 before 10 are. */
  measured_products: z.number(),
  /** The share of products expected to take a repair call. */
  repair_rate: z.number(),
  /** Set as soon as the estimate passes the bundle's spending cap or what is left of the monthly budget. */
  warning: z.string().nullable(),
});
export type RunEstimate = z.infer<typeof runEstimateSchema>;

export const VIEW_RUN_LIMITS = { defaultLimit: 500, maxLimit: 2_000, maxOffset: 1_000_000 } as const;

export const runFunctions = {
  'view-bundle-workflow': {
    request: z.object({
      bundle_id: id,
      workflow_id: id,
      /** Products per answer, by id (default 500). */
      limit: z.number().int().min(1).max(VIEW_RUN_LIMITS.maxLimit).optional(),
      offset: z.number().int().min(0).max(VIEW_RUN_LIMITS.maxOffset).optional(),
      /** A `cursor` from an earlier answer: only the products changed after it (offset is ignored). */
      since: z
        .string()
        .max(64)
        .regex(/^\d+\.\d+$/, 'a cursor from an earlier answer')
        .optional(),
    }),
    response: z.object({
      bundle_workflow_id: id,
      bundle_name: z.string(),
      /** Set while the run is paused because the bundle's spending cap was reached. */
      paused_reason: z.string().nullable(),
      spending_cap_usd: z.number().nullable(),
      /**
       * The bundle's language, which copy is written in when the workflow names none, and how it was decided:
       * `detected` from the products (with its confidence and every language found), or given by the `user`.
       */
      language: catalogueLanguageSchema,
      /** The whole run's counts and cost, whatever page this is. */
      totals: runTotalsSchema,
      products: z.array(bundleWorkflowProductSchema),
      /** The run's Batch API batches, oldest first; absent when it has none. */
      batches: z.array(providerBatchViewSchema).optional(),
      /** What the whole run is expected to cost, refined after its first 10 products. */
      estimate: runEstimateSchema.optional(),
      /** A bundle imported from a store (import-store): the import's state and progress. */
      store_import: storeImportSchema.optional(),
      /** Pass as `since` to get only what changed after this answer. */
      cursor: z.string(),
      /** A page: more products after this one (at next_offset). A since poll: more changed than `limit`; read the run again. */
      has_more: z.boolean(),
      next_offset: z.number().nullable(),
    }),
  },
  'new-bundle-workflow': {
    request: z.object({
      bundle_id: id,
      workflow_id: id,
      /** Only the N products with the most missed clicks in the latest Search Console import. */
      only_top: z.number().int().min(1).max(BUNDLE_LIMITS.maxProducts).optional(),
      /** The trial this workflow was chosen in: the run's estimate starts from the trial's measures. */
      trial_id: id.optional(),
    }),
    response: z.object({ bundle_workflow_id: id }),
  },
  'view-bundle-log': {
    request: z.object({ bundle_workflow_id: id, product_id: id.optional() }),
    response: z.object({ log: z.array(logEntrySchema) }),
  },
  'job-queue-event-loop': {
    request: z.object({
      exit_after_seconds: z.number().positive().max(300).optional(),
      testing: z
        .object({ exit_after_inactive_seconds: z.number().positive().max(300).optional() })
        .optional(),
    }),
    response: z.object({ durationMs: z.number(), reason: z.string() }),
  },
  'regenerate-products': {
    request: z.object({
      bundle_workflow_id: id,
      /** Regenerate these products; without it, every failed product of the run. */
      bundle_workflow_product_ids: z.array(id).max(BUNDLE_LIMITS.maxProducts).optional(),
      /** Lock these fields on the chosen products first ("keep my edits"): the regeneration leaves them. */
      lock_fields: z.array(z.enum(COPY_FIELDS)).max(COPY_FIELDS.length).optional(),
      /** Instead of the ids: the run's N products with the most missed clicks. */
      only_top: z.number().int().min(1).max(BUNDLE_LIMITS.maxProducts).optional(),
    }),
    response: z.object({ queued: z.number() }),
  },
} as const;
