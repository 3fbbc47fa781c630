// new-bundle's store_export: a Shopify or WooCommerce product export read on the server with the
// mapper the browser previews with (src/common/store-files/product-import.ts), so both paths create the same products.
// The store's identifiers and options go into each product's details, and variants link to the parent the
// store names (Parent column, handle grouping) instead of one guessed from names.

import type { StoreCopy } from '../../../common/contract/entities';
import type { StoreExportFormat } from '../../../common/contract/functions';
import {
  buildProductList,
  FORMAT_LABELS,
  mapRecord,
  parseDelimitedText,
  prepareImport,
} from '../../../common/store-files/product-import';
import {
  type StoreProductDetails,
  storeProductDetails,
  withoutEmpty,
} from '../../../common/store-files/store-product-details';
import { AppError } from '../../leaves/app-error/app-error';
import { type ParsedProduct, parseProductList } from './parse-product-list';

export type StoreExportList = {
  /** The product-list columns the mapper filled, as a bundle stores them. */
  columns: string[];
  products: ParsedProduct[];
  /** Variant position → its parent's position, as the store links them. */
  parentOf: Map<number, number>;
};

const bad = (message: string) => new AppError('bad_input', message);

// Control characters other than tab, CR and LF, and the replacement character a byte that is not UTF-8
// decodes to: what a spreadsheet file (xlsx, xls) or an image sent as text holds. NUL is refused by the route.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const BINARY_CHARACTER = /[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFD]/;

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

function refuseBinary(text: string): void {
  const match = BINARY_CHARACTER.exec(text);
  if (!match) return;
  const code = match[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
  throw bad(
    `The store export is binary, not CSV text: line ${lineOf(text, match.index)} holds the character U+${code}. Export the products as CSV and try again.`,
  );
}

const expectedHeaders: Record<Exclude<StoreExportFormat, 'auto'>, string> = {
  shopify: 'Handle (or URL handle) and Title, with Body (HTML), Option1 Value or Variant SKU',
  woocommerce: 'Name and Type, with Parent, Regular price or Attribute 1 name',
};

function checkFormat(format: StoreExportFormat, found: keyof typeof FORMAT_LABELS): void {
  if (found === format) return;
  if (found === 'spreadsheet') {
    const wanted =
      format === 'auto'
        ? `neither a ${FORMAT_LABELS.shopify} (${expectedHeaders.shopify}) nor a ${FORMAT_LABELS.woocommerce} (${expectedHeaders.woocommerce})`
        : `not a ${FORMAT_LABELS[format]}: its first row lacks ${expectedHeaders[format]}`;
    throw bad(`The file is ${wanted}.`);
  }
  if (format !== 'auto') {
    throw bad(
      `The file is a ${FORMAT_LABELS[found]}, not a ${FORMAT_LABELS[format]}. Choose its format and try again.`,
    );
  }
}

/** "handle x" / "SKU y" / "ID z": how the store names a product, for messages. */
function storeName(details: StoreProductDetails | undefined): string {
  if (details?.handle) return `handle ${details.handle}`;
  if (details?.sku) return `SKU ${details.sku}`;
  if (details?.id) return `ID ${details.id}`;
  return '';
}

/** The copy the store already has for a record; undefined when it has none. */
function storeCopyOf(details: StoreProductDetails, description: string | undefined): StoreCopy | undefined {
  const copy = withoutEmpty({
    page_title: details.current_page_title?.trim(),
    meta_description: details.current_meta_description?.trim(),
    description: description?.trim(),
    short_description: details.current_short_description?.trim(),
  }) as StoreCopy;
  const altTexts = details.current_image_alt_texts;
  if (altTexts?.some((text) => text.trim() !== '')) copy.alt_texts = altTexts.map((text) => text.trim());
  if (details.offer) copy.offer = details.offer;
  if (details.key_cells && Object.keys(details.key_cells).length > 0) copy.key_cells = details.key_cells;
  return Object.keys(copy).length > 0 ? copy : undefined;
}

/** The product at the end of a record's parent links: the store's parent is never itself a variant here. */
function rootOf(details: readonly StoreProductDetails[], index: number): number | null {
  let parent = details[index]?.parent_index ?? null;
  const seen = new Set([index]);
  while (parent !== null && !seen.has(parent)) {
    seen.add(parent);
    const next = details[parent]?.parent_index ?? null;
    if (next === null) return parent;
    parent = next;
  }
  return null;
}

/**
 * A store export as the products of a new bundle. Bad input is AppError('bad_input') naming the problem:
 * binary text, text that is not CSV (broken quoting names its row), a file of another format than `format`
 * (or of neither with 'auto'), and any problem the product list has (its row named with the store's handle,
 * SKU or ID, as the list counts products and variants, not file lines).
 */
export function parseStoreExport(format: StoreExportFormat, text: string): StoreExportList {
  refuseBinary(text);
  const { rows, errors } = parseDelimitedText(text);
  if (rows.length === 0) throw bad('The store export is empty.');
  if (errors.length > 0) throw bad(`The store export is not valid CSV: ${errors.join('; ')}.`);
  if ((rows[0]?.length ?? 0) < 2) {
    throw bad('The store export is not CSV: its first line has no separated columns.');
  }
  const table = prepareImport(rows);
  checkFormat(format, table.format);

  const list = buildProductList(table, table.mapping);
  // buildProductList leaves out the records without a title; the rest are the products, in record order.
  const positionOf = new Map<number, number>();
  const recordAt: number[] = [];
  table.records.forEach((record, index) => {
    if (!mapRecord(record, table.mapping).title) return;
    positionOf.set(index, recordAt.length);
    recordAt.push(index);
  });
  if (list.productCount === 0) throw bad('The store export has no product with a title.');

  let products: ParsedProduct[];
  try {
    products = parseProductList(list.raw_csv, list.columns);
  } catch (error) {
    if (!(error instanceof AppError) || !error.publicMessage) throw error;
    throw bad(
      error.publicMessage.replace(/\bRow (\d+)/g, (row, number: string) => {
        const name = storeName(table.details[recordAt[Number(number) - 1] ?? -1]);
        return name ? `${row} (${name})` : row;
      }),
    );
  }
  if (products.length !== recordAt.length) {
    throw new Error(
      `The store export mapped to ${recordAt.length} products but parsed to ${products.length}.`,
    );
  }

  const parentOf = new Map<number, number>();
  for (const product of products) {
    const index = recordAt[product.position]!;
    Object.assign(product.details, storeProductDetails(table.details[index]!));
    const description = table.mapping.description;
    product.storeCopy = storeCopyOf(
      table.details[index]!,
      description === null ? undefined : table.records[index]![description],
    );
    const root = rootOf(table.details, index);
    const parentPosition = root === null ? undefined : positionOf.get(root);
    if (parentPosition !== undefined && parentPosition !== product.position) {
      parentOf.set(product.position, parentPosition);
    }
  }
  return { columns: list.columns, products, parentOf };
}
