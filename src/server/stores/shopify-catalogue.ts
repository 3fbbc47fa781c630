// A Shopify store's catalogue read through the Admin GraphQL API (issue 24), written out as the store's own
// product export (Shopify's CSV columns) so that import-store makes exactly the bundle an export would: the
// same mapper, variants, options and store copy. Pages of 10 products keep each query under Shopify's
// 1,000-point limit (10 × (10 variants + 10 images) ≈ 760 points); a product with more variants or images than the first page holds is read on.

import type { PulledCatalogue, PulledRecord } from './pulled-catalogue';
import { type ShopifyConnection, shopifyGraphql } from './shopify-api';
import { StoreApiError } from './store-api-error';

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
type Product = {
  id: string;
  handle: string;
  title: string;
  descriptionHtml: string;
  vendor: string;
  productType: string;
  tags: string[];
  status: string;
  updatedAt: string;
  seo: { title: string | null; description: string | null };
  variants: Page<Variant>;
  media: Page<Media>;
};

const VARIANT_FIELDS = 'id sku barcode price selectedOptions { name value } media(first: 1) { nodes { id } }';
const MEDIA_FIELDS = '... on MediaImage { id alt image { url } }';

const PRODUCTS_QUERY = `query Products($after: String) {
  products(first: 10, after: $after) {
    pageInfo { hasNextPage endCursor }
    nodes {
      id handle title descriptionHtml vendor productType tags status updatedAt
      seo { title description }
      variants(first: 10) { pageInfo { hasNextPage endCursor } nodes { ${VARIANT_FIELDS} } }
      media(first: 10) { pageInfo { hasNextPage endCursor } nodes { ${MEDIA_FIELDS} } }
    }
  }
}`;

const MORE_VARIANTS_QUERY = `query MoreVariants($id: ID!, $after: String) {
  product(id: $id) { variants(first: 100, after: $after) { pageInfo { hasNextPage endCursor } nodes { ${VARIANT_FIELDS} } } }
}`;

const MORE_MEDIA_QUERY = `query MoreMedia($id: ID!, $after: String) {
  product(id: $id) { media(first: 100, after: $after) { pageInfo { hasNextPage endCursor } nodes { ${MEDIA_FIELDS} } } }
}`;

/** Shopify's product CSV columns (the 2023 template) that the import reads. */
const HEADER = [
  'Handle',
  'Title',
  'Body (HTML)',
  'Vendor',
  'Type',
  'Tags',
  'Published',
  'Option1 Name',
  'Option1 Value',
  'Option2 Name',
  'Option2 Value',
  'Option3 Name',
  'Option3 Value',
  'Variant SKU',
  'Variant Price',
  'Variant Barcode',
  'Image Src',
  'Image Position',
  'Image Alt Text',
  'Variant Image',
  'SEO Title',
  'SEO Description',
  'Status',
];

/** Reads the whole catalogue; refuses (bad_input upstream) past `maxProducts` records. */
export async function pullShopifyCatalogue(
  connection: ShopifyConnection,
  maxProducts: number,
  signal?: AbortSignal,
): Promise<PulledCatalogue> {
  const rows: string[][] = [HEADER];
  const records: PulledRecord[] = [];
  const imageIdByUrl = new Map<string, string>();
  for (let after: string | null = null; ; ) {
    const data: { products: Page<Product> } = await shopifyGraphql(
      connection,
      PRODUCTS_QUERY,
      { after },
      signal,
    );
    for (const product of data.products.nodes) {
      const variants = await readAll(connection, product, 'variants', MORE_VARIANTS_QUERY, signal);
      const media = (await readAll(connection, product, 'media', MORE_MEDIA_QUERY, signal)).filter(
        (item): item is Required<Media> & { image: { url: string } } => Boolean(item.id && item.image?.url),
      );
      for (const item of media) imageIdByUrl.set(item.image.url, item.id);
      writeProductRows(rows, product, variants, media);
      for (const variant of variants) {
        records.push({
          remoteProductId: product.id,
          remoteVariantId: variant.id,
          remoteUpdatedAt: product.updatedAt,
        });
      }
      if (records.length > maxProducts) {
        throw new StoreApiError(
          'api',
          `The store holds more than ${maxProducts} products and variants, the limit of a bundle.`,
        );
      }
    }
    if (!data.products.pageInfo.hasNextPage) break;
    after = data.products.pageInfo.endCursor;
  }
  return { format: 'shopify', rows, records, imageIdByUrl, altTextsByRecord: new Map() };
}

async function readAll<K extends 'variants' | 'media'>(
  connection: ShopifyConnection,
  product: Product,
  key: K,
  query: string,
  signal?: AbortSignal,
): Promise<Product[K]['nodes']> {
  const nodes = [...product[key].nodes] as Product[K]['nodes'];
  let info = product[key].pageInfo;
  while (info.hasNextPage) {
    const data: { product: Pick<Product, K> | null } = await shopifyGraphql(
      connection,
      query,
      { id: product.id, after: info.endCursor },
      signal,
    );
    if (!data.product) break;
    nodes.push(...(data.product[key].nodes as never[]));
    info = data.product[key].pageInfo;
  }
  return nodes;
}

/**
 * A product's rows as Shopify exports them: the first row carries the product and its first variant, each
 * other variant a row of its own, and the images fill the Image columns row by row (image-only rows after).
 */
function writeProductRows(
  rows: string[][],
  product: Product,
  variants: Variant[],
  media: { id: string; alt: string | null; image: { url: string } }[],
): void {
  const urlOfMedia = new Map(media.map((item) => [item.id, item.image.url]));
  const count = Math.max(variants.length, media.length, 1);
  for (let index = 0; index < count; index++) {
    const variant = variants[index];
    const image = media[index];
    const isFirst = index === 0;
    const options = variant?.selectedOptions ?? [];
    const row: Record<string, string> = {
      Handle: product.handle,
      ...(isFirst
        ? {
            Title: product.title,
            'Body (HTML)': product.descriptionHtml,
            Vendor: product.vendor,
            Type: product.productType,
            Tags: product.tags.join(', '),
            Published: product.status === 'ACTIVE' ? 'TRUE' : 'FALSE',
            'SEO Title': product.seo.title ?? '',
            'SEO Description': product.seo.description ?? '',
            Status: product.status.toLowerCase(),
          }
        : {}),
      ...(variant
        ? {
            'Variant SKU': variant.sku ?? '',
            'Variant Price': variant.price,
            'Variant Barcode': variant.barcode ?? '',
            'Variant Image': urlOfMedia.get(variant.media.nodes[0]?.id ?? '') ?? '',
          }
        : {}),
      ...(image
        ? {
            'Image Src': image.image.url,
            'Image Position': String(index + 1),
            'Image Alt Text': image.alt ?? '',
          }
        : {}),
    };
    options.slice(0, 3).forEach((option, slot) => {
      if (isFirst) row[`Option${slot + 1} Name`] = option.name;
      row[`Option${slot + 1} Value`] = option.value;
    });
    rows.push(HEADER.map((column) => row[column] ?? ''));
  }
}
