// WooCommerce product exports: one row per product, and for variable products one "variation" row per
// variant that points at its parent through the Parent column ("id:123" or the parent's SKU).
import { IMAGE_URL_SEPARATOR } from './constants';
import { ATTRIBUTE_SUFFIX, hasHeaders, normaliseHeader } from './import-columns';
import type { ExpandedTable } from './shopify-import';

/** The column an import adds with each product's size from WooCommerce's Length, Width and Height. */
export const WOOCOMMERCE_DIMENSIONS_HEADER = 'Dimensions (L × W × H)';

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

/**
 * Turns a WooCommerce export into one record per product. A variation row keeps its own attribute values
 * and takes every field it leaves empty (name, description, brand) from its parent, except images. Each
 * attribute becomes a column named after it, e.g. "Color (attribute)". A variable product whose variations
 * are in the file lists every value of an attribute ("Blue, Red"), so those values are left out. Images are
 * re-joined with |, and Length/Width/Height become one dimensions column.
 */
export function expandWooCommerceRows(headers: readonly string[], rows: readonly string[][]): ExpandedTable {
  const names = headers.map(normaliseHeader);
  const at = (name: string) => names.indexOf(name);
  const columns = {
    id: at('id'),
    type: at('type'),
    sku: at('sku'),
    parent: at('parent'),
    images: at('images'),
  };
  const attributes: { name: number; value: number }[] = [];
  for (let n = 1; at(`attribute ${n} name`) >= 0; n++) {
    attributes.push({ name: at(`attribute ${n} name`), value: at(`attribute ${n} value(s)`) });
  }
  const measures = ['length', 'width', 'height'].map((measure) =>
    names.findIndex((name) => name === measure || name.startsWith(`${measure} (`)),
  );
  const unit = /\(([^)]+)\)/.exec(headers[measures[0] ?? -1] ?? '')?.[1] ?? '';

  const rowById = new Map<string, string[]>();
  const rowBySku = new Map<string, string[]>();
  for (const row of rows) {
    if (cell(row, columns.id)) rowById.set(cell(row, columns.id), row);
    if (cell(row, columns.sku)) rowBySku.set(cell(row, columns.sku), row);
  }
  const findParent = (row: string[]) => {
    const reference = cell(row, columns.parent);
    if (!reference) return undefined;
    const id = /^id:(\d+)$/i.exec(reference)?.[1];
    return id ? rowById.get(id) : rowBySku.get(reference);
  };
  const parentsWithVariations = new Set<string[]>();
  for (const row of rows) {
    const parent = findParent(row);
    if (parent) parentsWithVariations.add(parent);
  }

  const attributeHeaders = new Map<string, string>();
  const records: { cells: string[]; attributes: Map<string, string> }[] = [];
  for (const row of rows) {
    const parent = findParent(row);
    const cells = row.map((value, index) =>
      value.trim() || !parent || index === columns.images ? value : (parent[index] ?? ''),
    );
    const values = new Map<string, string>();
    if (!parentsWithVariations.has(row)) {
      for (const attribute of attributes) {
        const name = cell(row, attribute.name) || (parent ? cell(parent, attribute.name) : '');
        const value = cell(row, attribute.value);
        if (!name || !value) continue;
        const key = name.toLowerCase();
        if (!attributeHeaders.has(key)) attributeHeaders.set(key, `${name}${ATTRIBUTE_SUFFIX}`);
        values.set(key, value);
      }
    }
    records.push({ cells, attributes: values });
  }

  const attributeKeys = [...attributeHeaders.keys()];
  const hasMeasures = measures.every((index) => index >= 0);
  const outputHeaders = [
    ...headers,
    ...attributeKeys.map((key) => attributeHeaders.get(key)!),
    ...(hasMeasures ? [WOOCOMMERCE_DIMENSIONS_HEADER] : []),
  ];
  return {
    headers: outputHeaders,
    records: records.map(({ cells, attributes: values }) => {
      const own = headers.map((_, index) => cells[index] ?? '');
      if (columns.images >= 0) {
        own[columns.images] = splitWooCommerceImages(own[columns.images]!).join(IMAGE_URL_SEPARATOR);
      }
      const size = measures.map((index) => cell(cells, index));
      const dimensions = size.every(Boolean) ? `${size.join(' × ')}${unit ? ` ${unit}` : ''}` : '';
      return [
        ...own,
        ...attributeKeys.map((key) => values.get(key) ?? ''),
        ...(hasMeasures ? [dimensions] : []),
      ];
    }),
    warnings: [],
  };
}
