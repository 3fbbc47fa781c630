// The contract for every server function (SPEC §5, §7): name → request and response schemas.
// The server validates requests with it; the web client validates both directions with it.
import { z } from 'zod';
import { BUNDLE_LIMITS } from './constants';
import {
  BATCH_REPAIR_MODES,
  bundleSummarySchema,
  bundleWorkflowProductSchema,
  COPY_FIELDS,
  customFieldsSchema,
  logEntrySchema,
  REVIEW_STATES,
  runTotalsSchema,
  workflowSchema,
} from './entities';
import { FUNCTION_ERROR_TYPES } from './errors';

// ids are PostgreSQL integers: a larger number could never name a row, and would fail the query.
const id = z.number().int().positive().max(2_147_483_647);
const noBody = z.object({});
const spendingCap = z.number().positive().max(1_000_000);

/** One Batch API batch of a run, as the run header shows it (issue 16). */
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
export const VIEW_RUN_LIMITS = { defaultLimit: 500, maxLimit: 2_000, maxOffset: 1_000_000 } as const;

export const editableCopyFieldsSchema = z
  .object({
    page_title: z.string().max(BUNDLE_LIMITS.maxFieldLength),
    meta_description: z.string().max(BUNDLE_LIMITS.maxFieldLength),
    heading: z.string().max(BUNDLE_LIMITS.maxFieldLength),
    description: z.string().max(BUNDLE_LIMITS.maxFieldLength),
    fact_sheet: z.string().max(BUNDLE_LIMITS.maxFieldLength),
    url_suggestion: z.string().max(2_000),
  })
  .partial();
export type EditableCopyFields = z.infer<typeof editableCopyFieldsSchema>;

export const VERSION_SOURCES = ['generated', 'regenerated', 'edited', 'restored'] as const;

/** A kept version of a product's copy: one per generation, regeneration, edit and restore (issue 14). */
export const productVersionSchema = z.object({
  id,
  source: z.enum(VERSION_SOURCES),
  created_at: z.string(),
  page_title: z.string().nullable(),
  meta_description: z.string().nullable(),
  heading: z.string().nullable(),
  description: z.string().nullable(),
  fact_sheet: z.string().nullable(),
  url_suggestion: z.string().nullable(),
  alt_texts: z.array(z.string()),
});
export type ProductVersion = z.infer<typeof productVersionSchema>;

export const STORE_EXPORT_FORMATS = ['shopify', 'woocommerce', 'auto'] as const;
export type StoreExportFormat = (typeof STORE_EXPORT_FORMATS)[number];

/** A Shopify or WooCommerce product export as the store wrote it; 'auto' tells the two apart by the header. */
export const storeExportSchema = z.object({
  format: z.enum(STORE_EXPORT_FORMATS, {
    error: (issue) =>
      `Unknown store export format ${JSON.stringify(issue.input)}; use shopify, woocommerce or auto.`,
  }),
  text: z.string(),
});

/** What a user's workflow may say (issue 13); the Workflows screen and the server share these limits. */
export const WORKFLOW_LIMITS = {
  nameMax: 100,
  modelMax: 200,
  listEntriesMax: 100,
  listEntryMax: 100,
  voiceNotesMax: 2_000,
  temperatureMax: 2,
  maxOutputTokensMin: 16,
  maxOutputTokensMax: 32_000,
  priceMax: 1_000_000,
} as const;

function isLanguageTag(value: string): boolean {
  try {
    return Intl.getCanonicalLocales(value).length === 1;
  } catch {
    return false;
  }
}

const phraseList = (what: string) =>
  z
    .array(
      z
        .string()
        .trim()
        .min(1, `each of ${what} needs some text`)
        .max(
          WORKFLOW_LIMITS.listEntryMax,
          `each of ${what} is at most ${WORKFLOW_LIMITS.listEntryMax} characters`,
        ),
    )
    .max(WORKFLOW_LIMITS.listEntriesMax, `at most ${WORKFLOW_LIMITS.listEntriesMax} ${what}`);
