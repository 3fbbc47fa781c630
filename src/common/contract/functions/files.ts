// The contract's functions that answer with files: compressed images and the export formats.
import { z } from 'zod';
import { BUNDLE_LIMITS } from '../constants';
import { currencyCode, id } from './schema-parts';

/** How the Merchant Center supplemental feed names items: the ids of the store's main feed. */
export const MERCHANT_ID_SCHEMES = ['shopify', 'woocommerce', 'sku', 'from_feed'] as const;

/**
 * The Merchant Center conversational attributes the supplemental feed may carry: item_group_title (the
 * product's title, no variant values) and question_and_answer (its questions and answers, where it has some).
 */
/** Columns the supplemental feed may add: the conversational ones, and a variant's size and color by its options. */
export const MERCHANT_ATTRIBUTES = ['item_group_title', 'question_and_answer', 'size', 'color'] as const;

export const EXPORT_FORMATS = [
  'csv',
  'json',
  'shopify',
  'shopify-translations',
  'woocommerce',
  'merchant',
  'redirects',
  'woocommerce-redirects',
  'jsonld',
  'agent-feed',
] as const;
export type ExportFileFormat = (typeof EXPORT_FORMATS)[number];

/**
 * The media type each format's file answers with (its Content-Type, less the charset): the API document
 * declares these, and tests/integration/openapi-answers.test.ts holds every format's real answer to them.
 */
export const EXPORT_MEDIA_TYPES = {
  csv: 'text/csv',
  json: 'application/json',
  shopify: 'text/csv',
  'shopify-translations': 'text/csv',
  woocommerce: 'text/csv',
  merchant: 'application/zip',
  redirects: 'text/csv',
  'woocommerce-redirects': 'text/csv',
  jsonld: 'application/ld+json',
  'agent-feed': 'application/zip',
} as const satisfies Record<ExportFileFormat, string>;

/** An absolute http(s) address: the agent feed's links and URLs must be URIs an agent can open. */
const webAddress = (name: string) =>
  z
    .string()
    .trim()
    .max(2_000, `${name} must be at most 2,000 characters`)
    .refine((text) => /^https?:\/\/[^\s/?#]+/i.test(text) && URL.canParse(text), {
      message: `${name} must be a full http(s) address, such as https://shop.example/policies/refunds`,
    });

/**
 * agent-feed: the seller of every variant, which the store files do not hold. name and store_url default to a
 * connected store's; name and the three policies are needed (a 400 names the one missing).
 */
export const agentFeedSellerSchema = z.object({
  name: z.string().trim().min(1, 'seller.name must not be empty').max(200).optional(),
  /** The shop's address: a product with only a handle or a path gets its page under it. */
  store_url: webAddress('seller.store_url').optional(),
  privacy_policy_url: webAddress('seller.privacy_policy_url').optional(),
  terms_of_service_url: webAddress('seller.terms_of_service_url').optional(),
  refund_policy_url: webAddress('seller.refund_policy_url').optional(),
  shipping_policy_url: webAddress('seller.shipping_policy_url').optional(),
});
export type AgentFeedSeller = z.infer<typeof agentFeedSellerSchema>;

export const fileFunctions = {
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
  'export-bundle': {
    request: z
      .object({
        bundle_workflow_id: id,
        format: z.enum(EXPORT_FORMATS),
        /** Only the products whose review state is approved (set-product-review). */
        only_approved: z.boolean().optional(),
        /**
         * merchant: the scheme of the main feed's ids. shopify: shopify_{COUNTRY}_{product id}_{variant id} (needs
         * the store's numeric ids); woocommerce: the product or variation ID, after merchant_id_prefix; sku; or
         * from_feed: read from main_feed. Without one, from_feed when main_feed is given, else sku.
         */
        merchant_id_scheme: z.enum(MERCHANT_ID_SCHEMES).optional(),
        /** merchant: the conversational attributes to add as columns, each once (MERCHANT_ATTRIBUTES). */
        merchant_attributes: z
          .array(z.enum(MERCHANT_ATTRIBUTES))
          .max(MERCHANT_ATTRIBUTES.length)
          .refine((list) => new Set(list).size === list.length, 'merchant_attributes must name each once')
          .optional(),
        /** woocommerce scheme: text before each ID (e.g. gla_); shopify scheme: the country (e.g. US). */
        merchant_id_prefix: z
          .string()
          .max(20, 'merchant_id_prefix must be at most 20 characters')
          .regex(/^[A-Za-z0-9_-]*$/, 'merchant_id_prefix may hold only letters, digits, _ and -')
          .optional(),
        /** from_feed: the main feed, a Merchant Center products export in TSV, CSV or XML. */
        main_feed: z
          .object({ text: z.string().min(1, 'main_feed.text must not be empty').max(20_000_000) })
          .optional(),
        /**
         * jsonld and agent-feed: the currency of the prices where the file names none (ISO 4217); kept on a bundle that had
         * none. Without it, a run with prices and no currency known answers 400 naming `currency`.
         */
        currency: currencyCode.optional(),
        /** agent-feed: the seller of the products (agentFeedSellerSchema). */
        seller: agentFeedSellerSchema.optional(),
        /** agent-feed: the feed's market, ISO 3166-1 alpha-2 (metadata.json's target_country). */
        target_country: z
          .string()
          .trim()
          .toUpperCase()
          .regex(/^[A-Z]{2}$/, 'target_country must be an ISO 3166-1 code of two letters, such as US')
          .optional(),
        /** redirects for WooCommerce (the Redirection plugin's CSV): the product base, /product/ unless given. */
        product_base: z
          .string()
          .max(100)
          .regex(
            /^\/?[A-Za-z0-9_~%-][A-Za-z0-9_~.%-]*(\/[A-Za-z0-9_~%-][A-Za-z0-9_~.%-]*)*\/?$/,
            'product_base must be a path such as /product/',
          )
          .optional(),
      })
      .superRefine((body, ctx) => {
        if (body.merchant_id_scheme === 'from_feed' && !body.main_feed)
          ctx.addIssue({
            code: 'custom',
            path: ['main_feed'],
            message: 'main_feed is needed with merchant_id_scheme from_feed',
          });
      }),
    /**
     * A file, streamed with its own Content-Type and a Content-Disposition filename naming the bundle; asked
     * for, like every binary answer, with X-Response-Format: Uint8Array.
     */
    response: z.instanceof(Uint8Array),
  },
  'check-export': {
    request: z.object({ bundle_workflow_id: id }),
    response: z.object({
      /** The currency jsonld and agent-feed use where a price names none (the bundle's or a connected store's). */
      currency: z.string().nullable(),
      /** Products have prices and no currency is known: jsonld and agent-feed answer 400 without `currency`. */
      currency_needed: z.boolean(),
      merchant: z.object({
        /** The supplemental feed's items: each sellable product or variant. */
        items: z.number().int(),
        /** Items with no SKU, GTIN (barcode) or MPN. */
        without_identifiers: z.number().int(),
        /** What to tell the user before the feed downloads; null when every item has an identifier. */
        warning: z.string().nullable(),
      }),
    }),
  },
} as const;
