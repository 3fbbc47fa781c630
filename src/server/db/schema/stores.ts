// Connected stores: a user's Shopify or WooCommerce store, its credentials sealed with
// AES-256-GCM (src/server/leaves/secrets/seal.ts), and for each product imported from it, the store's own
// ids and the time the store last changed it, so that a push can tell a product edited meanwhile.
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type {
  IMPORT_METHODS,
  IMPORT_STATES,
  PUSH_ITEM_STATUSES,
  PUSH_KINDS,
  PUSH_STATES,
  STORE_PLATFORMS,
} from '../../../common/contract/functions/stores';
import { bundles, products } from './catalogue';
import { createdAt, updatedAt } from './columns';
import { workspaceOwnerId } from './workspaces';

export type StorePlatform = (typeof STORE_PLATFORMS)[number];

/** A product's values as the store held them at a given clock (store_products.remote_values). */
export type StoredValues = {
  /** field (as push-plan names it) → the store's value, '' when empty */
  values: Record<string, string>;
  /** Fields the store answers formatted for display (LiveProduct.formatted). */
  formatted?: string[];
};

export const stores = pgTable(
  'stores',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ownerId: workspaceOwnerId(),
    platform: text('platform').$type<StorePlatform>().notNull(),
    /** The store's origin, e.g. https://example.myshopify.com, without a trailing slash. */
    storeUrl: text('store_url').notNull(),
    name: text('name').notNull(),
    /** The credentials as JSON, sealed: base64url of iv (12 bytes) ‖ tag (16 bytes) ‖ ciphertext. */
    sealedCredentials: text('sealed_credentials').notNull(),
    /** The store's currency, as it reported it (Shopify shop.currencyCode); null when unknown. */
    currency: text('currency'),
    /**
     * The API version the store's answers last came with (Shopify's X-Shopify-API-Version) when it was not the
     * version asked for, beside the version asked; null while the store answers the version asked.
     */
    apiVersionAnswered: text('api_version_answered'),
    /** The version asked for when apiVersionAnswered was recorded. */
    apiVersionAsked: text('api_version_asked'),
    connectedAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('stores_owner_idx').on(t.ownerId)],
);

/** A product of a bundle imported from a store, and how the store names it. */
export const storeProducts = pgTable(
  'store_products',
  {
    productId: integer('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    /** Shopify: the product's GID; WooCommerce: the product's (or the variation's parent's) ID. */
    remoteProductId: text('remote_product_id').notNull(),
    /** Shopify: the variant's GID; WooCommerce: the variation's ID; null for a product without variants. */
    remoteVariantId: text('remote_variant_id'),
    /** Shopify updatedAt / WooCommerce date_modified_gmt, as the store gave it at import. */
    remoteUpdatedAt: text('remote_updated_at').notNull(),
    /** The store's ids of the product's images, in the order of the product's image_urls. */
    remoteImageIds: jsonb('remote_image_ids').$type<string[]>().notNull().default([]),
    /**
     * The store's values of the fields a push writes, as they were at remote_updated_at (the import's read,
     * then each push's write), so that a push journals its `before` without reading the store again; null
     * where the platform's import does not give them (Shopify), and such a push reads the store instead.
     */
    remoteValues: jsonb('remote_values').$type<StoredValues>(),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('store_products_store_idx').on(t.storeId)],
);

export type PushState = (typeof PUSH_STATES)[number];
export type PushItemStatus = (typeof PUSH_ITEM_STATUSES)[number];
/**
 * A journal row's status: `unread` is `pending` whose `before` came from store_products.remote_values, not
 * from a read of the store; the push's reread checks it as the preview would (view-push shows it pending).
 */
export type JournalStatus = PushItemStatus | 'unread';

/** One push of a run's copy to a store, or the undo of one; carried out by a push-to-store job. */
export const storePushes = pgTable(
  'store_pushes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ownerId: workspaceOwnerId(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    bundleWorkflowId: integer('bundle_workflow_id').notNull(),
    kind: text('kind').$type<(typeof PUSH_KINDS)[number]>().notNull(),
    /** For an undo: the push it takes back. */
    undoOf: integer('undo_of'),
    state: text('state').$type<PushState>().notNull().default('queued'),
    /** The store API version the push spoke (Shopify's pinned version; WooCommerce wc/v3). */
    apiVersion: text('api_version').notNull(),
    error: text('error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('store_pushes_owner_idx').on(t.ownerId)],
);

/**
 * The journal of a push: one row per product field, with the store's value before and ours after, so that
 * the push can be checked before each write and taken back by undo-push.
 */
export const storePushItems = pgTable(
  'store_push_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    pushId: integer('push_id')
      .notNull()
      .references(() => storePushes.id, { onDelete: 'cascade' }),
    bundleWorkflowProductId: integer('bundle_workflow_product_id').notNull(),
    remoteProductId: text('remote_product_id').notNull(),
    remoteVariantId: text('remote_variant_id'),
    /** description, short_description, seo_title, seo_description, handle, or alt_text:<image id>. */
    field: text('field').notNull(),
    before: text('before').notNull(),
    after: text('after').notNull(),
    status: text('status').$type<JournalStatus>().notNull().default('pending'),
    error: text('error'),
    /** The store's id of the redirect this write created (a Shopify handle change). */
    redirectId: text('redirect_id'),
    writtenAt: timestamp('written_at', { withTimezone: true }),
  },
  (t) => [index('store_push_items_push_idx').on(t.pushId, t.id)],
);

export type ImportState = (typeof IMPORT_STATES)[number];
export type ImportMethod = (typeof IMPORT_METHODS)[number];

/**
 * A store's catalogue being imported into a new bundle by an import-store job: the bundle and its run exist
 * from the request on, empty, and are filled in one transaction when the whole catalogue has been read. While
 * queued or running (or failed) no run can start on the bundle.
 */
export const storeImports = pgTable('store_imports', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  ownerId: workspaceOwnerId(),
  bundleId: integer('bundle_id')
    .notNull()
    .unique()
    .references(() => bundles.id, { onDelete: 'cascade' }),
  bundleWorkflowId: integer('bundle_workflow_id').notNull(),
  /** Null once the store is disconnected (an import still queued then fails). */
  storeId: integer('store_id').references(() => stores.id, { onDelete: 'set null' }),
  state: text('state').$type<ImportState>().notNull().default('queued'),
  /** How the catalogue is read: pages of products, or (Shopify, big catalogues) one bulk operation. */
  method: text('method').$type<ImportMethod>(),
  /** Store products read so far (Shopify products, WooCommerce products), and how many the store said it has. */
  productsRead: integer('products_read').notNull().default(0),
  productsTotal: integer('products_total'),
  /** The bundle's products once done (one per variant or variation). */
  products: integer('products'),
  /** The Shopify bulk operation the job started, so that a restarted job waits for it instead of starting another. */
  bulkOperationId: text('bulk_operation_id'),
  error: text('error'),
  createdAt: createdAt(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});