const pricePerMillion = (what: string) =>
  z
    .number()
    .min(0, `${what} is a price in USD per million tokens, 0 or more`)
    .max(WORKFLOW_LIMITS.priceMax, `${what} is at most ${WORKFLOW_LIMITS.priceMax}`);

export const workflowFieldsSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'name needs some text')
    .max(WORKFLOW_LIMITS.nameMax, `name is at most ${WORKFLOW_LIMITS.nameMax} characters`),
  model: z
    .string()
    .trim()
    .min(1, 'model needs a model name, such as gpt-4o-mini or llama3.1:8b')
    .max(WORKFLOW_LIMITS.modelMax, `model is at most ${WORKFLOW_LIMITS.modelMax} characters`),
  /** BCP 47, e.g. de, de-CH, pt-BR; null or absent means the product's own language. */
  language: z
    .string()
    .trim()
    .refine(isLanguageTag, 'language must be a BCP 47 tag such as de, fr-CA or pt-BR')
    .nullable()
    .optional(),
  banned_phrases: phraseList('banned_phrases').optional(),
  protected_terms: phraseList('protected_terms').optional(),
  voice_notes: z
    .string()
    .max(WORKFLOW_LIMITS.voiceNotesMax, `voice_notes is at most ${WORKFLOW_LIMITS.voiceNotesMax} characters`)
    .optional(),
  temperature: z
    .number()
    .min(0, 'temperature is between 0 and 2')
    .max(WORKFLOW_LIMITS.temperatureMax, 'temperature is between 0 and 2')
    .nullable()
    .optional(),
  max_output_tokens: z
    .number()
    .int('max_output_tokens is a whole number')
    .min(
      WORKFLOW_LIMITS.maxOutputTokensMin,
      `max_output_tokens is at least ${WORKFLOW_LIMITS.maxOutputTokensMin}`,
    )
    .max(
      WORKFLOW_LIMITS.maxOutputTokensMax,
      `max_output_tokens is at most ${WORKFLOW_LIMITS.maxOutputTokensMax}`,
    )
    .nullable()
    .optional(),
  /** USD per million tokens; wins over the built-in list price. null removes it. */
  price: z
    .object({
      input_per_million: pricePerMillion('price.input_per_million'),
      output_per_million: pricePerMillion('price.output_per_million'),
    })
    .nullable()
    .optional(),
  /** Run through the provider's Batch API (issue 16). */
  batch: z.boolean().optional(),
  /** Where a batch answer's repair goes: `batch` (a follow-up batch, half price; the default) or `direct`. */
  batch_repairs: z
    .enum(BATCH_REPAIR_MODES, { error: `batch_repairs is one of: ${BATCH_REPAIR_MODES.join(', ')}` })
    .optional(),
});
export type WorkflowFields = z.infer<typeof workflowFieldsSchema>;

