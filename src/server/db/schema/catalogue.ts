// Workflows, bundles, products, runs (bundle_workflows) and their generated copy, images and logs. A product's
// kept versions, the Batch API's batches and the workers' heartbeats are in run-records.ts.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type {
  BatchRepairMode,
  CopyFieldName,
  CopyProblem,
  PhotoFact,
  PRODUCT_STATUSES,
  ReviewState,
  StoreCopy,
  Translations,
  UrlSuggestionLevel,
  VisionDetail,
} from '../../../common/contract/entities';
import type { LanguageCount, LanguageSource } from '../../../common/contract/language';
import { user } from './auth';
import { copyTextColumns, createdAt, updatedAt } from './columns';
import { workspaceOwnerId, workspaces } from './workspaces';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

export type PromptTemplates = { system: string; user: string; variant: string; repair: string };

/**
 * Seeded workflows (ids below 1000, owner null) are everyone's; a user's own have an owner and ids from 1000,
 * so the seeded ids stay fixed on every installation.
 */
export const workflows = pgTable(
  'workflows',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 1000 }),
    ownerId: text('owner_id').references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** An OpenAI-compatible model name, or `offline` for the built-in writer. */
    model: text('model').notNull(),
    promptTemplates: jsonb('prompt_templates').$type<PromptTemplates>().notNull(),
    /** BCP 47 language of the copy; null means the product's own (English by default). */
    language: text('language'),
    /**
     * The further languages each product is written in besides `language` (which they need), each from the
     * product's data in its own language and checked on its own: the product's translations.
     */
    moreLanguages: jsonb('more_languages').$type<string[]>().notNull().default([]),
    bannedPhrases: jsonb('banned_phrases').$type<string[]>().notNull().default([]),
    protectedTerms: jsonb('protected_terms').$type<string[]>().notNull().default([]),
    voiceNotes: text('voice_notes').notNull().default(''),
    temperature: real('temperature'),
    maxOutputTokens: integer('max_output_tokens'),
    /** USD per million tokens; null means the built-in list price, or unknown for a model not on it. */
    priceInputPerMillion: numeric('price_input_per_million', { precision: 12, scale: 6, mode: 'number' }),
    priceOutputPerMillion: numeric('price_output_per_million', { precision: 12, scale: 6, mode: 'number' }),
    /** USD per million cached prompt tokens; null means the input price (or the list's cached price). */
    priceCachedInputPerMillion: numeric('price_cached_input_per_million', {
      precision: 12,
      scale: 6,
      mode: 'number',
    }),
    /** Run through the provider's Batch API. */
    batch: boolean('batch').notNull().default(false),
    /**
     * Where a batch answer's repair goes: `batch`, a follow-up repair batch at half price, or `direct`, a
     * direct call at the full price that finishes the product sooner.
     */
    batchRepairs: text('batch_repairs').$type<BatchRepairMode>().notNull().default('batch'),
    /** Each product's request carries its compressed photos, for a model that sees (decision 041). */
    seesImages: boolean('sees_images').notNull().default(false),
    imageDetail: text('image_detail').$type<VisionDetail>().notNull().default('low'),
    maxImages: smallint('max_images').notNull().default(4),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('workflows_owner_name_idx').on(t.ownerId, t.name),
    index('workflows_owner_idx').on(t.ownerId),
    check('workflows_batch_repairs_mode', sql`${t.batchRepairs} in ('batch', 'direct')`),
    check('workflows_image_detail', sql`${t.imageDetail} in ('low', 'high')`),
    check('workflows_max_images', sql`${t.maxImages} between 1 and 10`),
  ],
);

