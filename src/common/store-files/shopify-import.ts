// Shopify product exports: one row per variant and per extra image, grouped by the handle. The first row of a
// handle carries the product (Title, Vendor, Body (HTML), SEO fields, option names); the rows after it with the
// same handle carry a variant's option values, another image, or both. docs/store-formats.md §a has both
// header generations ("Handle" ≤2023, "URL handle" 2024+).
import { IMAGE_URL_SEPARATOR } from '../contract/constants';
import { cleanText, htmlToText } from '../copy-rules/html-to-text';
import { hasHeaders, normaliseHeader, OPTION_SUFFIX } from './import-columns';
import { readStoreOffer, storeOfferColumns } from './store-offer';
import {
  canonicalOptionName,
  type StoreOption,
  type StoreProductDetails,
  withoutEmpty,
} from './store-product-details';

export type ExpandedTable = {
  headers: string[];
  records: string[][];
  /** The store's own facts about each record, in record order. */
  details: StoreProductDetails[];
  warnings: string[];
};

// Shopify's value for a product without options.
const NO_OPTION_VALUE = 'default title';
const OPTION_NUMBERS = [1, 2, 3] as const;
/** The column an import adds with each product's path, built from its handle. */
export const SHOPIFY_URL_HEADER = 'URL (from Handle)';

export function isShopifyExport(headers: readonly string[]): boolean {
  return (
    hasHeaders(headers, ['handle', 'title'], ['body (html)', 'option1 value', 'variant sku']) ||
    hasHeaders(headers, ['url handle', 'title'], ['description', 'option1 value', 'sku'])
  );
}

function locate(headers: readonly string[]) {
  const names = headers.map(normaliseHeader);
  // The legacy name first, then the 2024 template's (docs/store-formats.md §a, "Two header generations").
  const at = (...candidates: string[]) =>
    candidates.map((name) => names.indexOf(name)).find((index) => index >= 0) ?? -1;
  return {
    handle: at('handle', 'url handle'),
    title: at('title'),
    sku: at('variant sku', 'sku'),
    imageSrc: at('image src', 'product image url'),
    imagePosition: at('image position'),
    imageAlt: at('image alt text'),
    variantImage: at('variant image', 'variant image url'),
    seoTitle: at('seo title'),
    seoDescription: at('seo description'),
    options: OPTION_NUMBERS.map((n) => ({
      name: at(`option${n} name`),
      value: at(`option${n} value`),
    })).filter((option) => option.name >= 0 && option.value >= 0),
  };
}
type ShopifyColumns = ReturnType<typeof locate>;

const cell = (row: readonly string[], index: number) => (index >= 0 ? (row[index] ?? '').trim() : '');

type ProductImage = { url: string; position: number; alt: string };
type Variant = { row: string[]; options: StoreOption[] };
type Product = { first: string[]; images: ProductImage[]; imageUrls: Set<string>; variants: Variant[] };

// Cells that belong to one row (a variant or an image), which a variant must not take from the first row.
const ownCells = (columns: ShopifyColumns) =>
  new Set([
    columns.sku,
    columns.imageSrc,
    columns.imagePosition,
    columns.imageAlt,
    columns.variantImage,
    ...columns.options.map((option) => option.value),
  ]);

/** A cell as the file wrote it, untrimmed. */
const rawCell = (row: readonly string[], index: number) => (index >= 0 ? (row[index] ?? '') : '');

/**
 * The key cells of one variant's row as written, under the legacy headers the re-import file uses: the
 * handle, the first row's option names, the row's option values and SKU. The Title is no key, and goes
 * back cleaned and escaped (decision 023).
 */
function keyCellsOf(
  columns: ShopifyColumns,
  row: readonly string[],
  first: readonly string[],
): Record<string, string> {
  const cells: Record<string, string> = { Handle: rawCell(row, columns.handle) };
  columns.options.forEach((option, index) => {
    cells[`Option${index + 1} Name`] = rawCell(first, option.name);
    cells[`Option${index + 1} Value`] = rawCell(row, option.value);
  });
  if (columns.sku >= 0) cells['Variant SKU'] = rawCell(row, columns.sku);
  return cells;
}

