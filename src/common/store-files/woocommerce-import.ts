// WooCommerce product exports: one row per product, and for variable products one "variation" row per
// variant that points at its parent through the Parent column (the parent's SKU, or "id:NN"). Grouped
// products list their children in "Grouped products" the same way. docs/store-formats.md §b has the columns.
import { IMAGE_URL_SEPARATOR } from '../contract/constants';
import { cleanText, decodeEscapes, htmlToText } from '../copy-rules/html-to-text';
import { ATTRIBUTE_SUFFIX, hasHeaders, normaliseHeader } from './import-columns';
import type { ExpandedTable } from './shopify-import';
import { readStoreOffer, storeOfferColumns } from './store-offer';
import {
  canonicalOptionName,
  type StoreOption,
  type StoreProductDetails,
  withoutEmpty,
} from './store-product-details';

export function isWooCommerceExport(headers: readonly string[]): boolean {
  return hasHeaders(headers, ['name', 'type'], ['parent', 'regular price', 'attribute 1 name']);
}

const cell = (row: readonly string[], index: number) => (index >= 0 ? (row[index] ?? '').trim() : '');

/** WooCommerce lists images comma-separated; a URL may itself hold a comma, so split only before http. */
export function splitWooCommerceImages(field: string): string[] {
  return field
    .split(/\s*,\s*(?=(?:https?:)?\/\/)/i)
    .map((url) => url.trim())
    .filter(Boolean);
}

/** WooCommerce joins list cells with ", " and escapes a comma inside a value as "\," (docs/store-formats.md §b). */
const splitList = (field: string) =>
  field
    .split(/(?<!\\),/)
    .map((item) => item.replace(/\\,/g, ',').trim())
    .filter(Boolean);

function locate(headers: readonly string[]) {
  const names = headers.map(normaliseHeader);
  const at = (name: string) => names.indexOf(name);
  // "Length (in)", "Weight (kg)"…: the unit is the store's setting.
  const measure = (name: string) => {
    const index = names.findIndex((header) => header === name || header.startsWith(`${name} (`));
    return { index, unit: /\(([^)]+)\)/.exec(headers[index] ?? '')?.[1] ?? '' };
  };
  const attributes: { name: number; value: number }[] = [];
  for (let n = 1; at(`attribute ${n} name`) >= 0; n++) {
    attributes.push({ name: at(`attribute ${n} name`), value: at(`attribute ${n} value(s)`) });
  }
  return {
    offer: storeOfferColumns(headers),
    id: at('id'),
    type: at('type'),
    sku: at('sku'),
    parent: at('parent'),
    images: at('images'),
    grouped: at('grouped products'),
    externalUrl: at('external url'),
    buttonText: at('button text'),
    shortDescription: at('short description'),
    // The SEO plugins' fields, as a store with Yoast or Rank Math exports them (docs/store-formats.md §b).
    // Headers are normalised (lower case, _ and - as spaces): "Meta: _yoast_wpseo_title" is "meta: yoast wpseo title".
    seoTitle: Math.max(at('meta: yoast wpseo title'), at('meta: rank math title')),
    seoDescription: Math.max(at('meta: yoast wpseo metadesc'), at('meta: rank math description')),
    attributes,
    package: {
      package_weight: measure('weight'),
      package_length: measure('length'),
      package_width: measure('width'),
      package_height: measure('height'),
    },
  };
}

/**
 * Turns a WooCommerce export into one record per product, in file order. A variation is linked to the row its
 * Parent names (by SKU, or id:NN), never by its name; it keeps its own attribute values and takes every field
 * it leaves empty (description, brand…) from that parent, except images. Each attribute becomes a column
 * named after it (Color and Colour → "Colour (attribute)", "Size (attribute)", any other as itself). A
 * variable product whose variations are in the file lists every value of an attribute ("Blue, Red"), so those
 * values stay out of its columns. Images are re-joined with |. Length/Width/Height/Weight describe the
 * shipping package: they stay out of the columns (so out of dimensions, titles and slugs) and are kept in
 * `details` as package_*, with the ID, SKU, type, options, parent, grouped children and External URL.
 */