export const bundles = pgTable(
  'bundles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ownerId: workspaceOwnerId(),
    name: text('name').notNull(),
    columns: jsonb('columns').$type<string[]>().notNull(),
    customFields: jsonb('custom_fields')
      .$type<{ keywords: string; url_template: string; business_type: string; tone_of_voice: string }>()
      .notNull(),
    /** Optional spending cap for all runs of this bundle, in USD. */
    spendingCapUsd: numeric('spending_cap_usd', { precision: 12, scale: 4, mode: 'number' }),
    /** Write only the fields the store left empty, keeping its existing SEO fields. */
    fillEmptyOnly: boolean('fill_empty_only').notNull().default(false),
    /** ISO 4217 code of the store's prices; the structured data has no offers without it. */
    currency: text('currency'),
    /**
     * BCP 47 language of the catalogue, which copy is written in when a workflow names none: detected from the
     * products' names and bodies on import, or chosen by the user. Null when nothing could tell.
     */
    language: text('language'),
    /** How the language was decided: `detected` from the products (with languageConfidence) or given by the `user`. */
    languageSource: text('language_source').$type<LanguageSource>(),
    /** 0–1, for a detected language: the products in it, weighed by each detection's confidence. */
    languageConfidence: real('language_confidence'),
    /** Each language the products were detected in, with how many: more than one entry is a mixed catalogue. */
    languageMix: jsonb('language_mix').$type<LanguageCount[]>(),
    /**
     * Set on a trial's sample bundle: the bundle its products were copied from. Such a bundle is left out of
     * list-bundles; its runs are the trial's (schema/trials.ts).
     */
    trialOf: integer('trial_of').references((): AnyPgColumn => bundles.id, { onDelete: 'cascade' }),
    /** Set by delete-bundle; the rows go in a job, and every function treats the bundle as gone at once. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('bundles_owner_idx').on(t.ownerId),
    check('bundles_language_source', sql`${t.languageSource} in ('detected', 'user')`),
    index('bundles_trial_of_idx').on(t.trialOf).where(sql`${t.trialOf} is not null`),
  ],
);

export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    bundleId: integer('bundle_id')
      .notNull()
      .references(() => bundles.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    details: jsonb('details').$type<Record<string, string | null>>().notNull(),
    imageUrls: jsonb('image_urls').$type<string[]>().notNull().default([]),
    /** BCP 47 language detected from this product's own name and body; null when its text says too little. */
    language: text('language'),
    /**
     * 0–1, how sure the detection of `language` is (0 when the text said too little); null while not yet
     * detected (a big list's products past the import's sample, which the prepare-run job detects).
     */
    languageConfidence: real('language_confidence'),
    /**
     * The copy the store already has (Shopify SEO Title/SEO Description/Image Alt Text, the body): shown beside
     * the new copy and kept by a fill-empty bundle. Kept out of details, which all reach the prompt.
     */
    storeCopy: jsonb('store_copy').$type<StoreCopy>(),
  },
  (t) => [uniqueIndex('products_bundle_position_idx').on(t.bundleId, t.position)],
);

export const bundleWorkflows = pgTable(
  'bundle_workflows',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    bundleId: integer('bundle_id')
      .notNull()
      .references(() => bundles.id, { onDelete: 'cascade' }),
    workflowId: integer('workflow_id')
      .notNull()
      .references(() => workflows.id),
    /** Set when the bundle's spending cap stopped the run. */
    pausedReason: text('paused_reason'),
    /** The member who started it: their monthly budget in the workspace is reserved against too. */
    startedBy: text('started_by').references(() => user.id, { onDelete: 'set null' }),
    /** The trial this run's workflow won (start-run with trial_id): its estimate starts from the trial's measures. */
    fromTrialId: integer('from_trial_id'),
    /** The run's place in the change sequence, bumped by a trigger on every write (as products' versions). */
    version: bigint('version', { mode: 'number' }).notNull().default(sql`nextval('run_change_seq')`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('bundle_workflows_bundle_workflow_idx').on(t.bundleId, t.workflowId)],
);