/** The rows of each handle, in the order handles first appear, and how many rows belonged to none. */
function groupByHandle(columns: ShopifyColumns, rows: readonly string[][]) {
  const products = new Map<string, Product>();
  let orphanRows = 0;
  for (const row of rows) {
    const handle = cell(row, columns.handle);
    let product = products.get(handle);
    if (!product) {
      // A handle's first row names the product; a titleless row of an unknown handle has nothing to join.
      if (!handle || !cell(row, columns.title)) {
        orphanRows += 1;
        continue;
      }
      product = { first: [...row], images: [], imageUrls: new Set(), variants: [] };
      products.set(handle, product);
    }
    const url = cell(row, columns.imageSrc);
    // A set, not a search of the list: one handle with 50,000 image rows was quadratic.
    if (url && !product.imageUrls.has(url)) {
      product.imageUrls.add(url);
      const position = Number.parseInt(cell(row, columns.imagePosition), 10);
      product.images.push({
        url,
        position: Number.isNaN(position) ? Number.POSITIVE_INFINITY : position,
        alt: htmlToText(cell(row, columns.imageAlt)),
      });
    }
    const options: StoreOption[] = [];
    for (const option of columns.options) {
      // "Option1 Name" is only on the first row; later rows give only the values.
      const name = cleanText(cell(product.first, option.name));
      const value = cleanText(cell(row, option.value));
      if (name && value && value.toLowerCase() !== NO_OPTION_VALUE) options.push({ name, value });
    }
    // The first row is the first variant; any other row is a variant when it has option values.
    if (product.variants.length === 0 || options.length > 0)
      product.variants.push({ row: [...row], options });
  }
  return { products: [...products.values()], orphanRows };
}

/**
 * Turns a Shopify export into one record per variant, grouped by handle:
 * - the first record of a handle is the product (and its first variant), with every product image in Image
 *   Position order;
 * - each other variant keeps the first row's title, vendor and body, and only the image its Variant Image
 *   names;
 * - an image-only row adds its image to the product, never to a variant.
 * Options become columns by name (Color and Colour → "Colour (option)", "Size (option)", "Material (option)",
 * any other as itself), so that they are mapped to colour, size or material and never to dimensions. A column
 * "URL (from Handle)" holds /products/{handle}. `details` keeps the handle, SKU, options, parent, Variant Image
 * and the current SEO title, description and image alt texts.
 */
export function expandShopifyRows(headers: readonly string[], rows: readonly string[][]): ExpandedTable {
  const columns = locate(headers);
  const { products, orphanRows } = groupByHandle(columns, rows);
  const notShared = ownCells(columns);
  const offerColumns = storeOfferColumns(headers);
  const optionHeaders = new Map<string, string>();
  for (const variant of products.flatMap((product) => product.variants)) {
    for (const option of variant.options) {
      const name = canonicalOptionName(option.name);
      if (!optionHeaders.has(name.toLowerCase()))
        optionHeaders.set(name.toLowerCase(), `${name}${OPTION_SUFFIX}`);
    }
  }
  const optionKeys = [...optionHeaders.keys()];
  const outputHeaders = [...headers, ...optionHeaders.values(), SHOPIFY_URL_HEADER];

  const records: string[][] = [];
  const details: StoreProductDetails[] = [];
  for (const product of products) {
    const handle = cell(product.first, columns.handle);
    const images = [...product.images].sort((a, b) => a.position - b.position);
    const parentIndex = records.length;
    const alts = images.map((image) => image.alt);
    product.variants.forEach((variant, index) => {
      const isProduct = index === 0;
      const cells = headers.map((_, column) => {
        const own = variant.row[column] ?? '';
        return own.trim() || isProduct || notShared.has(column) ? own : (product.first[column] ?? '');
      });
      const variantImage = cell(variant.row, columns.variantImage);
      const imageUrls = isProduct ? images.map((image) => image.url) : [];
      if (variantImage && !(isProduct && product.imageUrls.has(variantImage))) imageUrls.push(variantImage);
      if (columns.imageSrc >= 0) cells[columns.imageSrc] = imageUrls.join(IMAGE_URL_SEPARATOR);
      const values = new Map(
        variant.options.map((option) => [canonicalOptionName(option.name).toLowerCase(), option.value]),
      );
      records.push([...cells, ...optionKeys.map((key) => values.get(key) ?? ''), `/products/${handle}`]);
      details.push({
        ...withoutEmpty({
          handle,
          sku: cell(variant.row, columns.sku),
          parent_handle: isProduct ? undefined : handle,
          variant_image: variantImage,
          current_page_title: htmlToText(cell(product.first, columns.seoTitle)),
          current_meta_description: htmlToText(cell(product.first, columns.seoDescription)),
        }),
        ...(isProduct && alts.some(Boolean) ? { current_image_alt_texts: alts } : {}),
        offer: readStoreOffer(offerColumns, variant.row),
        key_cells: keyCellsOf(columns, variant.row, product.first),
        options: variant.options,
        parent_index: isProduct ? null : parentIndex,
      });
    });
  }
  const warnings =
    orphanRows > 0
      ? [
          `Skipped ${orphanRows} ${orphanRows === 1 ? 'row' : 'rows'} with no title whose handle no product row named.`,
        ]
      : [];
  return { headers: outputHeaders, records, details, warnings };
}
