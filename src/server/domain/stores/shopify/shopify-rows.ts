// A Shopify catalogue, however it was read (pages of products or one bulk operation), written out as the
// store's own product export (Shopify's CSV columns) so that import-store makes exactly the bundle an export
// would: the same mapper, variants, options and store copy.
import type { PulledCatalogue, PulledRecord } from '../pulled-catalogue';

/** One product as both readers hand it over. */
export type ShopifyProduct = {
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
  variants: ShopifyVariant[];
  /** The product's images (MediaImage), in order. */
  media: { id: string; alt: string | null; url: string }[];
};

export type ShopifyVariant = {
  id: string;
  sku: string | null;
  barcode: string | null;
  price: string;
  selectedOptions: { name: string; value: string }[];
  /** The URL of the variant's image, or '' when it has none. */
  imageUrl: string;
};

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

/** How many records (bundle products) a product makes: one per variant. */
export const recordsOf = (product: ShopifyProduct) => product.variants.length;

export function shopifyCatalogue(products: ShopifyProduct[]): PulledCatalogue {
  const rows: string[][] = [HEADER];
  const records: PulledRecord[] = [];
  const imageIdByUrl = new Map<string, string>();
  for (const product of products) {
    for (const item of product.media) imageIdByUrl.set(item.url, item.id);
    writeProductRows(rows, product);
    for (const variant of product.variants) {
      records.push({
        remoteProductId: product.id,
        remoteVariantId: variant.id,
        remoteUpdatedAt: product.updatedAt,
      });
    }
  }
  return { format: 'shopify', rows, records, imageIdByUrl, altTextsByRecord: new Map() };
}

/**
 * A product's rows as Shopify exports them: the first row carries the product and its first variant, each
 * other variant a row of its own, and the images fill the Image columns row by row (image-only rows after).
 */
function writeProductRows(rows: string[][], product: ShopifyProduct): void {
  const { variants, media } = product;
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
            'Variant Image': variant.imageUrl,
          }
        : {}),
      ...(image
        ? { 'Image Src': image.url, 'Image Position': String(index + 1), 'Image Alt Text': image.alt ?? '' }
        : {}),
    };
    options.slice(0, 3).forEach((option, slot) => {
      if (isFirst) row[`Option${slot + 1} Name`] = option.name;
      row[`Option${slot + 1} Value`] = option.value;
    });
    rows.push(HEADER.map((column) => row[column] ?? ''));
  }
}
