// Entities exchanged between server and web (SPEC §3). Zod schemas, so both sides validate the same shape.
import { z } from 'zod';
import type { CopyFieldName } from '../copy-fields/registry';
import { COPY_FIELD_NAMES, generatedTextShape } from '../copy-fields/shapes';

const id = z.number().int().positive();
const timestamp = z.string();

/** Where a batch answer's repair goes: a follow-up batch at half price, or a direct call. */
export const BATCH_REPAIR_MODES = ['batch', 'direct'] as const;
export type BatchRepairMode = (typeof BATCH_REPAIR_MODES)[number];

/** How closely a model that sees looks at each photo: OpenAI's `detail` of an `image_url` part. */
export const VISION_DETAILS = ['low', 'high'] as const;
export type VisionDetail = (typeof VISION_DETAILS)[number];

export const workflowSchema = z.object({
  id,
  name: z.string(),
  model: z.string(),
  /** False for AI workflows while no API key is configured. */
  is_available: z.boolean(),
  created_at: timestamp,
  updated_at: timestamp,
  /** True for the signed-in user's own workflows; false for the seeded ones everyone has. */
  is_own: z.boolean(),
  /** BCP 47 tag of the copy's language; null means the product's own. */
  language: z.string().nullable(),
  /**
   * Every language the copy is written in, `language` first, then its translations' languages; empty when
   * `language` is null (the product's own, and no translations).
   */
  languages: z.array(z.string()),
  banned_phrases: z.array(z.string()),
  protected_terms: z.array(z.string()),
  voice_notes: z.string(),
  temperature: z.number().nullable(),
  max_output_tokens: z.number().nullable(),
  /** USD per million tokens, as set on the workflow; null means the built-in list price (if any). */
  price: z
    .object({
      input_per_million: z.number(),
      output_per_million: z.number(),
      /** USD per million cached prompt tokens; absent means the input price. */
      cached_input_per_million: z.number().optional(),
    })
    .nullable(),
  /**
   * The price calls are charged at: the operator's (MODEL_PRICES) or the built-in list's, raised where the
   * workflow's own is higher (never lowered by it); the workflow's own for a model neither knows; null when
   * unknown. `source` says where the price comes from.
   */
  effective_price: z
    .object({
      input_per_million: z.number(),
      output_per_million: z.number(),
      cached_input_per_million: z.number(),
      source: z.enum(['workflow', 'operator', 'built_in']),
    })
    .nullable(),
  batch: z.boolean(),
  /** Where a batch answer's repair goes: a follow-up batch (half price) or a direct call (full price). */
  batch_repairs: z.enum(BATCH_REPAIR_MODES),
  /** Each product's request carries its photos (the compressed copies) for a model that sees them. */
  sees_images: z.boolean(),
  /** The `detail` each photo is sent at; `low` (85 tokens a photo on OpenAI's models) by default. */
  image_detail: z.enum(VISION_DETAILS),
  /** At most this many photos of a product are sent, the first ones in the product's order. */
  max_images: z.number().int(),
});
export type Workflow = z.infer<typeof workflowSchema>;

export const bundleWorkflowSummarySchema = z.object({
  bundle_workflow_id: id,
  workflow_id: id,
  progress: z.number(),
  created_at: timestamp,
});

export const bundleSummarySchema = z.object({
  id,
  name: z.string(),
  progress: z.number(),
  // SPEC §3: a bundle always has at least one workflow.
  workflows: z.array(bundleWorkflowSummarySchema).min(1),
});
export type BundleSummary = z.infer<typeof bundleSummarySchema>;

export const PRODUCT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

