// Shopify product exports: one row per variant and per extra image. The first row of a handle carries the
// product (Title, Vendor, Body (HTML), option names); continuation rows (same Handle, empty Title) carry a
// variant's option values or just another image.
import { IMAGE_URL_SEPARATOR } from './constants';
import { hasHeaders, normaliseHeader, OPTION_SUFFIX } from './import-columns';

export type ExpandedTable = { headers: string[]; records: string[][]; warnings: string[] };

// Shopify's value for a product without options.
const NO_OPTION_VALUE = 'default title';
const OPTION_NUMBERS = [1, 2, 3] as const;
/** The column an import adds with each product's path, built from its handle. */
export const SHOPIFY_URL_HEADER = 'URL (from Handle)';

export function isShopifyExport(headers: readonly string[]): boolean {
  return hasHeaders(headers, ['handle', 'title'], ['body (html)', 'option1 value', 'variant sku']);
}

type ShopifyColumns = {
  handle: number;
  title: number;
  imageSrc: number;
  variantImage: number;
  options: { name: number; value: number }[];
};

function locate(headers: readonly string[]): ShopifyColumns {
  const names = headers.map(normaliseHeader);
  const at = (name: string) => names.indexOf(name);
  return {
    handle: at('handle'),
    title: at('title'),
    imageSrc: at('image src'),
    variantImage: at('variant image'),
    options: OPTION_NUMBERS.map((n) => ({
      name: at(`option${n} name`),
      value: at(`option${n} value`),
    })).filter((option) => option.name >= 0 && option.value >= 0),
  };
}

const cell = (row: readonly string[], index: number) => (index >= 0 ? (row[index] ?? '').trim() : '');

type Product = { cells: string[]; images: string[]; options: Map<string, string> };

/**
 * Turns a Shopify export into one record per product:
 * - a row with a Title starts a product;
 * - a continuation row (same Handle, empty Title) with an option value is a variant: a product of its own
 *   that keeps the first row's title, vendor and body, with its own option values;
 * - a continuation row with only an image adds that image to the product before it.
 * Option values become columns named after their option, e.g. "Size (option)", so that they can be mapped
 * to size, colour or dimensions. Image Src holds every image of the product, separated by |. A column
 * "URL (from Handle)" holds /products/{handle}.
 */
export function expandShopifyRows(headers: readonly string[], rows: readonly string[][]): ExpandedTable {
  const columns = locate(headers);
  const products: Product[] = [];
  const optionHeaders = new Map<string, string>();
  const warnings: string[] = [];
  let first: string[] | null = null;
  let orphanRows = 0;

  for (const row of rows) {
    const handle = cell(row, columns.handle);
    const isFirstRow = cell(row, columns.title) !== '';
    if (isFirstRow) first = [...row];
    else if (!first || handle !== cell(first, columns.handle)) {
      orphanRows += 1;
      continue;
    }
    const parent = first!;
    const image = cell(row, columns.imageSrc) || cell(row, columns.variantImage);
    const options = new Map<string, string>();
    for (const option of columns.options) {
      const name = cell(parent, option.name);
      const value = cell(row, option.value);
      if (!name || !value || value.toLowerCase() === NO_OPTION_VALUE) continue;
      const key = name.toLowerCase();
      if (!optionHeaders.has(key)) optionHeaders.set(key, `${name}${OPTION_SUFFIX}`);
      options.set(key, value);
    }
    if (!isFirstRow && options.size === 0) {
      const previous = products.at(-1);
      if (image && previous && !previous.images.includes(image)) previous.images.push(image);
      continue;
    }
    // A variant row leaves the product's own fields empty: it shares the first row's.
    const cells = isFirstRow
      ? [...row]
      : row.map((value, index) => (value.trim() ? value : (parent[index] ?? '')));
    products.push({ cells, images: image ? [image] : [], options });
  }
  if (orphanRows > 0) {
    warnings.push(
      `Skipped ${orphanRows} ${orphanRows === 1 ? 'row' : 'rows'} with no title that did not follow a product of the same handle.`,
    );
  }

  const optionKeys = [...optionHeaders.keys()];
  const outputHeaders = [...headers, ...optionKeys.map((key) => optionHeaders.get(key)!), SHOPIFY_URL_HEADER];
  const records = products.map((product) => {
    const cells = [...product.cells];
    while (cells.length < headers.length) cells.push('');
    if (columns.imageSrc >= 0) cells[columns.imageSrc] = product.images.join(IMAGE_URL_SEPARATOR);
    const handle = cell(product.cells, columns.handle);
    return [
      ...cells.slice(0, headers.length),
      ...optionKeys.map((key) => product.options.get(key) ?? ''),
      handle ? `/products/${handle}` : '',
    ];
  });
  return { headers: outputHeaders, records, warnings };
}