export function expandWooCommerceRows(
  headers: readonly string[],
  exportedRows: readonly string[][],
): ExpandedTable {
  const columns = locate(headers);
  // The exporter writes line breaks inside a cell as "\n"; the HTML stays HTML for mapRecord to reduce.
  const rows = exportedRows.map((row) => row.map(decodeEscapes));
  const indexById = new Map<string, number>();
  const indexBySku = new Map<string, number>();
  rows.forEach((row, index) => {
    if (cell(row, columns.id)) indexById.set(cell(row, columns.id), index);
    if (cell(row, columns.sku)) indexBySku.set(cell(row, columns.sku), index);
  });
  const resolve = (reference: string) => {
    const id = /^id:(\d+)$/i.exec(reference)?.[1];
    return id ? indexById.get(id) : indexBySku.get(reference);
  };
  const parentIndexes = rows.map((row) => {
    const reference = cell(row, columns.parent);
    return reference ? (resolve(reference) ?? null) : null;
  });
  const hasVariations = new Set(parentIndexes.filter((index) => index !== null));

  const attributeHeaders = new Map<string, string>();
  const expanded = rows.map((row, index) => {
    const parentIndex = parentIndexes[index] ?? null;
    const parent = parentIndex === null ? undefined : rows[parentIndex];
    const cells = headers.map((_, column) => {
      const value = row[column] ?? '';
      return value.trim() || !parent || column === columns.images ? value : (parent[column] ?? '');
    });
    const options: StoreOption[] = [];
    for (const attribute of columns.attributes) {
      const name = cell(row, attribute.name) || (parent ? cell(parent, attribute.name) : '');
      const value = cleanText(cell(row, attribute.value));
      // An empty value on a variation means "any" value of that attribute.
      if (name && value) options.push({ name: cleanText(name), value });
    }
    const values = new Map<string, string>();
    if (!hasVariations.has(index)) {
      for (const option of options) {
        const name = canonicalOptionName(option.name);
        const key = name.toLowerCase();
        if (!attributeHeaders.has(key)) attributeHeaders.set(key, `${name}${ATTRIBUTE_SUFFIX}`);
        values.set(key, option.value);
      }
    }
    if (columns.images >= 0) {
      cells[columns.images] = splitWooCommerceImages(cells[columns.images]!).join(IMAGE_URL_SEPARATOR);
    }
    return { cells, values, details: describe(row, columns, rows, resolve, options, parentIndex) };
  });

  const attributeKeys = [...attributeHeaders.keys()];
  return {
    headers: [...headers, ...attributeHeaders.values()],
    records: expanded.map(({ cells, values }) => [
      ...cells,
      ...attributeKeys.map((key) => values.get(key) ?? ''),
    ]),
    details: expanded.map((record) => record.details),
    warnings: [],
  };
}

function describe(
  row: readonly string[],
  columns: ReturnType<typeof locate>,
  rows: readonly string[][],
  resolve: (reference: string) => number | undefined,
  options: StoreOption[],
  parentIndex: number | null,
): StoreProductDetails {
  const packageSize = Object.fromEntries(
    Object.entries(columns.package).map(([key, { index, unit }]) => {
      const value = cell(row, index);
      return [key, value && unit ? `${value} ${unit}` : value];
    }),
  );
  // A child that is not in the file keeps the reference as written.
  const children = splitList(cell(row, columns.grouped)).map((reference) => {
    const index = resolve(reference);
    return index === undefined ? reference : cell(rows[index]!, columns.id) || reference;
  });
  const parent = parentIndex === null ? undefined : rows[parentIndex];
  return {
    ...withoutEmpty({
      id: cell(row, columns.id),
      sku: cell(row, columns.sku),
      product_type: cell(row, columns.type),
      parent_id: parent ? cell(parent, columns.id) : undefined,
      external_url: cell(row, columns.externalUrl),
      button_text: cell(row, columns.buttonText),
      current_page_title: htmlToText(cell(row, columns.seoTitle)),
      current_meta_description: htmlToText(cell(row, columns.seoDescription)),
      current_short_description: htmlToText(cell(row, columns.shortDescription)),
      ...packageSize,
    }),
    ...(children.length > 0 ? { grouped_children: children } : {}),
    options,
    parent_index: parentIndex,
    offer: readStoreOffer(columns.offer, row),
    // The cells the importer's "Update existing products" matches by, as written (the Name is no key, and
    // goes back cleaned and escaped: decision 023).
    key_cells: Object.fromEntries(
      (
        [
          ['ID', columns.id],
          ['SKU', columns.sku],
        ] as const
      )
        .filter(([, index]) => index >= 0)
        .map(([header, index]) => [header, row[index] ?? '']),
    ),
  };
}
