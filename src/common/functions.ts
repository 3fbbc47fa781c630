// The contract for every server function (SPEC §5, §7): name → request and response schemas.
// The server validates requests with it; the web client validates both directions with it.
import { z } from 'zod';
import { BUNDLE_LIMITS } from './constants';
import {
  bundleSummarySchema,
  bundleWorkflowProductSchema,
  customFieldsSchema,
  logEntrySchema,
  runTotalsSchema,
  workflowSchema,
} from './entities';
import { FUNCTION_ERROR_TYPES } from './errors';

// ids are PostgreSQL integers: a larger number could never name a row, and would fail the query.
const id = z.number().int().positive().max(2_147_483_647);
const noBody = z.object({});
const spendingCap = z.number().positive().max(1_000_000);

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

export const functions = {
  'list-workflows': {
    request: noBody,
    response: z.object({ workflows: z.array(workflowSchema) }),
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
    request: z.object({ bundle_id: id, workflow_id: id }),
    response: z.object({
      bundle_workflow_id: id,
      bundle_name: z.string(),
      /** Set while the run is paused because the bundle's spending cap was reached. */
      paused_reason: z.string().nullable(),
      spending_cap_usd: z.number().nullable(),
      totals: runTotalsSchema,
      products: z.array(bundleWorkflowProductSchema),
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
    }),
    response: z.object({ product: bundleWorkflowProductSchema }),
  },
  'regenerate-products': {
    request: z.object({
      bundle_workflow_id: id,
      /** Regenerate these products; without it, every failed product of the run. */
      bundle_workflow_product_ids: z.array(id).max(BUNDLE_LIMITS.maxProducts).optional(),
    }),
    response: z.object({ queued: z.number() }),
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
      /** Only approved products. Accepted now; it filters nothing until products have a review state. */
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
