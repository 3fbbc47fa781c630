// Workflows, bundles, products, runs (bundle_workflows) and their generated copy, images and logs.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { PRODUCT_STATUSES, UrlSuggestionLevel } from '../../../common/entities';
import { user } from './auth';
import { createdAt, updatedAt } from './columns';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

export type PromptTemplates = { system: string; user: string; variant: string; repair: string };

export const workflows = pgTable('workflows', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
  /** An OpenAI-compatible model name, or `offline` for the built-in writer. */
  model: text('model').notNull(),
  promptTemplates: jsonb('prompt_templates').$type<PromptTemplates>().notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const bundles = pgTable(
  'bundles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    columns: jsonb('columns').$type<string[]>().notNull(),
    customFields: jsonb('custom_fields')
      .$type<{ keywords: string; url_template: string; business_type: string; tone_of_voice: string }>()
      .notNull(),
    /** Optional spending cap for all runs of this bundle, in USD. */
    spendingCapUsd: numeric('spending_cap_usd', { precision: 12, scale: 4, mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('bundles_owner_idx').on(t.ownerId)],
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
    pageTitle: text('page_title'),
    metaDescription: text('meta_description'),
    heading: text('heading'),
    description: text('description'),
    factSheet: text('fact_sheet'),
    urlSuggestion: text('url_suggestion'),
    urlSuggestionLevel: text('url_suggestion_level').$type<UrlSuggestionLevel>().notNull().default(''),
    /** The bundle_workflow_products.id of the parent this product is a variant of. */
    isMultipleOf: integer('is_multiple_of'),
    progress: smallint('progress').notNull().default(0),
    status: text('status').$type<(typeof PRODUCT_STATUSES)[number]>().notNull().default('queued'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('bwp_run_product_idx').on(t.bundleWorkflowId, t.productId),
    index('bwp_run_status_idx').on(t.bundleWorkflowId, t.status),
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
    cost: numeric('cost', { precision: 16, scale: 10, mode: 'number' }).notNull().default(0),
    promptTokens: integer('prompt_tokens').notNull().default(0),
    completionTokens: integer('completion_tokens').notNull().default(0),
    details: jsonb('details').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('logs_run_product_idx').on(t.bundleWorkflowId, t.productId, t.id)],
);

/**
 * Liveness of graphile-worker workers. A worker killed with SIGKILL keeps its jobs locked (for hours, by
 * graphile-worker's rules); workers whose heartbeat stops are force-unlocked so others take their jobs.
 */
export const workerHeartbeats = pgTable('worker_heartbeats', {
  workerId: text('worker_id').primaryKey(),
  lastSeen: timestamp('last_seen', { withTimezone: true }).notNull().defaultNow(),
});
