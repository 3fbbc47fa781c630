// A Shopify store's catalogue read through the Admin GraphQL API. Up to SHOPIFY_BULK_THRESHOLD
// products (productsCount) it is read by pages: pages of 10 products keep each query under Shopify's
// 1,000-point limit (10 × (10 variants + 10 images) ≈ 760 points); a product with more variants or images than
// the first page holds is read on. A bigger catalogue is read with one bulk operation (shopify-bulk.ts).
import type { PullOptions } from '../pulled-catalogue';
import { tooManyProducts } from '../pulled-catalogue';
import { StoreApiError } from '../store-api-error';
import { type ShopifyConnection, shopifyGraphql } from './shopify-api';
import { MORE_MEDIA, MORE_VARIANTS, PRODUCTS_COUNT, PRODUCTS_PAGE } from './shopify-documents';
import { recordsOf, type ShopifyProduct } from './shopify-rows';

type Page<T> = { nodes: T[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } };
type Variant = {
  id: string;
  sku: string | null;
  barcode: string | null;
  price: string;
  selectedOptions: { name: string; value: string }[];
  media: { nodes: { id: string }[] };
};
type Media = { id?: string; alt: string | null; image?: { url: string } | null };
type Product = Omit<ShopifyProduct, 'variants' | 'media'> & { variants: Page<Variant>; media: Page<Media> };

/** How many products the store holds: exact (limit: null lifts the default cap of 10,000). */
export async function countShopifyProducts(
  connection: ShopifyConnection,
  signal?: AbortSignal,
): Promise<number> {
  const data = await shopifyGraphql<{ productsCount: { count: number } | null }>(
    connection,
    PRODUCTS_COUNT,
    {},
    signal,
  );
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
    const data: { products: Page<Product> } = await shopifyGraphql(
      connection,
      PRODUCTS_PAGE,
      { after },
      signal,
    );
    for (const product of data.products.nodes) {
      const variants = await readAll(connection, product, 'variants', signal);
      const media = (await readAll(connection, product, 'media', signal)).flatMap((item) =>
        item.id && item.image?.url ? [{ id: item.id, alt: item.alt, url: item.image.url }] : [],
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

/** The query that reads the rest of a product's variants or media, past the first page. */
const MORE_OF = { variants: MORE_VARIANTS, media: MORE_MEDIA } as const;

async function readAll<K extends 'variants' | 'media'>(
  connection: ShopifyConnection,
  product: Product,
  key: K,
  signal?: AbortSignal,
): Promise<Product[K]['nodes']> {
  const nodes = [...product[key].nodes] as Product[K]['nodes'];
  let info = product[key].pageInfo;
  while (info.hasNextPage) {
    const data: { product: Pick<Product, K> | null } = await shopifyGraphql(
      connection,
      MORE_OF[key],
      { id: product.id, after: info.endCursor },
      signal,
    );
    if (!data.product) break;
    nodes.push(...(data.product[key].nodes as never[]));
    info = data.product[key].pageInfo;
  }
  return nodes;
}
