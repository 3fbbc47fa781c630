// A WooCommerce catalogue, as read through REST v3, written out as WooCommerce's own product CSV export
// (docs/store-formats.md, section b) so that import-store makes exactly the bundle that export would. Image
// alt texts have no column in that export, so they travel beside the rows, by record.
import type { PulledCatalogue, PulledRecord } from '../pulled-catalogue';

export type WooImage = { id: number; src: string; alt: string };
export type WooMeta = { key: string; value: unknown };
type WooAttribute = {
  name: string;
  options?: string[];
  option?: string;
  variation?: boolean;
  visible?: boolean;
};
export type WooProduct = {
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
export type WooVariation = Omit<
  WooProduct,
  'name' | 'slug' | 'type' | 'status' | 'images' | 'categories' | 'tags' | 'short_description'
> & {
  image: WooImage | null;
};

/** A product as read, with its variations (none unless the product is variable). */
export type WooEntry = { product: WooProduct; variations: WooVariation[] };

/** The meta keys of the SEO plugin the store uses, whose values fill the export's two Meta columns. */
export type SeoMetaKeys = { title: string; description: string };

type Cells = Record<string, string>;

/** The Meta columns of a store without an SEO plugin: Yoast's names, as WooCommerce's own export has them. */
const NO_PLUGIN_COLUMNS: SeoMetaKeys = { title: '_yoast_wpseo_title', description: '_yoast_wpseo_metadesc' };

/**
 * The export of the products and their variations: each product's row, then its variations' rows. `keys` null:
 * the store has no SEO plugin, and the Meta columns stay empty whatever meta a removed plugin left behind.
 */
export function writeWooExport(entries: WooEntry[], keys: SeoMetaKeys | null): PulledCatalogue {
  const attributeSlots = Math.max(1, ...entries.map(({ product }) => product.attributes.length));
  const header = exportHeader(attributeSlots, keys ?? NO_PLUGIN_COLUMNS);
  const rows: string[][] = [header];
  const records: PulledRecord[] = [];
  const imageIdByUrl = new Map<string, string>();
  const altTextsByRecord = new Map<number, string[]>();
  const push = (cells: Cells, record: PulledRecord, images: WooImage[]) => {
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
    push(
      productCells(product, keys),
      {
        remoteProductId: String(product.id),
        remoteVariantId: null,
        remoteUpdatedAt: product.date_modified_gmt,
      },
      product.images,
    );
    for (const variation of variations)
      push(
        variationCells(product, variation, keys),
        {
          remoteProductId: String(product.id),
          remoteVariantId: String(variation.id),
          remoteUpdatedAt: variation.date_modified_gmt,
        },
        variation.image ? [variation.image] : [],
      );
  }
  return { format: 'woocommerce', rows, records, imageIdByUrl, altTextsByRecord };
}

/** The exporter's columns the import reads, in its order, with a name/value/visible triple per attribute. */
function exportHeader(attributeSlots: number, keys: SeoMetaKeys): string[] {
  return [
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
}

function productCells(product: WooProduct, keys: SeoMetaKeys | null): Cells {
  const cells: Cells = {
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
    ...metaCells(product, keys),
  };
  product.attributes.forEach((attribute, n) => {
    cells[`Attribute ${n + 1} name`] = attribute.name;
    cells[`Attribute ${n + 1} value(s)`] = (attribute.options ?? []).join(', ');
    cells[`Attribute ${n + 1} visible`] = attribute.visible === false ? '0' : '1';
  });
  return cells;
}

function variationCells(product: WooProduct, variation: WooVariation, keys: SeoMetaKeys | null): Cells {
  const cells: Cells = {
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
    ...metaCells(variation, keys),
  };
  // A variation names its value of each attribute the parent varies by, in the parent's slots.
  product.attributes.forEach((attribute, n) => {
    const value = variation.attributes.find((a) => a.name === attribute.name)?.option;
    if (!attribute.variation || value === undefined) return;
    cells[`Attribute ${n + 1} name`] = attribute.name;
    cells[`Attribute ${n + 1} value(s)`] = value;
  });
  return cells;
}

function metaCells(item: { meta_data: WooMeta[] }, keys: SeoMetaKeys | null): Cells {
  if (!keys) return {};
  return {
    [`Meta: ${keys.title}`]: metaValue(item, keys.title),
    [`Meta: ${keys.description}`]: metaValue(item, keys.description),
  };
}

function metaValue(item: { meta_data: WooMeta[] }, key: string): string {
  const value = item.meta_data.find((m) => m.key === key)?.value;
  return typeof value === 'string' ? value : '';
}