export const bundleWorkflowProducts = pgTable(
  'bundle_workflow_products',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    bundleWorkflowId: integer('bundle_workflow_id')
      .notNull()
      .references(() => bundleWorkflows.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    ...copyTextColumns(),
    urlSuggestionLevel: text('url_suggestion_level').$type<UrlSuggestionLevel>().notNull().default(''),
    /** The bundle_workflow_products.id of the parent this product is a variant of. */
    isMultipleOf: integer('is_multiple_of'),
    progress: smallint('progress').notNull().default(0),
    status: text('status').$type<(typeof PRODUCT_STATUSES)[number]>().notNull().default('queued'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    reviewState: text('review_state').$type<ReviewState>().notNull().default('pending'),
    /** Who set the review state last, and when: the review shows it, and the other-reviewer rule reads it. */
    reviewedBy: text('reviewed_by').references(() => user.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** The copy checks' result for the saved copy; null until the product has copy. */
    problems: jsonb('problems').$type<CopyProblem[]>(),
    /** Copy fields regeneration never touches (page_title, heading, …, alt_texts). */
    /** The copy in each of the workflow's further languages, keyed by language tag; null while there is none. */
    translations: jsonb('translations').$type<Translations>(),
    lockedFields: jsonb('locked_fields').$type<CopyFieldName[]>().notNull().default([]),
    /** The batch this product's request went into, while it goes by the Batch API. */
    providerBatchId: integer('provider_batch_id'),
    /**
     * The product's place in the run's change sequence: a trigger sets it from run_change_seq on every insert
     * and update (and when one of its images changes), so a `since` poll reads only what changed.
     */
    version: bigint('version', { mode: 'number' }).notNull().default(sql`nextval('run_change_seq')`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('bwp_run_product_idx').on(t.bundleWorkflowId, t.productId),
    index('bwp_run_status_idx').on(t.bundleWorkflowId, t.status),
    index('bwp_run_version_idx').on(t.bundleWorkflowId, t.version),
    index('bwp_parent_idx').on(t.isMultipleOf),
    index('bwp_product_idx').on(t.productId),
    check('bwp_progress_range', sql`${t.progress} between 0 and 100`),
  ],
);

export const bundleWorkflowProductImages = pgTable(
  'bundle_workflow_product_images',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    bundleWorkflowProductId: integer('bundle_workflow_product_id')
      .notNull()
      .references(() => bundleWorkflowProducts.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    url: text('url').notNull(),
    altText: text('alt_text'),
    compressionRequested: boolean('compression_requested').notNull().default(false),
    compressionProcessingId: text('compression_processing_id'),
    compressionComplete: boolean('compression_complete').notNull().default(false),
    compressionError: text('compression_error'),
    originalBytes: integer('original_bytes'),
    compressedBytes: integer('compressed_bytes'),
    photoFacts: jsonb('photo_facts').$type<PhotoFact[]>().notNull().default([]),
    updatedAt: updatedAt(),
  },
  (t) => [index('bwpi_product_idx').on(t.bundleWorkflowProductId)],
);

export const compressedImages = pgTable('compressed_images', {
  imageId: integer('image_id')
    .primaryKey()
    .references(() => bundleWorkflowProductImages.id, { onDelete: 'cascade' }),
  bytes: bytea('bytes').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  createdAt: createdAt(),
});

export const logs = pgTable(
  'logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    bundleWorkflowId: integer('bundle_workflow_id')
      .notNull()
      .references(() => bundleWorkflows.id, { onDelete: 'cascade' }),
    productId: integer('product_id'),
    type: text('type').$type<'general' | 'ai'>().notNull(),
    event: text('event'),
    /** USD; null when the model's price is unknown. A started call holds its reserved (worst-case) cost. */
    cost: numeric('cost', { precision: 16, scale: 10, mode: 'number' }).default(0),
    /** An `ai` line is written 'started' before its call is sent and 'settled' on the answer. */
    callState: text('call_state').$type<'started' | 'settled'>().notNull().default('settled'),
    promptTokens: integer('prompt_tokens').notNull().default(0),
    completionTokens: integer('completion_tokens').notNull().default(0),
    /** Of promptTokens, those the provider served from its prompt cache, charged at the cached-input price. */
    cachedTokens: integer('cached_tokens').notNull().default(0),
    details: jsonb('details').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('logs_run_product_idx').on(t.bundleWorkflowId, t.productId, t.id)],
);
