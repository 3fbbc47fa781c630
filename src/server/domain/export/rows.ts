// Export rows of a run's products: the CSV of SPEC §3 and §9, the same rows as JSON, and the cell rules
// (formula neutralising, Shopify body HTML and handles) that the server's export writers share. Pure, so the
// rules are unit-tested.
import Papa from 'papaparse';
import type { BundleWorkflowProduct, ImageDetail } from '../../../common/contract/entities';
import { slugify } from '../../leaves/slug/slug';
import { escapeHtml, writeCell } from './column-kinds';
import { isStoreDescription } from './fill-empty';

/** SPEC §3 CSV export row, keys in header order. */
export type ExportRow = {
  id: number;
  variant_of: number | null;
  page_title: string;
  meta_description: string;
  heading: string;
  description: string;
  url_suggestion: string;
  url_suggestion_level: string;
  image_details: ImageDetail[];
};

export const EXPORT_HEADERS = [
  'id',
  'variant_of',
  'page_title',
  'meta_description',
  'heading',
  'description',
  'url_suggestion',
  'url_suggestion_level',
  'image_details',
] as const satisfies readonly (keyof ExportRow)[];

const BOM = '\uFEFF';

/** SPEC §3: the description, with the fact sheet appended after a blank line when present. */
export function describeWithFactSheet(description: string | null | undefined, factSheet?: string | null) {
  const text = description ?? '';
  const facts = factSheet?.trim() ? factSheet : '';
  if (!facts) return text;
  return text ? `${text}\n\n${facts}` : facts;
}

/**
 * The export rows of a run, sorted by id ascending (SPEC §3), their text written as the csv file's column
 * kinds say (column-kinds.ts): the csv and json files hold the same rows.
 */
export function buildExportRows(products: readonly BundleWorkflowProduct[]): ExportRow[] {
  const text = (header: (typeof EXPORT_HEADERS)[number], value: string) => writeCell('csv', header, value);
  return [...products]
    .sort((a, b) => a.id - b.id)
    .map((product) => ({
      id: product.id,
      variant_of: product.is_multiple_of ?? null,
      page_title: text('page_title', product.page_title ?? ''),
      meta_description: text('meta_description', product.meta_description ?? ''),
      heading: text('heading', product.heading ?? ''),
      description: text('description', describeWithFactSheet(product.description, product.fact_sheet)),
      url_suggestion: text('url_suggestion', product.url_suggestion ?? ''),
      url_suggestion_level: product.url_suggestion_level,
      image_details: (product.image_details ?? []).map((image) => ({
        ...image,
        alt_text: image.alt_text === null ? null : writeCell('csv', 'image_details.alt_text', image.alt_text),
      })),
    }));
}

// Spreadsheets run a cell that starts with one of these as a formula (DESIGN.md, security baseline). Some
// (Excel with East Asian input, LibreOffice) also take the fullwidth forms ＝ ＋ － ＠ for their ASCII twins.
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** A text cell made safe to open in a spreadsheet: a leading formula character gets a ' before it. */
export function neutraliseFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

// Whitespace and formula characters at the start of a text: what generated copy may never begin with.
const LEADING_FORMULA = /^[\s=+\-@\uFF1D\uFF0B\uFF0D\uFF20]+/u;

/**
 * A cell of copy in a store importer's file, where a ' would be imported as text: the store's own
 * value when it is exactly that (it goes back as it came), else our copy without the formula characters
 * (= + - @, their fullwidth forms, a tab or CR) it might start with.
 */
export function copyCell(value: string, ...storeValues: (string | null | undefined)[]): string {
  if (value === '' || storeValues.includes(value)) return value;
  return value.replace(LEADING_FORMULA, '');
}

/**
 * CSV text of some rows, without a header and without a trailing newline, so that a file written a page at a
 * time (export-bundle) is the same as one written at once: pages are joined with CSV_NEWLINE.
 * `neutralise` is for files meant for spreadsheets; store importers would keep the quote as text.
 */
export function unparseCsvRows(rows: (string | number | null)[][], { neutralise }: { neutralise: boolean }) {
  const cells = neutralise
    ? rows.map((row) => row.map((cell) => (typeof cell === 'string' ? neutraliseFormula(cell) : cell)))
    : rows;
  // SPEC §9: comma separator and every string quoted; numbers and empty values stay bare.
  return Papa.unparse(cells, {
    delimiter: ',',
    quotes: (value: unknown) => typeof value === 'string',
    newline: CSV_NEWLINE,
  });
}

