// Search Console data per bundle: each imported Performance export, its page rows matched to the
// bundle's products, the bundle's own CTR curve, and the date each product's copy was exported. All of it is
// the user's: every row hangs off the bundle (or its products) with ON DELETE CASCADE, so the purge-bundle
// job's final `delete from bundles` removes it, and none of it is ever put into a prompt.
import {
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { bundles, bundleWorkflows, products } from './catalogue';
import { createdAt } from './columns';

/** One uploaded export: the period Search Console states for it, the columns read, the URLs no product took. */
export const searchImports = pgTable(
  'search_imports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    bundleId: integer('bundle_id')
      .notNull()
      .references(() => bundles.id, { onDelete: 'cascade' }),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    /** 'zip' or 'csv'. */
    source: text('source').notNull(),
    /** Which header each figure was read from: { page, clicks, impressions, ctr, position }. */
    columnsRead: jsonb('columns_read').$type<Record<string, string>>().notNull(),
    pageRows: integer('page_rows').notNull(),
    unmatched: jsonb('unmatched').$type<string[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('search_imports_bundle_idx').on(t.bundleId, t.periodStart)],
);

/** A product's figures in one import: the pages matched to it, summed (position weighted by impressions). */
export const searchProductStats = pgTable(
  'search_product_stats',
  {
    importId: integer('import_id')
      .notNull()
      .references(() => searchImports.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    clicks: integer('clicks').notNull(),
    impressions: integer('impressions').notNull(),
    /** A fraction (0.105 for 10.5%). */
    ctr: doublePrecision('ctr').notNull(),
    position: doublePrecision('position').notNull(),
    pages: jsonb('pages').$type<string[]>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.productId] }),
    index('search_product_stats_product_idx').on(t.productId),
  ],
);

/** A bundle's own expected-CTR curve, pasted by the user: [[position, ctr fraction], …]. */
export const searchCtrCurves = pgTable('search_ctr_curves', {
  bundleId: integer('bundle_id')
    .primaryKey()
    .references(() => bundles.id, { onDelete: 'cascade' }),
  points: jsonb('points').$type<[number, number][]>().notNull(),
  source: text('source').notNull(),
  createdAt: createdAt(),
});

/**
 * When each product's copy left the app (export-bundle, or a push). The date is kept while the copy stays the
 * same; an export of changed copy starts a new date.
 */
export const copyExports = pgTable(
  'copy_exports',
  {
    productId: integer('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    bundleId: integer('bundle_id')
      .notNull()
      .references(() => bundles.id, { onDelete: 'cascade' }),
    bundleWorkflowId: integer('bundle_workflow_id')
      .notNull()
      .references(() => bundleWorkflows.id, { onDelete: 'cascade' }),
    exportedAt: timestamp('exported_at', { withTimezone: true }).notNull(),
    /** md5 of the exported copy fields: an export of the same copy keeps exported_at. */
    copyHash: text('copy_hash').notNull(),
  },
  (t) => [index('copy_exports_bundle_idx').on(t.bundleId)],
);
