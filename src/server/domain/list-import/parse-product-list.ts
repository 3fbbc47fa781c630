// Parses the product list of a new bundle (SPEC §3 new bundle payload: raw_csv and columns) and rejects bad
// input with a message that names the row and column (DESIGN.md, generation pipeline).

import Papa from 'papaparse';
import {
  ALLOWED_COLUMNS,
  type AllowedColumn,
  BUNDLE_LIMITS,
  IMAGE_URL_SEPARATOR,
} from '../../../common/contract/constants';
import type { StoreCopy } from '../../../common/contract/entities';
import { AppError } from '../../leaves/app-error/app-error';
import { languageDetector } from './product-languages';

export { ALLOWED_COLUMNS, type AllowedColumn };

/** The view shows the title as product_name (SPEC §2), so that is its key in a product's details. */
export const TITLE_DETAIL_KEY = 'product_name';

export type ParsedProduct = {
  /** 0-based order in the list, header and blank lines not counted. */
  position: number;
  /** Every given column except image_urls, values trimmed, empty ones null; title is under product_name. */
  details: Record<string, string | null>;
  imageUrls: string[];
  /** The copy a store export already has for this product (store exports only). */
  storeCopy?: StoreCopy;
  /** BCP 47 language of its name and body; null when they say too little (product-languages.ts). */
  language?: string | null;
  /** 0–1; absent when the import did not detect this product (a big list's products past its sample). */
  languageConfidence?: number;
};

// Only row problems are collected; a list with more than this many bad rows names the first ones.
const MAX_REPORTED_ROW_PROBLEMS = 5;

// Pasted spreadsheet cells arrive tab-separated and some locales export with semicolons. The pipe is never
// a candidate: it separates image URLs inside a field.
const DELIMITERS = ['\t', ',', ';'] as const;

const formatCount = (count: number) => count.toLocaleString('en-US');

function bad(message: string): AppError {
  return new AppError('bad_input', message);
}

function checkColumns(columns: readonly string[]): void {
  const allowed: readonly string[] = ALLOWED_COLUMNS;
  const seen = new Set<string>();
  for (const column of columns) {
    if (!allowed.includes(column)) {
      throw bad(`Unknown column "${column}". Allowed columns: ${ALLOWED_COLUMNS.join(', ')}.`);
    }
    if (seen.has(column)) throw bad(`Column "${column}" is given more than once.`);
    seen.add(column);
  }
  if (!seen.has('title'))
    throw bad(`The columns must include title. Given: ${columns.join(', ') || 'none'}.`);
}

/** The candidate delimiter that splits the first line into exactly one field per column; comma otherwise. */
export function chooseDelimiter(rawCsv: string, columnCount: number): string {
  for (const delimiter of DELIMITERS) {
    const first = Papa.parse<string[]>(rawCsv, { delimiter, preview: 1, skipEmptyLines: 'greedy' }).data[0];
    if (first?.length === columnCount) return delimiter;
  }
  return ',';
}

function isBlankRow(fields: string[]): boolean {
  for (const field of fields) if (field.trim() !== '') return false;
  return true;
}

