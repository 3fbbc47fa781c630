// An imported file (CSV or TSV, from a store or a spreadsheet) → the raw_csv and columns that new-bundle
// takes. The parsing half runs in a web worker; building the list runs when the user creates the bundle,
// with the mapping they confirmed.
import Papa from 'papaparse';
import { DEFAULT_COLUMNS, IMAGE_URL_SEPARATOR } from '../contract/constants';
import { htmlToText } from '../copy-rules/html-to-text';
import {
  type ColumnMapping,
  guessColumnMapping,
  IMPORT_COLUMNS,
  type ImportColumn,
  isHeaderRow,
} from './import-columns';
import { expandShopifyRows, isShopifyExport } from './shopify-import';
import type { StoreProductDetails } from './store-product-details';
import { translateWooCommerceHeaders } from './woocommerce-headers';
import { expandWooCommerceRows, isWooCommerceExport } from './woocommerce-import';

export type ImportFormat = 'shopify' | 'woocommerce' | 'spreadsheet';

export type ImportTable = {
  format: ImportFormat;
  /** Column names: the file's own, or "Column 1"… when it has no header row, plus any the import adds. */
  headers: string[];
  /** One record per product, cells in header order. */
  records: string[][];
  mapping: ColumnMapping;
  /** What the store says about each record (identifiers, options, parent), in record order; {} per row of a spreadsheet. */
  details: StoreProductDetails[];
  warnings: string[];
  /** A WooCommerce header the exporter wrote in another language (BCP 47), read as its English names. */
  headerLanguage?: string;
};

export const FORMAT_LABELS: Record<ImportFormat, string> = {
  shopify: 'Shopify export',
  woocommerce: 'WooCommerce export',
  spreadsheet: 'Spreadsheet',
};

/** The rows of a CSV or TSV text; Papa Parse detects the delimiter (comma, tab, semicolon…). */
export function parseDelimitedText(text: string): { rows: string[][]; errors: string[] } {
  const result = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const errors = result.errors
    // A wrong field count is normal for hand-made files; only broken quoting loses data.
    .filter((error) => error.type === 'Quotes')
    .slice(0, 3)
    .map((error) => `Row ${(error.row ?? 0) + 1}: ${error.message}`);
  return { rows: result.data, errors };
}

/**
 * Reads the rows of a file as products: finds the header row (SPEC §5: a first line that names the columns
 * is not a product), expands Shopify and WooCommerce exports into one record per product and variant, and
 * guesses the mapping. A file without a header row is read in the manual column order.
 */
export function prepareImport(rows: readonly string[][]): ImportTable {
  const [first = [], ...rest] = rows;
  const own = first.map((header) => header.replace(/^\uFEFF/, '').trim());
  const translated = translatedWooCommerce(own);
  if (!translated && !isHeaderRow(first)) {
    const width = Math.max(0, ...rows.map((row) => row.length));
    const headers = Array.from({ length: width }, (_, index) => `Column ${index + 1}`);
    const mapping = Object.fromEntries(
      IMPORT_COLUMNS.map((column, index) => [
        column,
        index < DEFAULT_COLUMNS.length && index < width ? index : null,
      ]),
    ) as ColumnMapping;
    const records = rows.map((row) => [...row]);
    return {
      format: 'spreadsheet',
      headers,
      records,
      mapping,
      details: spreadsheetDetails(records),
      warnings: [],
    };
  }
  const headers = translated?.headers ?? own;
  const format: ImportFormat = isShopifyExport(headers)
    ? 'shopify'
    : isWooCommerceExport(headers)
      ? 'woocommerce'
      : 'spreadsheet';
  const expanded =
    format === 'shopify'
      ? expandShopifyRows(headers, rest)
      : format === 'woocommerce'
        ? expandWooCommerceRows(headers, rest)
        : {
            headers,
            records: rest.map((row) => [...row]),
            details: spreadsheetDetails(rest),
            warnings: [],
          };
  const headerLanguage = translated ? { headerLanguage: translated.language } : {};
  return { format, ...expanded, mapping: guessColumnMapping(expanded.headers), ...headerLanguage };
}

/** A WooCommerce exporter's header in another language, in English; null for any other header row. */
function translatedWooCommerce(headers: string[]): { headers: string[]; language: string } | null {
  if (isShopifyExport(headers) || isWooCommerceExport(headers)) return null;
  const translated = translateWooCommerceHeaders(headers);
  if (!translated.language || !isWooCommerceExport(translated.headers)) return null;
  return { headers: translated.headers, language: translated.language };
}

// A hand-made spreadsheet names no identifiers, options or parents.
const spreadsheetDetails = (records: readonly unknown[]): StoreProductDetails[] =>
  records.map(() => ({ options: [], parent_index: null }));

/** Image addresses from a field that may separate them with |, commas, semicolons or spaces. */
export function splitImageField(field: string): string[] {
  return field
    .split(IMAGE_URL_SEPARATOR)
    .flatMap((part) => part.split(/[\s,;]+(?=(?:https?:)?\/\/)/i))
    .map((url) => url.trim())
    .filter(Boolean)
    .map((url) => (url.startsWith('//') ? `https:${url}` : url));
}

export type MappedProduct = Partial<Record<ImportColumn, string>>;

/** One record as product-list fields: HTML reduced to text, images joined with |, empty fields left out. */
export function mapRecord(record: readonly string[], mapping: ColumnMapping): MappedProduct {
  const product: MappedProduct = {};
  for (const column of IMPORT_COLUMNS) {
    const index = mapping[column];
    if (index === null) continue;
    const raw = (record[index] ?? '').trim();
    const value =
      column === 'image_urls'
        ? splitImageField(raw).join(IMAGE_URL_SEPARATOR)
        : column === 'url'
          ? raw
          : htmlToText(raw);
    if (value) product[column] = value;
  }
  return product;
}

export type ProductList = { columns: ImportColumn[]; raw_csv: string; productCount: number; skipped: number };

/** The mapped columns in the order new-bundle is sent them: SPEC §9's order, then size. */
export const mappedColumns = (mapping: ColumnMapping) =>
  IMPORT_COLUMNS.filter((column) => mapping[column] !== null);

/**
 * The new-bundle product list of an import: a header line of the mapped columns, which new-bundle drops
 * because it begins with the first column's name (SPEC §5), then one line per product with a title.
 */
export function buildProductList(table: Pick<ImportTable, 'records'>, mapping: ColumnMapping): ProductList {
  const columns = mappedColumns(mapping);
  const data: string[][] = [];
  let skipped = 0;
  for (const record of table.records) {
    const product = mapRecord(record, mapping);
    if (!product.title) {
      skipped += 1;
      continue;
    }
    data.push(columns.map((column) => product[column] ?? ''));
  }
  const raw_csv = data.length === 0 ? '' : Papa.unparse({ fields: columns, data }, { newline: '\n' });
  return { columns, raw_csv, productCount: data.length, skipped };
}