export const REVIEW_STATES = ['pending', 'approved', 'rejected'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

/** The copy fields a product can have locked against regeneration: every field of the registry. */
export const COPY_FIELDS = COPY_FIELD_NAMES;
export type { CopyFieldName };

/** A problem the server's copy checks found in a product's saved copy; the screen shows exactly these. */
export const copyProblemSchema = z.object({ field: z.string(), code: z.string(), message: z.string() });
export type CopyProblem = z.infer<typeof copyProblemSchema>;

/** The copy a store export already has for a product; each field is absent when the store left it empty. */
export const storeCopySchema = z.object({
  page_title: z.string().optional(),
  meta_description: z.string().optional(),
  /** The store's description as the store holds it (Shopify Body (HTML), WooCommerce Description). */
  description: z.string().optional(),
  /** WooCommerce "Short description", as the store holds it. */
  short_description: z.string().optional(),
  /** One per image, in image order; '' where the store has none. */
  alt_texts: z.array(z.string()).optional(),
  /**
   * What the store sells the product for, for the structured data's offers and the Merchant feed:
   * never copy, and kept here rather than in details so that it never reaches the prompt.
   */
  offer: z
    .object({
      price: z.string().optional(),
      /** ISO 4217, where the price cell named it ("12,90 €", "EUR 12.90"): price-text.ts. */
      currency: z.string().optional(),
      gtin: z.string().optional(),
      availability: z.enum(['InStock', 'OutOfStock', 'BackOrder']).optional(),
      /** Shopify: the numeric product and variant ids, known once the store is connected. */
      product_id: z.string().optional(),
      variant_id: z.string().optional(),
    })
    .optional(),
  /**
   * The cells the store matches rows by (Shopify's Handle, option names and values and Variant SKU;
   * WooCommerce's ID and SKU), as the file wrote them: the re-import files write them back byte for byte.
   */
  key_cells: z.record(z.string(), z.string()).optional(),
});
export type StoreCopy = z.infer<typeof storeCopySchema>;

/**
 * A product's copy in one of its workflow's further languages: written from the product's data in that
 * language (not translated from the first), with its own check. Alt texts in image order.
 */
export const translationSchema = z.object({
  ...generatedTextShape(z.string()),
  alt_texts: z.array(z.string()),
  problems: z.array(copyProblemSchema),
});
export type Translation = z.infer<typeof translationSchema>;
/** A product's translations, keyed by language tag. */
export type Translations = Record<string, Translation>;

export const URL_SUGGESTION_LEVELS = ['missing', 'order', ''] as const;
export type UrlSuggestionLevel = (typeof URL_SUGGESTION_LEVELS)[number];

/**
 * What a model that sees said it saw in one photo (decision 044): `from_image` always, and `accepted` once a
 * reviewer has checked it. Alt text may say it at once; other copy only once it is accepted.
 */
export const photoFactSchema = z.object({
  name: z.string(),
  value: z.string(),
  from_image: z.literal(true),
  accepted: z.boolean(),
});
export type PhotoFact = z.infer<typeof photoFactSchema>;

export const imageDetailSchema = z.object({
  bundle_workflow_products_image_id: id,
  url: z.string(),
  alt_text: z.string().nullable(),
  compression_requested: z.boolean(),
  compression_processing_id: z.string().nullable(),
  compression_complete: z.boolean(),
  original_bytes: z.number().nullable(),
  compressed_bytes: z.number().nullable(),
  compression_error: z.string().nullable(),
  /** What a model that sees saw in this photo; empty for a workflow that does not see. */
  photo_facts: z.array(photoFactSchema).optional(),
});
export type ImageDetail = z.infer<typeof imageDetailSchema>;

export const bundleWorkflowProductSchema = z.object({
  id,
  product_id: id,
  bundle_workflow_id: id,
  product_details: z.record(z.string(), z.string().nullable().optional()),
  ...generatedTextShape(z.string().nullable().optional()),
  progress: z.number(),
  status: z.enum(PRODUCT_STATUSES),
  error: z.string().nullable(),
  url_suggestion_level: z.enum(URL_SUGGESTION_LEVELS),
  url_suggestion: z.string().nullable(),
  is_multiple_of: z.number().nullable().optional(),
  review_state: z.enum(REVIEW_STATES),
  /** By name: who last edited the copy (null: only a writer wrote it), who set `review_state`, and when. */
  edited_by: z.string().nullable().optional(),
  reviewed_by: z.string().nullable().optional(),
  reviewed_at: timestamp.nullable().optional(),
  /** The copy the store export already had (null for a pasted list). */
  store_copy: storeCopySchema.nullable().optional(),
  /** The server's check of the saved copy; null before the product has copy. */
  problems: z.array(copyProblemSchema).nullable(),
  /** The copy in the workflow's further languages (workflow `languages` after the first), keyed by tag. */
  translations: z.record(z.string(), translationSchema).optional(),
  locked_fields: z.array(z.enum(COPY_FIELDS)),
  /** The product's place in the run's change sequence (a `since` cursor is one of these). */
  version: z.number(),
  created_at: timestamp,
  updated_at: timestamp,
  image_details: z.array(imageDetailSchema).optional(),
});
export type BundleWorkflowProduct = z.infer<typeof bundleWorkflowProductSchema>;

export const runTotalsSchema = z.object({
  total: z.number(),
  done: z.number(),
  failed: z.number(),
  /** USD of the calls with a known price; see cost_unknown. */
  cost: z.number(),
  /** True when some calls' model has no known price: their tokens are counted, their cost is not in `cost`. */
  cost_unknown: z.boolean().optional(),
  prompt_tokens: z.number(),
  completion_tokens: z.number(),
  /** Of prompt_tokens, those served from the provider's prompt cache. */
  cached_tokens: z.number().optional(),
  /**
   * Of cost, what is reserved for calls not yet settled (sent and unanswered, or lost in a crash) at their
   * worst case; 0 once every call is settled.
   */
  reserved_cost: z.number().optional(),
});
export type RunTotals = z.infer<typeof runTotalsSchema>;

export * from './log-entries';

export const customFieldsSchema = z.object({
  keywords: z.string().max(2_000).default(''),
  url_template: z.string().max(500).default(''),
  business_type: z.string().max(500).default(''),
  tone_of_voice: z.string().max(500).default(''),
});
export type CustomFields = z.infer<typeof customFieldsSchema>;
