// A WooCommerce store's catalogue read through REST v3 (issue 24): products in pages of 100, and each
// variable product's variations in pages of 100, written out as WooCommerce's own product CSV export so that
// import-store makes exactly the bundle that export would. The SEO title and description come from the
// plugin the store uses (Yoast or Rank Math meta_data keys).

import {
  type PulledCatalogue,
  type PulledRecord,
  type PullOptions,
  tooManyProducts,
} from './pulled-catalogue';
import { StoreApiError } from './store-api-error';
import { type WooConnection, wooRequest } from './woocommerce-api';

type WooImage = { id: number; src: string; alt: string };
type WooMeta = { key: string; value: unknown };
type WooAttribute = {
  name: string;
  options?: string[];
  option?: string;
  variation?: boolean;
  visible?: boolean;
};
type WooProduct = {
  id: number;
  name: string;
  slug: string;
  type: string;
  status: string;
  sku: string;
  regular_price: string;
  sale_price: string;
  description: string;
  short_description: string;
  global_unique_id?: string;
  stock_status: string;
  date_modified_gmt: string;
  categories: { name: string }[];
  tags: { name: string }[];
  brands?: { name: string }[];
  images: WooImage[];
  attributes: WooAttribute[];
  meta_data: WooMeta[];
};
type WooVariation = Omit<
  WooProduct,
  'name' | 'slug' | 'type' | 'images' | 'categories' | 'tags' | 'short_description'
> & {
  image: WooImage | null;
};

/** The SEO plugins' meta keys (Yoast, Rank Math), as their own CSV columns name them. */
export const SEO_META_KEYS = {
  yoast: { title: '_yoast_wpseo_title', description: '_yoast_wpseo_metadesc' },
  rank_math: { title: 'rank_math_title', description: 'rank_math_description' },
} as const;

const PER_PAGE = 100;

/**
 * Reads the whole catalogue, a page of products and then their variations at a time (progress after each);
 * refuses past `maxProducts` products and variations.
 */