// Most image URLs look like this; the full URL parser is kept for the rest, as it costs far more per call.
const PLAIN_HTTP_URL = /^https?:\/\/[a-z0-9-]+(?:\.[a-z0-9-]+)*(?::\d{1,5})?(?:[/?#]\S*)?$/i;

function isHttpUrl(text: string): boolean {
  if (PLAIN_HTTP_URL.test(text)) return true;
  try {
    const { protocol } = new URL(text);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

function describeFieldCount(fieldCount: number, columns: readonly string[]): string {
  return `has ${fieldCount} ${fieldCount === 1 ? 'field' : 'fields'}, but ${columns.length} ${
    columns.length === 1 ? 'column was' : 'columns were'
  } given (${columns.join(', ')}).`;
}

function hasExtraData(fields: string[], columnCount: number): boolean {
  for (let index = columnCount; index < fields.length; index++) {
    if (fields[index]!.trim() !== '') return true;
  }
  return false;
}

/**
 * One row as a product, or the text of its first problem. `rowNumber` is 1-based over product rows.
 * Validation and building share one pass because a 50,000-row list must parse in well under a second.
 */
function readRow(
  fields: string[],
  position: number,
  columns: readonly string[],
  detailKeys: readonly string[],
): ParsedProduct | string {
  const rowNumber = position + 1;
  // A trailing delimiter (an empty extra field) is common in spreadsheet exports and carries no data.
  if (fields.length < columns.length || hasExtraData(fields, columns.length)) {
    return `Row ${rowNumber} ${describeFieldCount(fields.length, columns)}`;
  }
  const details: Record<string, string | null> = {};
  let imageUrls: string[] = [];
  for (let index = 0; index < columns.length; index++) {
    const column = columns[index]!;
    const value = fields[index]!.trim();
    if (column === 'title' && value === '') return `Row ${rowNumber} has no title.`;
    if (value.length > BUNDLE_LIMITS.maxFieldLength) {
      return `Row ${rowNumber}, column ${column} is ${formatCount(value.length)} characters; the limit is ${formatCount(
        BUNDLE_LIMITS.maxFieldLength,
      )}.`;
    }
    if (column === 'image_urls') {
      imageUrls = splitImageUrls(value);
      if (imageUrls.length > BUNDLE_LIMITS.maxImagesPerProduct) {
        return `Row ${rowNumber}, column image_urls has ${formatCount(imageUrls.length)} images; the limit is ${formatCount(
          BUNDLE_LIMITS.maxImagesPerProduct,
        )} images per product.`;
      }
      const invalid = imageUrls.find((url) => !isHttpUrl(url));
      if (invalid !== undefined) {
        return `Row ${rowNumber}, column image_urls has an invalid image URL "${invalid}"; use an http or https address.`;
      }
    } else {
      details[detailKeys[index]!] = value === '' ? null : value;
    }
  }
  return { position, details, imageUrls };
}

function splitImageUrls(field: string): string[] {
  return field
    .split(IMAGE_URL_SEPARATOR)
    .map((url) => url.trim())
    .filter((url) => url !== '');
}

/**
 * Where a character of the raw list falls, as parseProductList counts it: the product row (from 1, without
 * the header or blank lines) and the column. For naming a bad character before the list is parsed.
 */
export function locateInProductList(
  rawCsv: string,
  columns: string[],
  offset: number,
): { row: number; column: string | undefined } {
  const text = rawCsv.replace(/^\uFEFF/, '');
  const upTo = text.slice(0, Math.max(0, offset - (rawCsv.length - text.length)) + 1);
  const rows = Papa.parse<string[]>(upTo, { delimiter: chooseDelimiter(text, columns.length) }).data;
  const last = rows.at(-1) ?? [];
  const before = rows.slice(0, -1).filter((fields) => !isBlankRow(fields));
  const header = before[0]?.[0]?.trim().toLowerCase() === columns[0]?.toLowerCase() ? 1 : 0;
  return { row: before.length + 1 - header, column: columns[last.length - 1] };
}

/**
 * Parses a product list with one product per line and fields in `columns` order (SPEC §2 new bundle).
 * - A first line that starts with the first column's name (any case) is a header row and is dropped
 *   (SPEC §5). Blank lines, and lines whose fields are all blank, are skipped.
 * - The delimiter is a comma; a list whose first line splits into the right number of fields on tabs or
 *   semicolons instead is read with that delimiter. Extra trailing empty fields are ignored.
 * - Errors are AppError('bad_input') naming the problem. "Row N" counts product rows from 1, not counting
 *   the header or blank lines. Up to 5 bad rows are named in one message, first row first.
 */
export function parseProductList(rawCsv: string, columns: string[]): ParsedProduct[] {
  let products: ParsedProduct[] = [];
  streamProductList(rawCsv, columns, Number.POSITIVE_INFINITY, (chunk) => {
    products = chunk;
  });
  return products;
}

/**
 * parseProductList, handing the products over `chunkRows` at a time as they are read, so that a big list's
 * first rows can be on their way to the database while the rest are checked. A chunk goes out only while no
 * row so far has a problem; the problems, if any, are thrown at the end, with the same message as
 * parseProductList's. The caller that already took chunks undoes them (the import's transaction).
 */
export function streamProductList(
  rawCsv: string,
  columns: string[],
  chunkRows: number,
  emit: (products: ParsedProduct[]) => void,
): void {
  checkColumns(columns);
  const text = rawCsv.replace(/^\uFEFF/, '');
  const emptyMessage = `The product list is empty. Put each product on its own line, with the columns in this order: ${columns.join(', ')}.`;
  if (text.trim() === '') throw bad(emptyMessage);

  // Papa's 'greedy' mode joins every row to test it; checking field by field stops at the first value.
  const parsed = Papa.parse<string[]>(text, {
    delimiter: chooseDelimiter(text, columns.length),
    skipEmptyLines: true,
  });
  const rows = parsed.data.filter((fields) => !isBlankRow(fields));
  const firstColumn = columns[0]!.toLowerCase();
  if (rows[0]?.[0]?.trim().toLowerCase() === firstColumn) rows.shift();
  if (rows.length === 0) throw bad(emptyMessage);
  if (rows.length > BUNDLE_LIMITS.maxProducts) {
    throw bad(
      `The list has ${formatCount(rows.length)} products; the limit is ${formatCount(BUNDLE_LIMITS.maxProducts)} per bundle.`,
    );
  }
  // An unclosed quote swallows the rest of the text into the last row, so that row is the one to name.
  if (parsed.errors.some((error) => error.code === 'MissingQuotes')) {
    throw bad(`Row ${rows.length} has a quote (") that is never closed.`);
  }

  const detailKeys = columns.map((column) => (column === 'title' ? TITLE_DETAIL_KEY : column));
  const problems: string[] = [];
  let problemRows = 0;
  let products: ParsedProduct[] = [];
  const detectLanguage = languageDetector(rows.length);
  for (let position = 0; position < rows.length; position++) {
    const result = readRow(rows[position]!, position, columns, detailKeys);
    if (typeof result === 'string') {
      problemRows += 1;
      if (problems.length < MAX_REPORTED_ROW_PROBLEMS) problems.push(result);
    } else if (problemRows === 0) {
      detectLanguage(result);
      products.push(result);
      if (products.length === chunkRows) {
        emit(products);
        products = [];
      }
    }
  }
  if (problemRows > 0) {
    const unnamed = problemRows - problems.length;
    const more =
      unnamed > 0 ? ` ${formatCount(unnamed)} more ${unnamed === 1 ? 'row has' : 'rows have'} problems.` : '';
    throw bad(`${problems.join(' ')}${more}`);
  }
  if (products.length > 0) emit(products);
}