export const functions = {
  'list-workflows': {
    request: noBody,
    response: z.object({ workflows: z.array(workflowSchema) }),
  },
  'new-workflow': {
    request: workflowFieldsSchema,
    response: z.object({ workflow_id: id }),
  },
  'update-workflow': {
    request: workflowFieldsSchema.partial().extend({ workflow_id: id }),
    response: z.object({ workflow: workflowSchema }),
  },
  'delete-workflow': {
    request: z.object({ workflow_id: id }),
    response: z.object({ deleted: z.literal(true) }),
  },
  'list-models': {
    request: noBody,
    /** What the configured endpoint's GET /models lists; empty when it lists nothing or cannot be reached. */
    response: z.object({ models: z.array(z.object({ id: z.string() })) }),
  },
  'list-bundles': {
    request: noBody,
    response: z.object({ bundles: z.array(bundleSummarySchema) }),
  },
  'new-bundle': {
    request: z
      .object({
        bundle_name: z
          .string()
          .trim()
          .min(1, 'bundle_name must not be empty')
          .max(
            BUNDLE_LIMITS.maxBundleNameLength,
            `bundle_name must be at most ${BUNDLE_LIMITS.maxBundleNameLength} characters`,
          ),
        /** The SPEC's product list: the columns in order, and one product per line. */
        columns: z.array(z.string().min(1)).min(1).max(50).optional(),
        raw_csv: z.string().optional(),
        /** Instead of columns + raw_csv: a store's product export, mapped on the server (issue 12). */
        store_export: storeExportSchema.optional(),
        custom_fields: customFieldsSchema.default({
          keywords: '',
          url_template: '',
          business_type: '',
          tone_of_voice: '',
        }),
        workflow_id: id.optional(),
        /** Pause the bundle's runs once they have cost this much (USD). */
        spending_cap_usd: spendingCap.optional(),
        /**
         * Fill empty, don't overwrite (issue 12): the store's existing SEO title, meta description, description
         * and image alt texts stay as they are, and new copy goes only where the store left a field empty.
         */
        fill_empty_only: z.boolean().optional(),
      })
      .superRefine((body, ctx) => {
        const hasList = body.columns !== undefined || body.raw_csv !== undefined;
        const hasStoreExport = body.store_export !== undefined;
        if (
          hasList === hasStoreExport ||
          (hasList && (body.columns === undefined || body.raw_csv === undefined))
        ) {
          ctx.addIssue({
            code: 'custom',
            message: 'Send either columns and raw_csv, or store_export; exactly one of the two.',
          });
        }
      }),
    response: z.object({ bundle_id: id, workflow_id: id, bundle_workflow_id: id }),
  },
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
      /** The whole run's counts and cost, whatever page this is. */
      totals: runTotalsSchema,
      products: z.array(bundleWorkflowProductSchema),
      /** The run's Batch API batches, oldest first (issue 16); absent when it has none. */
      batches: z.array(providerBatchViewSchema).optional(),
      /** Pass as `since` to get only what changed after this answer. */
      cursor: z.string(),
      /** A page: more products after this one (at next_offset). A since poll: more changed than `limit`; read the run again. */
      has_more: z.boolean(),
      next_offset: z.number().nullable(),
    }),
  },
  'new-bundle-workflow': {
    request: z.object({ bundle_id: id, workflow_id: id }),
    response: z.object({ bundle_workflow_id: id }),
  },
  'view-bundle-log': {
    request: z.object({ bundle_workflow_id: id, product_id: id.optional() }),
    response: z.object({ log: z.array(logEntrySchema) }),
  },
  'compress-images': {
    request: z.object({
      bundle_workflow_id: id,
      bundle_workflow_products_images_ids: z.array(id).max(BUNDLE_LIMITS.maxProducts).optional(),
    }),
    response: z.object({ queued: z.number() }),
  },
  'view-compressed-image': {
    request: z.object({ bundle_workflow_products_image_id: id }),
    /** Binary: answered as bytes when the request sets X-Response-Format: Uint8Array. */
    response: z.instanceof(Uint8Array),
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
  'update-product-copy': {
    request: z.object({
      bundle_workflow_product_id: id,
      fields: editableCopyFieldsSchema,
      alt_texts: z
        .array(z.object({ bundle_workflow_products_image_id: id, alt_text: z.string().max(2_000) }))
        .max(100)
        .optional(),
      /**
       * The product's updated_at as the editor loaded it: when the product changed since, the save answers
       * 409 conflict and changes nothing (issue 14). The web always sends it.
       */
      expected_updated_at: z.string().max(40).optional(),
    }),
    response: z.object({ product: bundleWorkflowProductSchema }),
  },
  'regenerate-products': {
    request: z.object({
      bundle_workflow_id: id,
      /** Regenerate these products; without it, every failed product of the run. */
      bundle_workflow_product_ids: z.array(id).max(BUNDLE_LIMITS.maxProducts).optional(),
      /** Lock these fields on the chosen products first ("keep my edits"): the regeneration leaves them. */
      lock_fields: z.array(z.enum(COPY_FIELDS)).max(COPY_FIELDS.length).optional(),
    }),
    response: z.object({ queued: z.number() }),
  },
  'set-product-review': {
    request: z.object({
      bundle_workflow_product_ids: z.array(id).min(1).max(BUNDLE_LIMITS.maxProducts),
      review: z.enum(REVIEW_STATES),
    }),
    response: z.object({ updated: z.number() }),
  },
  'set-locked-fields': {
    request: z.object({
      bundle_workflow_product_ids: z.array(id).min(1).max(BUNDLE_LIMITS.maxProducts),
      fields: z.array(z.enum(COPY_FIELDS)).min(1).max(COPY_FIELDS.length),
      locked: z.boolean(),
    }),
    response: z.object({ updated: z.number() }),
  },
  'view-product-history': {
    request: z.object({ bundle_workflow_product_id: id }),
    /** Newest first. */
    response: z.object({ versions: z.array(productVersionSchema) }),
  },
  'restore-product-version': {
    request: z.object({ bundle_workflow_product_id: id, version_id: id }),
    response: z.object({ product: bundleWorkflowProductSchema }),
  },
  'estimate-cost': {
    /** For a bundle that exists (bundle_id), or for a list not yet sent (columns, raw_csv, custom_fields). */
    request: z
      .object({
        workflow_id: id,
        bundle_id: id.optional(),
        columns: z.array(z.string().min(1)).min(1).max(50).optional(),
        raw_csv: z.string().optional(),
        custom_fields: customFieldsSchema.optional(),
      })
      .refine((body) => body.bundle_id !== undefined || body.raw_csv !== undefined, {
        message: 'Give bundle_id, or columns and raw_csv.',
      }),
    response: z.object({
      model: z.string(),
      products: z.number(),
      prompt_tokens: z.number(),
      completion_tokens: z.number(),
      /** USD; null when no price is known for the model. */
      cost_usd: z.number().nullable(),
      /** The share of products expected to take a repair call (included above): measured, or 0.3. */
      repair_rate: z.number().optional(),
    }),
  },
  'set-spending-cap': {
    request: z.object({ bundle_id: id, spending_cap_usd: spendingCap.nullable() }),
    response: z.object({ spending_cap_usd: z.number().nullable(), resumed: z.number() }),
  },
  'delete-bundle': {
    request: z.object({ bundle_id: id }),
    response: z.object({ deleted: z.literal(true) }),
  },
  'export-bundle': {
    request: z.object({
      bundle_workflow_id: id,
      format: z.enum(['csv', 'json', 'shopify', 'woocommerce', 'merchant', 'redirects', 'jsonld']),
      /** Only the products whose review state is approved (set-product-review). */
      only_approved: z.boolean().optional(),
    }),
    /**
     * A file, streamed with its own Content-Type and a Content-Disposition filename naming the bundle; asked
     * for, like every binary answer, with X-Response-Format: Uint8Array.
     */
    response: z.instanceof(Uint8Array),
  },
} as const;

export type FunctionName = keyof typeof functions;
export type FunctionRequest<N extends FunctionName> = z.input<(typeof functions)[N]['request']>;
export type ParsedFunctionRequest<N extends FunctionName> = z.output<(typeof functions)[N]['request']>;
export type FunctionResponse<N extends FunctionName> = z.infer<(typeof functions)[N]['response']>;

export const FUNCTION_NAMES = Object.keys(functions) as FunctionName[];

export function isFunctionName(name: string): name is FunctionName {
  return Object.hasOwn(functions, name);
}

/** Functions that answer with bytes rather than JSON. */
export const BINARY_FUNCTIONS: ReadonlySet<FunctionName> = new Set([
  'view-compressed-image',
  'export-bundle',
]);

/** The body of every error answer: `{ error: { type, message? } }` (DESIGN.md). */
export const errorBodySchema = z.object({
  error: z.object({ type: z.enum(FUNCTION_ERROR_TYPES), message: z.string().optional() }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