export async function pullWooCommerceCatalogue(
  connection: WooConnection,
  options: PullOptions,
): Promise<PulledCatalogue> {
  const { maxProducts, signal } = options;
  const products: WooProduct[] = [];
  const entries: { product: WooProduct; variations: WooVariation[] }[] = [];
  let count = 0;
  for (let page = 1; ; page++) {
    const answer = await readPage<WooProduct>(connection, '/products', page, signal);
    for (const product of answer.items) {
      const variations =
        product.type === 'variable'
          ? await readPages<WooVariation>(
              connection,
              `/products/${product.id}/variations`,
              maxProducts,
              signal,
            )
          : [];
      count += 1 + variations.length;
      if (count > maxProducts) throw tooMany(maxProducts);
      products.push(product);
      entries.push({ product, variations });
    }
    await options.onProgress?.(products.length);
    if (answer.isLast) break;
  }
  const plugin = products.some((p) => p.meta_data.some((m) => m.key.startsWith('rank_math_')))
    ? 'rank_math'
    : 'yoast';
  const keys = SEO_META_KEYS[plugin];
  const attributeSlots = Math.max(1, ...products.map((p) => p.attributes.length));
  const header = [
    'ID',
    'Type',
    'SKU',
    'GTIN, UPC, EAN, or ISBN',
    'Name',
    'Published',
    'Short description',
    'Description',
    'In stock?',
    'Sale price',
    'Regular price',
    'Categories',
    'Tags',
    'Brands',
    'Images',
    'Parent',
    ...Array.from({ length: attributeSlots }, (_, n) => [
      `Attribute ${n + 1} name`,
      `Attribute ${n + 1} value(s)`,
      `Attribute ${n + 1} visible`,
    ]).flat(),
    `Meta: ${keys.title}`,
    `Meta: ${keys.description}`,
  ];
  const rows: string[][] = [header];
  const records: PulledRecord[] = [];
  const imageIdByUrl = new Map<string, string>();
  const altTextsByRecord = new Map<number, string[]>();
  const meta = (item: { meta_data: WooMeta[] }, key: string) => {
    const value = item.meta_data.find((m) => m.key === key)?.value;
    return typeof value === 'string' ? value : '';
  };
  const push = (cells: Record<string, string>, record: PulledRecord, images: WooImage[]) => {
    for (const image of images) imageIdByUrl.set(image.src, String(image.id));
    if (images.some((image) => image.alt))
      altTextsByRecord.set(
        records.length,
        images.map((image) => image.alt),
      );
    rows.push(header.map((column) => cells[column] ?? ''));
    records.push(record);
  };
  for (const { product, variations } of entries) {
    const cells: Record<string, string> = {
      ID: String(product.id),
      Type: product.type,
      SKU: product.sku,
      'GTIN, UPC, EAN, or ISBN': product.global_unique_id ?? '',
      Name: product.name,
      Published: product.status === 'publish' ? '1' : '0',
      'Short description': product.short_description,
      Description: product.description,
      'In stock?': product.stock_status === 'outofstock' ? '0' : '1',
      'Sale price': product.sale_price,
      'Regular price': product.regular_price,
      Categories: product.categories.map((c) => c.name.replace(/,/g, '\\,')).join(', '),
      Tags: product.tags.map((t) => t.name.replace(/,/g, '\\,')).join(', '),
      Brands: (product.brands ?? []).map((b) => b.name).join(', '),
      Images: product.images.map((image) => image.src).join(', '),
      [`Meta: ${keys.title}`]: meta(product, keys.title),
      [`Meta: ${keys.description}`]: meta(product, keys.description),
    };
    product.attributes.forEach((attribute, n) => {
      cells[`Attribute ${n + 1} name`] = attribute.name;
      cells[`Attribute ${n + 1} value(s)`] = (attribute.options ?? []).join(', ');
      cells[`Attribute ${n + 1} visible`] = attribute.visible === false ? '0' : '1';
    });
    push(
      cells,
      {
        remoteProductId: String(product.id),
        remoteVariantId: null,
        remoteUpdatedAt: product.date_modified_gmt,
      },
      product.images,
    );
    for (const variation of variations) {
      const own: Record<string, string> = {
        ID: String(variation.id),
        Type: 'variation',
        SKU: variation.sku,
        'GTIN, UPC, EAN, or ISBN': variation.global_unique_id ?? '',
        Name: product.name,
        Published: '1',
        Description: variation.description,
        'In stock?': variation.stock_status === 'outofstock' ? '0' : '1',
        'Sale price': variation.sale_price,
        'Regular price': variation.regular_price,
        Images: variation.image?.src ?? '',
        Parent: `id:${product.id}`,
        [`Meta: ${keys.title}`]: meta(variation, keys.title),
        [`Meta: ${keys.description}`]: meta(variation, keys.description),
      };
      // A variation names its value of each attribute the parent varies by, in the parent's slots.
      product.attributes.forEach((attribute, n) => {
        const value = variation.attributes.find((a) => a.name === attribute.name)?.option;
        if (!attribute.variation || value === undefined) return;
        own[`Attribute ${n + 1} name`] = attribute.name;
        own[`Attribute ${n + 1} value(s)`] = value;
      });
      push(
        own,
        {
          remoteProductId: String(product.id),
          remoteVariantId: String(variation.id),
          remoteUpdatedAt: variation.date_modified_gmt,
        },
        variation.image ? [variation.image] : [],
      );
    }
  }
  return { format: 'woocommerce', rows, records, imageIdByUrl, altTextsByRecord };
}

async function readPage<T>(
  connection: WooConnection,
  path: string,
  page: number,
  signal?: AbortSignal,
): Promise<{ items: T[]; isLast: boolean }> {
  const answer = await wooRequest<T[]>(connection, 'GET', path, {
    query: { per_page: PER_PAGE, page },
    signal,
  });
  if (!Array.isArray(answer.data))
    throw new StoreApiError('not_platform', `WooCommerce answered ${path} with something other than a list.`);
  const pages = answer.totalPages ?? (answer.data.length < PER_PAGE ? page : page + 1);
  return { items: answer.data, isLast: page >= pages || answer.data.length === 0 };
}

async function readPages<T>(
  connection: WooConnection,
  path: string,
  max: number,
  signal?: AbortSignal,
): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page++) {
    const answer = await readPage<T>(connection, path, page, signal);
    items.push(...answer.items);
    if (items.length > max) throw tooMany(max);
    if (answer.isLast) return items;
  }
}

/** How many products the store holds (X-WP-Total of a one-product page), or null when it does not say. */
export async function countWooProducts(
  connection: WooConnection,
  signal?: AbortSignal,
): Promise<number | null> {
  const answer = await wooRequest<unknown[]>(connection, 'GET', '/products', {
    query: { per_page: 1 },
    signal,
  });
  if (!Array.isArray(answer.data))
    throw new StoreApiError(
      'not_platform',
      'WooCommerce answered /products with something other than a list.',
    );
  return answer.total;
}

const tooMany = (max: number) => new StoreApiError('api', tooManyProducts(max));
