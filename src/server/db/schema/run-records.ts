// What a run keeps beside its products: every version of a product's copy, the provider batches
// of a batch workflow, and the workers' heartbeats that tell a dead worker's jobs.
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { VERSION_SOURCES } from '../../../common/contract/functions/review';
import { bundleWorkflowProducts, bundleWorkflows } from './catalogue';
import { copyTextColumns, createdAt, updatedAt } from './columns';

/** Where a kept version of a product's copy came from. */
export type VersionSource = (typeof VERSION_SOURCES)[number];

/** The batch states of OpenAI's Batch API, plus the local ones before anything remote exists. */
export type ProviderBatchState =
  | 'preparing'
  | 'submitting'
  | 'validating'
  | 'in_progress'
  | 'finalizing'
  | 'completed'
  | 'failed'
  | 'expired'
  | 'cancelling'
  | 'cancelled';

/** Each generation, regeneration, edit and restore of a product's copy, kept for its history. */
export const productVersions = pgTable(
  'product_versions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    bundleWorkflowProductId: integer('bundle_workflow_product_id')
      .notNull()
      .references(() => bundleWorkflowProducts.id, { onDelete: 'cascade' }),
    source: text('source').$type<VersionSource>().notNull(),
    ...copyTextColumns(),
    altTexts: jsonb('alt_texts').$type<string[]>().notNull().default([]),
    /** The user who edited or restored; null for the writer's versions. */
    userId: text('user_id'),
    createdAt: createdAt(),
  },
  (t) => [index('product_versions_product_idx').on(t.bundleWorkflowProductId, t.id)],
);

/** A run's requests sent through the provider's Batch API, kept before anything remote exists. */
export const providerBatches = pgTable(
  'provider_batches',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    bundleWorkflowId: integer('bundle_workflow_id')
      .notNull()
      .references(() => bundleWorkflows.id, { onDelete: 'cascade' }),
    /** 'generate' for first answers, 'repair' for the follow-up batch of repairs. */
    purpose: text('purpose').$type<'generate' | 'repair'>().notNull().default('generate'),
    state: text('state').$type<ProviderBatchState>().notNull().default('preparing'),
    remoteBatchId: text('remote_batch_id'),
    inputFileId: text('input_file_id'),
    outputFileId: text('output_file_id'),
    errorFileId: text('error_file_id'),
    requestCount: integer('request_count').notNull().default(0),
    completedCount: integer('completed_count').notNull().default(0),
    failedCount: integer('failed_count').notNull().default(0),
    error: text('error'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('provider_batches_run_idx').on(t.bundleWorkflowId)],
);

/**
 * Liveness of graphile-worker workers. A worker killed with SIGKILL keeps its jobs locked (for hours, by
 * graphile-worker's rules); workers whose heartbeat stops are force-unlocked so others take their jobs.
 */
export const workerHeartbeats = pgTable('worker_heartbeats', {
  workerId: text('worker_id').primaryKey(),
  lastSeen: timestamp('last_seen', { withTimezone: true }).notNull().defaultNow(),
});
