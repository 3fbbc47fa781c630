// A trial: two to four workflows run on a small sample of a bundle, to choose one on the user's own products.
// The sample is a hidden bundle of its own (bundles.trial_of names the bundle it was drawn from), so each
// workflow runs through the normal pipeline and job queue, its copy lands in the sample's runs and never in the
// bundle's, and the sample bundle's spending cap is the trial's own (docs/decisions/035-trials.md).
import { index, integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { bundles } from './catalogue';
import { createdAt } from './columns';
import { workspaceOwnerId } from './workspaces';

export const trials = pgTable(
  'trials',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ownerId: workspaceOwnerId(),
    /** The bundle the sample was drawn from; the trial goes with it. */
    bundleId: integer('bundle_id')
      .notNull()
      .references(() => bundles.id, { onDelete: 'cascade' }),
    /** The hidden bundle holding the sample's products and the workflows' runs. */
    sampleBundleId: integer('sample_bundle_id')
      .notNull()
      .references(() => bundles.id, { onDelete: 'cascade' }),
    /** In the order the caller named them. */
    workflowIds: jsonb('workflow_ids').$type<number[]>().notNull(),
    /** Set once, when every run of the trial has settled and trial.completed was sent. */
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('trials_owner_idx').on(t.ownerId), index('trials_sample_idx').on(t.sampleBundleId)],
);
