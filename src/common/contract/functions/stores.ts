// The contract's connected-store functions: connect a Shopify or WooCommerce store, list and
// disconnect them, and import a store's catalogue into a new bundle.
import { z } from 'zod';
import { customFieldsSchema } from '../entities';
import { languageTag } from '../language';
import { bundleName, id, noBody } from './schema-parts';

export const STORE_PLATFORMS = ['shopify', 'woocommerce'] as const;

/** A connected store as its owner sees it; its credentials are never part of an answer. */
export const storeSchema = z.object({
  id,
  platform: z.enum(STORE_PLATFORMS),
  store_url: z.string(),
  name: z.string(),
  /** ISO 8601. */
  connected_at: z.string(),
  /**
   * Set when the store's last answer came with another API version than Copyloom asks for (Shopify's
   * X-Shopify-API-Version: a version Shopify no longer supports is answered with a newer one); null otherwise.
   */
  api_version: z.object({ asked: z.string(), answered: z.string() }).nullable(),
});
export type StoreView = z.infer<typeof storeSchema>;

/** The copy a push can write: the body, the SEO title and description, alt texts, WooCommerce's short
 * description, the handle (slug) only when asked to, and, only when asked to, the run's further languages
 * (`translations`: heading, body, SEO title and description in each, where the store keeps translations). */
export const PUSH_FIELDS = [
  'description',
  'short_description',
  'seo_title',
  'seo_description',
  'alt_texts',
  'handle',
  'translations',
] as const;
export type PushField = (typeof PUSH_FIELDS)[number];

/** Why a change will not be pushed. */
export const PUSH_CONFLICTS = ['changed_in_store', 'deleted_in_store', 'already_ours'] as const;

export const pushChangeSchema = z.object({
  bundle_workflow_product_id: id,
  /**
   * A PushField, alt_text:<the store's image id> for one image's alt text, or translation:<language>:<field>
   * for one field of a further language (heading, description, seo_title, seo_description).
   */
  field: z.string(),
  /** The store's value now. */
  before: z.string(),
  /** Ours. */
  after: z.string(),
  conflict: z.enum(PUSH_CONFLICTS).nullable(),
});

export const PUSH_KINDS = ['push', 'undo'] as const;
export const PUSH_STATES = ['queued', 'running', 'done', 'failed'] as const;
export const PUSH_ITEM_STATUSES = ['pending', 'written', 'skipped', 'failed'] as const;
export const IMPORT_STATES = ['queued', 'running', 'done', 'failed'] as const;
/** pages, or bulk (a Shopify bulk operation, for catalogues over SHOPIFY_BULK_THRESHOLD products). */
export const IMPORT_METHODS = ['pages', 'bulk'] as const;

/**
 * A bundle's import from a store (import-store), as view-bundle-workflow shows it: queued, then running with
 * the store products read so far (of products_total when the store said), then done with the bundle's products
 * (one per variant), or failed with the reason. While it is not done, no run can start on the bundle.
 */
export const storeImportSchema = z.object({
  state: z.enum(IMPORT_STATES),
  method: z.enum(IMPORT_METHODS).nullable(),
  products_read: z.number(),
  products_total: z.number().nullable(),
  /** The bundle's products once done. */
  products: z.number().nullable(),
  error: z.string().nullable(),
});
export type StoreImportView = z.infer<typeof storeImportSchema>;

const pushRequest = z.object({
  bundle_workflow_id: id,
  store_id: id,
  /** Only products whose review is approved (default true). */
  only_approved: z.boolean().optional(),
  fields: z.array(z.enum(PUSH_FIELDS)).min(1).max(PUSH_FIELDS.length).optional(),
  /** Write the URL suggestion as the product's handle (slug); Shopify keeps a redirect from the old one. */
  write_handles: z.boolean().optional(),
});

const secret = (what: string) =>
  z.string().trim().min(1, `${what} needs a value`).max(500, `${what} is at most 500 characters`);

export const storeFunctions = {
  'connect-store': {
    request: z
      .object({
        platform: z.enum(STORE_PLATFORMS, { error: 'platform is shopify or woocommerce' }),
        store_url: z.string().trim().min(1, 'store_url needs the store’s address').max(500),
        name: z.string().trim().min(1).max(100).optional(),
        /** Shopify: the Admin API access token (shpat_…). */
        access_token: secret('access_token').optional(),
        /** WooCommerce: a REST API key with Read/Write permission. */
        consumer_key: secret('consumer_key').optional(),
        consumer_secret: secret('consumer_secret').optional(),
      })
      .superRefine((body, ctx) => {
        if (body.platform === 'shopify' && !body.access_token) {
          ctx.addIssue({
            code: 'custom',
            path: ['access_token'],
            message: 'A Shopify store needs access_token.',
          });
        }
        if (body.platform === 'woocommerce' && (!body.consumer_key || !body.consumer_secret)) {
          ctx.addIssue({
            code: 'custom',
            path: [body.consumer_key ? 'consumer_secret' : 'consumer_key'],
            message: 'A WooCommerce store needs consumer_key and consumer_secret.',
          });
        }
      }),
    response: z.object({ store: storeSchema }),
  },
  'list-stores': {
    request: noBody,
    response: z.object({ stores: z.array(storeSchema) }),
  },
  'disconnect-store': {
    request: z.object({ store_id: id }),
    response: z.object({ disconnected: z.literal(true) }),
  },
  'import-store': {
    request: z.object({
      store_id: id,
      bundle_name: bundleName,
      workflow_id: id.optional(),
      custom_fields: customFieldsSchema.optional(),
      /** Keep the store's existing SEO title, description and alt texts; write only where it has none. */
      fill_empty_only: z.boolean().optional(),
      /** The catalogue's language (BCP 47); without it, detected from the products once they are read. */
      language: languageTag.optional(),
    }),
    /** The bundle and its run exist at once; an import-store job fills them (watch store_import in view-bundle-workflow). */
    response: z.object({ bundle_id: id, workflow_id: id, bundle_workflow_id: id }),
  },
  'preview-push': {
    request: pushRequest,
    /** Conflicts first, then by product; notes name what the store cannot take (no SEO plugin). */
    response: z.object({ changes: z.array(pushChangeSchema), notes: z.array(z.string()) }),
  },
  'push-to-store': {
    request: pushRequest,
    response: z.object({ push_id: id }),
  },
  'view-push': {
    request: z.object({ push_id: id }),
    response: z.object({
      push_id: id,
      kind: z.enum(PUSH_KINDS),
      state: z.enum(PUSH_STATES),
      /** Why the whole push failed (a store that refused it, or asked us to wait too long); null otherwise. */
      error: z.string().nullable(),
      done: z.number(),
      failed: z.number(),
      skipped: z.number(),
      results: z.array(
        z.object({
          bundle_workflow_product_id: id,
          field: z.string(),
          status: z.enum(PUSH_ITEM_STATUSES),
          error: z.string().nullable(),
        }),
      ),
    }),
  },
  'undo-push': {
    request: z.object({ push_id: id }),
    /** The undo is itself a push, watched with view-push. */
    response: z.object({ push_id: id }),
  },
} as const;
