// The shapes of Shopify's answers, as Zod schemas: each call's `data` is parsed with one of these
// (shopifyGraphql), never cast, so an answer of another shape is a StoreApiError naming what was wrong rather
// than a crash further on. Nullable where Shopify's schema says so; fields the app does not read are dropped.
import { z } from 'zod';

const pageInfo = z.object({ hasNextPage: z.boolean(), endCursor: z.string().nullable() });
const page = <T extends z.ZodType>(node: T) => z.object({ nodes: z.array(node), pageInfo });

export const userErrors = z.array(
  z.object({ field: z.array(z.string()).nullable().optional(), message: z.string() }),
);

const accessScopes = z.object({ accessScopes: z.array(z.object({ handle: z.string() })) });
export const accessScopesAnswer = z.object({ currentAppInstallation: accessScopes });
export const shopAndScopesAnswer = z.object({
  shop: z.object({ name: z.string(), currencyCode: z.string().nullable().optional() }),
  currentAppInstallation: accessScopes,
});

export const productsCountAnswer = z.object({ productsCount: z.object({ count: z.number() }).nullable() });

const seo = z.object({ title: z.string().nullable(), description: z.string().nullable() });

/** A product's own fields, as both the paged and the bulk query read them. */
export const productFields = z.object({
  id: z.string(),
  handle: z.string(),
  title: z.string(),
  descriptionHtml: z.string(),
  vendor: z.string(),
  productType: z.string(),
  tags: z.array(z.string()),
  status: z.string(),
  updatedAt: z.string(),
  seo,
});

const selectedOptions = z.array(z.object({ name: z.string(), value: z.string() }));
const variantFields = {
  id: z.string(),
  sku: z.string().nullable(),
  barcode: z.string().nullable(),
  price: z.union([z.string(), z.number()]).transform(String),
  selectedOptions,
};
const pagedVariant = z.object({
  ...variantFields,
  media: z.object({ nodes: z.array(z.object({ id: z.string() })) }),
});
/** A media node; not a MediaImage, it has none of these fields. */
const pagedMedia = z.object({
  id: z.string().optional(),
  alt: z.string().nullable().optional(),
  image: z.object({ url: z.string() }).nullable().optional(),
});

export const pagedProduct = productFields.extend({ variants: page(pagedVariant), media: page(pagedMedia) });
export type PagedProduct = z.infer<typeof pagedProduct>;
export const productsPageAnswer = z.object({ products: page(pagedProduct) });
export const moreVariantsAnswer = z.object({
  product: z.object({ variants: page(pagedVariant) }).nullable(),
});
export const moreMediaAnswer = z.object({ product: z.object({ media: page(pagedMedia) }).nullable() });

/** A bulk result's lines: a product, or a child (variant, media image) that names its parent. */
export const bulkLine = z.looseObject({ id: z.string().optional(), __parentId: z.string().optional() });
export const bulkVariant = z.object({
  ...variantFields,
  sku: variantFields.sku.optional().transform((value) => value ?? null),
  barcode: variantFields.barcode.optional().transform((value) => value ?? null),
  price: z
    .union([z.string(), z.number()])
    .optional()
    .transform((value) => String(value ?? '')),
  selectedOptions: selectedOptions.optional().transform((value) => value ?? []),
  image: z.object({ url: z.string().optional() }).nullable().optional(),
});
export const bulkMedia = z.object({
  id: z.string(),
  alt: z.string().nullable().optional(),
  image: z.object({ url: z.string().optional() }).nullable().optional(),
});

const bulkOperation = z.object({
  id: z.string(),
  status: z.enum(['CREATED', 'RUNNING', 'COMPLETED', 'CANCELING', 'CANCELED', 'FAILED', 'EXPIRED']),
  errorCode: z.string().nullable(),
  objectCount: z.union([z.string(), z.number()]).transform(String),
  rootObjectCount: z.union([z.string(), z.number()]).transform(String),
  url: z.string().nullable(),
});
export type BulkOperation = z.infer<typeof bulkOperation>;
/** node(id:) answers {} for an id that is not a BulkOperation. */
export const bulkOperationAnswer = z.object({
  node: z.union([bulkOperation, z.object({ id: z.undefined().optional() })]).nullable(),
});
export const currentBulkOperationAnswer = z.object({
  currentBulkOperation: z.object({ status: z.string() }).nullable(),
});
export const runBulkQueryAnswer = z.object({
  bulkOperationRunQuery: z.object({
    bulkOperation: bulkOperation.pick({ id: true, status: true }).nullable(),
    userErrors: z.array(
      z.object({
        field: z.array(z.string()).nullable().optional(),
        message: z.string(),
        code: z.string().nullable().optional(),
      }),
    ),
  }),
});

const liveProduct = z.object({
  id: z.string(),
  handle: z.string(),
  updatedAt: z.string(),
  descriptionHtml: z.string().nullable(),
  seo,
  media: z.object({
    nodes: z.array(z.object({ id: z.string().optional(), alt: z.string().nullable().optional() })),
  }),
});
/** `nodes` answers null for an id that is gone. */
export const liveProductsAnswer = z.object({ nodes: z.array(liveProduct.nullable()) });

export const productUpdateAnswer = z.object({
  productUpdate: z.object({ product: z.object({ updatedAt: z.string() }).nullable(), userErrors }),
});
export const fileUpdateAnswer = z.object({ fileUpdate: z.object({ userErrors }) });
export const redirectsAnswer = z.object({
  urlRedirects: z.object({ nodes: z.array(z.object({ id: z.string(), path: z.string() })) }),
});
export const deleteRedirectAnswer = z.object({ urlRedirectDelete: z.object({ userErrors }) });

const translatableResource = <T extends z.ZodRawShape>(shape: T) =>
  z.object({ translatableResource: z.object(shape).nullable() });
export const productTranslationsAnswer = translatableResource({
  translatableContent: z.array(
    z.object({ key: z.string(), value: z.string().nullable(), digest: z.string().nullable() }),
  ),
  translations: z.array(z.object({ key: z.string(), value: z.string().nullable(), locale: z.string() })),
});
export const translatableDigestsAnswer = translatableResource({
  translatableContent: z.array(z.object({ key: z.string(), digest: z.string().nullable() })),
});
const translationErrors = z.object({ userErrors });
export const registerTranslationsAnswer = z.object({ translationsRegister: translationErrors.nullable() });
export const removeTranslationsAnswer = z.object({ translationsRemove: translationErrors.nullable() });
