// A Shopify store's catalogue read through the Admin GraphQL API. Up to SHOPIFY_BULK_THRESHOLD
// products (productsCount) it is read by pages: pages of 10 products keep each query under Shopify's
// 1,000-point limit (10 × (10 variants + 10 images) ≈ 760 points); a product with more variants or images than
// the first page holds is read on. A bigger catalogue is read with one bulk operation (shopify-bulk.ts).
import type { z } from 'zod';
import type { PullOptions } from '../pulled-catalogue';
import { tooManyProducts } from '../pulled-catalogue';
import { StoreApiError } from '../store-api-error';
import {
  moreMediaAnswer,
  moreVariantsAnswer,
  type PagedProduct,
  productsCountAnswer,
  productsPageAnswer,
} from './shopify-answers';
import { type ShopifyConnection, shopifyGraphql } from './shopify-api';
import { MORE_MEDIA, MORE_VARIANTS, PRODUCTS_COUNT, PRODUCTS_PAGE } from './shopify-documents';
import { recordsOf, type ShopifyProduct } from './shopify-rows';

type Product = PagedProduct;
type ProductsPage = z.infer<typeof productsPageAnswer>;

/** How many products the store holds: exact (limit: null lifts the default cap of 10,000). */
export async function countShopifyProducts(
  connection: ShopifyConnection,
  signal?: AbortSignal,
): Promise<number> {
  const data = await shopifyGraphql(connection, PRODUCTS_COUNT, productsCountAnswer, {}, signal);
  return data.productsCount?.count ?? 0;
}

/** Reads the whole catalogue page by page; refuses past `maxProducts` records. */
export async function readShopifyPages(
  connection: ShopifyConnection,
  options: PullOptions,
): Promise<ShopifyProduct[]> {
  const { signal } = options;
  const products: ShopifyProduct[] = [];
  let records = 0;
  for (let after: string | null = null; ; ) {
    const data: ProductsPage = await shopifyGraphql(
      connection,
      PRODUCTS_PAGE,
      productsPageAnswer,
      { after },
      signal,
    );
    for (const product of data.products.nodes) {
      const variants = await readVariants(connection, product, signal);
      const media = (await readMedia(connection, product, signal)).flatMap((item) =>
        item.id && item.image?.url ? [{ id: item.id, alt: item.alt ?? null, url: item.image.url }] : [],
      );
      const urlOfMedia = new Map(media.map((item) => [item.id, item.url]));
      const read: ShopifyProduct = {
        ...product,
        variants: variants.map(({ media: variantMedia, ...variant }) => ({
          ...variant,
          imageUrl: urlOfMedia.get(variantMedia.nodes[0]?.id ?? '') ?? '',
        })),
        media,
      };
      products.push(read);
      records += recordsOf(read);
      if (records > options.maxProducts) throw new StoreApiError('api', tooManyProducts(options.maxProducts));
    }
    await options.onProgress?.(products.length);
    if (!data.products.pageInfo.hasNextPage) return products;
    after = data.products.pageInfo.endCursor;
  }
}

/** The rest of a product's variants, past the first page. */
async function readVariants(connection: ShopifyConnection, product: Product, signal?: AbortSignal) {
  const nodes = [...product.variants.nodes];
  for (let info = product.variants.pageInfo; info.hasNextPage; ) {
    const variables = { id: product.id, after: info.endCursor };
    const data = await shopifyGraphql(connection, MORE_VARIANTS, moreVariantsAnswer, variables, signal);
    if (!data.product) break;
    nodes.push(...data.product.variants.nodes);
    info = data.product.variants.pageInfo;
  }
  return nodes;
}

/** The rest of a product's media, past the first page. */
async function readMedia(connection: ShopifyConnection, product: Product, signal?: AbortSignal) {
  const nodes = [...product.media.nodes];
  for (let info = product.media.pageInfo; info.hasNextPage; ) {
    const variables = { id: product.id, after: info.endCursor };
    const data = await shopifyGraphql(connection, MORE_MEDIA, moreMediaAnswer, variables, signal);
    if (!data.product) break;
    nodes.push(...data.product.media.nodes);
    info = data.product.media.pageInfo;
  }
  return nodes;
}
