// Limits before work: a store export or pasted list is counted as its text arrives, and refused
// (AppError bad_input naming the limit and the row) the moment it passes one: rows, products (variants
// included), images of one product, the length of a cell and of a row. One pass, constant work per
// character, and memory for the current row and the handles seen only, so a 1,000,000-row file costs what
// its first 50,001 products cost. The full parse (parse-store-export.ts, parse-product-list.ts) runs after,
// off the event loop, only on text that passed.
import Papa from 'papaparse';
import { BUNDLE_LIMITS, IMAGE_URL_SEPARATOR } from '../../common/constants';
import { normaliseHeader } from '../../common/import-columns';
import { isShopifyExport } from '../../common/shopify-import';
import { isWooCommerceExport, splitWooCommerceImages } from '../../common/woocommerce-import';
import { AppError } from '../app-error';
import { chooseDelimiter } from './parse-product-list';

export type ScanTarget =
  | { kind: 'store_export' }
  /** A pasted list; its columns when the request gave them before the list (else fewer checks run here). */
  | { kind: 'list'; columns?: readonly string[] }
  /** Any other CSV (a Search Console export): its own row check, beside the cell and row lengths here. */
  | { kind: 'table'; checkRow: RowCheck };

export type ImportScanner = { push: (text: string) => void; end: () => void };

const fmt = (count: number) => count.toLocaleString('en-US');
const refuse = (message: string) => new AppError('bad_input', message);
const QUOTE = 34;
const LF = 10;
const CR = 13;
/** Text held back to choose the delimiter from: ten lines, or this much of a longer first line. */
const DELIMITER_SAMPLE_CHARS = 64 * 1024;
const DELIMITER_SAMPLE_LINES = 10;
const NO_OPTION_VALUE = 'default title';

export type RowCheck = (fields: readonly string[], record: number) => void;