export const CSV_NEWLINE = '\r\n';

/** The SPEC §3 file's first line: the BOM and the headers. */
export const EXPORT_CSV_HEAD = `${BOM}${unparseCsvRows([[...EXPORT_HEADERS]], { neutralise: false })}`;

function toCsv(headers: readonly string[], rows: (string | number | null)[][], withBom: boolean): string {
  // SPEC §5: generation fails on empty output and on missing headers.
  if (headers.length === 0) throw new Error('Cannot build a CSV without headers.');
  if (rows.length === 0) throw new Error('There is nothing to export yet.');
  const csv = [
    unparseCsvRows([[...headers]], { neutralise: false }),
    unparseCsvRows(rows, { neutralise: true }),
  ].join(CSV_NEWLINE);
  return withBom ? `${BOM}${csv}` : csv;
}

/** One SPEC §3 row as CSV cells, image_details as JSON. */
export function exportRowCells(row: ExportRow): (string | number | null)[] {
  return EXPORT_HEADERS.map((key) => (key === 'image_details' ? JSON.stringify(row[key]) : row[key]));
}

/** SPEC §3 and §9: a BOM, comma-separated, strings quoted, headers from the row keys, image_details as JSON. */
export function exportRowsToCsv(rows: readonly ExportRow[]): string {
  return toCsv(EXPORT_HEADERS, rows.map(exportRowCells), true);
}

/** The same rows as JSON, with image_details kept as a list. */
export function exportRowsToJson(rows: readonly ExportRow[]): string {
  return `${JSON.stringify(rows, null, 2)}\n`;
}

// A list item in plain-text copy: "- ", "* " or "• " and then its text.
const LIST_ITEM = /^[-*•]\s+(?=\S)/;

/**
 * Plain-text copy as Shopify body HTML: a paragraph per blank-line block, a block of list items as a list, the
 * fact sheet as a list.
 */
export function toShopifyBodyHtml(description: string | null | undefined, factSheet?: string | null): string {
  const paragraphs = (description ?? '')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => {
      // A paragraph of "- " items (the built-in writer's list of the store's bullets, or a model's) is a list.
      const lines = paragraph.split('\n').map((line) => line.trim());
      if (lines.every((line) => LIST_ITEM.test(line)))
        return `<ul>${lines.map((line) => `<li>${escapeHtml(line.replace(LIST_ITEM, ''))}</li>`).join('')}</ul>`;
      return `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`;
    });
  const facts = (factSheet ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => `<li>${escapeHtml(line)}</li>`);
  if (facts.length > 0) paragraphs.push(`<ul>${facts.join('')}</ul>`);
  return paragraphs.join('\n');
}

/**
 * A product's body as HTML: the store's own HTML when a fill-empty export kept it (fill-empty.ts), else the
 * copy as paragraphs with the fact sheet as a list.
 */
export function productBodyHtml(product: BundleWorkflowProduct): string {
  if (isStoreDescription(product)) return product.description ?? '';
  return toShopifyBodyHtml(product.description, product.fact_sheet);
}

/** A percent-encoded path segment, decoded; one with a broken escape ("%E0%A4%A") is kept as it is. */
function decodeOrKeep(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The product's Shopify handle: from a /products/{handle} URL when it has one, else the slug of its URL
 * suggestion (what a new product would be called), else its name's slug.
 */
export function shopifyHandle(
  product: Pick<BundleWorkflowProduct, 'id' | 'product_details'> & { url_suggestion?: string | null },
): string {
  const url = product.product_details.url ?? '';
  const fromUrl = /\/products\/([^/?#]+)/.exec(url)?.[1];
  if (fromUrl) return decodeOrKeep(fromUrl).toLowerCase();
  return (
    suggestedSlug(product.url_suggestion) ||
    slugify(product.product_details.product_name ?? '') ||
    `product-${product.id}`
  );
}

/** The last segment of a suggested URL path: the slug the URL suggestion gives the product. */
export function suggestedSlug(urlSuggestion: string | null | undefined): string {
  return (urlSuggestion ?? '').split(/[?#]/)[0]!.split('/').filter(Boolean).at(-1) ?? '';
}
