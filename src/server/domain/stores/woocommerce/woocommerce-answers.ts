// The shapes of WooCommerce's answers, as Zod schemas: each request's body is parsed with one of these
// (wooRequest), never cast, so an answer of another shape is a StoreApiError naming what was wrong rather than
// a crash further on. Fields the app does not read are dropped.
import { z } from 'zod';

const meta = z.object({ key: z.string(), value: z.unknown() });
const image = z.object({ id: z.number(), src: z.string(), alt: z.string() });
const named = z.array(z.object({ name: z.string() }));
const attribute = z.object({
  name: z.string(),
  options: z.array(z.string()).optional(),
  option: z.string().optional(),
  variation: z.boolean().optional(),
  visible: z.boolean().optional(),
});

const itemFields = {
  id: z.number(),
  sku: z.string(),
  regular_price: z.string(),
  sale_price: z.string(),
  description: z.string(),
  global_unique_id: z.string().optional(),
  stock_status: z.string(),
  date_modified_gmt: z.string(),
  brands: named.optional(),
  attributes: z.array(attribute),
  meta_data: z.array(meta),
};

export const wooProduct = z.object({
  ...itemFields,
  name: z.string(),
  slug: z.string(),
  type: z.string(),
  status: z.string(),
  short_description: z.string(),
  categories: named,
  tags: named,
  images: z.array(image),
});
export const wooVariation = z.object({ ...itemFields, image: image.nullable() });

/** What a push compares: a product's (or, without slug, a variation's) live copy. */
export const wooLive = z.object({
  id: z.number(),
  slug: z.string().optional(),
  description: z.string(),
  short_description: z.string().optional(),
  date_modified_gmt: z.string(),
  images: z.array(z.object({ id: z.number(), alt: z.string() })).optional(),
  meta_data: z.array(meta),
});

/** Each updated item comes back whole, as the product or variation now is (its date_modified_gmt included). */
export const batchAnswer = z.object({
  update: z
    .array(
      z.object({
        id: z.number(),
        error: z.object({ message: z.string() }).optional(),
        date_modified_gmt: z.string().optional(),
      }),
    )
    .optional(),
});

/** The REST index (/wp-json/?_fields=namespaces): every active plugin's namespace (woocommerce-seo.ts). */
export const wpIndex = z.object({ namespaces: z.array(z.string()) });

/** An error answer: WooCommerce's own carry a code; anything else is not its API. Each field on its own. */
export const wooError = z.object({
  code: z.string().optional().catch(undefined),
  message: z.string().optional().catch(undefined),
});