export function createImportScanner(target: ScanTarget): ImportScanner {
  const checkRow =
    target.kind === 'table'
      ? target.checkRow
      : target.kind === 'store_export'
        ? storeExportRows()
        : listRows(target.columns);
  let sample = '';
  let delimiter = -1;
  let inQuotes = false;
  let afterQuote = false;
  let field = '';
  let fieldLength = 0;
  let rowLength = 0;
  let fields: string[] = [];
  /** Records ended so far, blank ones included: the next one is record + 1, as a spreadsheet numbers rows. */
  let record = 0;

  const where = () => `Row ${fmt(record + 1)}${target.kind === 'store_export' ? ' of the file' : ''}`;
  const append = (text: string, start: number, end: number) => {
    if (end <= start) return;
    fieldLength += end - start;
    rowLength += end - start;
    if (fieldLength > BUNDLE_LIMITS.maxCellLength) {
      throw refuse(
        `${where()}, field ${fields.length + 1} is longer than ${fmt(BUNDLE_LIMITS.maxCellLength)} characters; the limit is ${fmt(BUNDLE_LIMITS.maxCellLength)} per field.`,
      );
    }
    if (rowLength > BUNDLE_LIMITS.maxRowLength) {
      throw refuse(
        `${where()} is longer than ${fmt(BUNDLE_LIMITS.maxRowLength)} characters; the limit is ${fmt(BUNDLE_LIMITS.maxRowLength)} per row.`,
      );
    }
    field += text.slice(start, end);
  };
  const endField = () => {
    fields.push(field);
    field = '';
    fieldLength = 0;
  };
  const endRow = () => {
    endField();
    record += 1;
    if (rowLength > 0) checkRow(fields, record);
    fields = [];
    rowLength = 0;
  };

  // The next character that matters outside quotes, found by the regex engine rather than char by char.
  let special = /[,\r\n"]/g;
  // A CRLF split between two chunks is one line end, not a blank row after it.
  let endedOnCR = false;
  const tokenize = (text: string) => {
    if (text === '') return;
    const length = text.length;
    let i = endedOnCR && !inQuotes && text.charCodeAt(0) === LF ? 1 : 0;
    let start = i;
    endedOnCR = false;
    while (i < length) {
      if (inQuotes) {
        const quote = text.indexOf('"', i);
        if (quote < 0) break;
        append(text, start, quote);
        inQuotes = false;
        afterQuote = true;
        start = quote + 1;
        i = quote + 1;
        continue;
      }
      if (afterQuote) {
        afterQuote = false;
        if (text.charCodeAt(i) === QUOTE) {
          // "" inside quotes is one quote; the field goes on quoted.
          inQuotes = true;
          start = i;
          i += 1;
          continue;
        }
      }
      special.lastIndex = i;
      const at = special.exec(text)?.index ?? length;
      if (at >= length) break;
      const c = text.charCodeAt(at);
      i = at + 1;
      if (c === QUOTE) {
        // A quote opens a field only at its start; inside an unquoted field it is text.
        if (fieldLength === 0 && start === at) {
          inQuotes = true;
          start = at + 1;
        }
      } else if (c === delimiter) {
        append(text, start, at);
        endField();
        start = i;
      } else {
        append(text, start, at);
        endRow();
        if (c === CR && i === length) endedOnCR = true;
        else if (c === CR && text.charCodeAt(i) === LF) i += 1;
        start = i;
      }
    }
    append(text, start, length);
  };

  const chooseFrom = (text: string) => {
    const columns = target.kind === 'list' ? target.columns : undefined;
    const chosen = columns
      ? chooseDelimiter(text, columns.length)
      : Papa.parse<string[]>(text, {
          preview: DELIMITER_SAMPLE_LINES,
          ...(target.kind === 'list' ? { delimitersToGuess: ['\t', ',', ';'] } : {}),
        }).meta.delimiter;
    delimiter = (chosen || ',').charCodeAt(0);
    special = new RegExp(`[\\u${delimiter.toString(16).padStart(4, '0')}\\r\\n"]`, 'g');
  };

  return {
    push(text) {
      if (delimiter >= 0) return tokenize(text);
      sample += text;
      if (sample.length < DELIMITER_SAMPLE_CHARS && countLines(sample) < DELIMITER_SAMPLE_LINES) return;
      const held = sample.replace(/^\uFEFF/, '');
      sample = '';
      chooseFrom(held);
      tokenize(held);
    },
    end() {
      if (delimiter < 0) {
        const held = sample.replace(/^\uFEFF/, '');
        sample = '';
        chooseFrom(held);
        tokenize(held);
      }
      if (inQuotes || rowLength > 0 || fields.length > 0) endRow();
    },
  };
}

function countLines(text: string): number {
  let lines = 0;
  for (
    let at = text.indexOf('\n');
    at >= 0 && lines < DELIMITER_SAMPLE_LINES;
    at = text.indexOf('\n', at + 1)
  )
    lines += 1;
  return lines;
}

function checkRowCount(rows: number, record: number): void {
  if (rows > BUNDLE_LIMITS.maxRows) {
    throw refuse(
      `Row ${fmt(record)}: the file has more than ${fmt(BUNDLE_LIMITS.maxRows)} rows; the limit is ${fmt(BUNDLE_LIMITS.maxRows)} rows per file.`,
    );
  }
}

function checkImages(count: number, where: () => string): void {
  if (count > BUNDLE_LIMITS.maxImagesPerProduct) {
    throw refuse(
      `${where()}: the product has more than ${fmt(BUNDLE_LIMITS.maxImagesPerProduct)} images; the limit is ${fmt(BUNDLE_LIMITS.maxImagesPerProduct)} images per product.`,
    );
  }
}

/** A store export: the header row names the format; Shopify rows join their handle, WooCommerce rows are products. */
function storeExportRows(): RowCheck {
  let rows = 0;
  let products = 0;
  let check: RowCheck | undefined;
  const countProduct = (where: () => string) => {
    products += 1;
    if (products > BUNDLE_LIMITS.maxProducts) {
      throw refuse(
        `${where()}: the export has more than ${fmt(BUNDLE_LIMITS.maxProducts)} products (variants included); the limit is ${fmt(BUNDLE_LIMITS.maxProducts)} per bundle.`,
      );
    }
  };
  return (fields, record) => {
    rows += 1;
    checkRowCount(rows, record);
    if (check) return check(fields, record);
    const headers = fields.map((header) => header.replace(/^\uFEFF/, '').trim());
    if (isShopifyExport(headers)) check = shopifyRows(headers, countProduct);
    else if (isWooCommerceExport(headers)) check = wooCommerceRows(headers, countProduct);
    else check = () => {};
  };
}

function shopifyRows(headers: readonly string[], countProduct: (where: () => string) => void): RowCheck {
  const names = headers.map(normaliseHeader);
  const at = (...candidates: string[]) =>
    candidates.map((name) => names.indexOf(name)).find((index) => index >= 0) ?? -1;
  const handleAt = at('handle', 'url handle');
  const titleAt = at('title');
  const imageAt = at('image src', 'product image url');
  const optionsAt = [1, 2, 3].map((n) => at(`option${n} value`)).filter((index) => index >= 0);
  const handles = new Set<string>();
  // Images are counted for the handle of the rows in a row; Shopify writes a product's rows together.
  let current = '';
  let images = new Set<string>();
  const cell = (fields: readonly string[], index: number) => (index >= 0 ? (fields[index] ?? '').trim() : '');
  return (fields, record) => {
    const handle = cell(fields, handleAt);
    // Named only when refused: formatting the row number of every row cost more than counting it.
    const where = () => `Row ${fmt(record)} of the file (handle ${handle.slice(0, 100)})`;
    if (!handles.has(handle)) {
      if (!handle || !cell(fields, titleAt)) return;
      handles.add(handle);
      countProduct(where);
    } else if (
      optionsAt.some((index) => {
        const value = cell(fields, index);
        return value !== '' && value.toLowerCase() !== NO_OPTION_VALUE;
      })
    ) {
      countProduct(where);
    }
    if (handle !== current) {
      current = handle;
      images = new Set();
    }
    const image = cell(fields, imageAt);
    if (image) {
      images.add(image);
      checkImages(images.size, where);
    }
  };
}

function wooCommerceRows(headers: readonly string[], countProduct: (where: () => string) => void): RowCheck {
  const names = headers.map(normaliseHeader);
  const nameAt = names.indexOf('name');
  const imagesAt = names.indexOf('images');
  return (fields, record) => {
    const where = () => `Row ${fmt(record)} of the file`;
    if (!(fields[nameAt] ?? '').trim()) return;
    countProduct(where);
    if (imagesAt >= 0) checkImages(splitWooCommerceImages(fields[imagesAt] ?? '').length, where);
  };
}

/** A pasted list: one product per non-blank row, after a header row that starts with the first column's name. */
function listRows(columns: readonly string[] | undefined): RowCheck {
  let products = 0;
  let rows = 0;
  let isFirst = true;
  const imagesAt = columns ? columns.indexOf('image_urls') : -1;
  // Without the columns, a first row might still be a header: it is given the benefit of the doubt.
  const allowed = BUNDLE_LIMITS.maxProducts + (columns ? 0 : 1);
  return (fields, record) => {
    if (fields.every((value) => value.trim() === '')) return;
    rows += 1;
    checkRowCount(rows, record);
    if (isFirst) {
      isFirst = false;
      if (columns && fields[0]?.trim().toLowerCase() === columns[0]?.toLowerCase()) return;
    }
    products += 1;
    if (products > allowed) {
      throw refuse(
        `Row ${fmt(products)}: the list has more than ${fmt(BUNDLE_LIMITS.maxProducts)} products; the limit is ${fmt(BUNDLE_LIMITS.maxProducts)} per bundle.`,
      );
    }
    if (imagesAt >= 0) {
      const count = (fields[imagesAt] ?? '').split(IMAGE_URL_SEPARATOR).filter((url) => url.trim()).length;
      checkImages(count, () => `Row ${fmt(products)}, column image_urls`);
    }
  };
}
