// Export rows of a run's products: the CSV of SPEC §3 and §9, the same rows as JSON, and the cell rules
// (formula neutralising, Shopify body HTML and handles) that the server's export writers share. Pure, so the
// rules are unit-tested.
import Papa from 'papaparse';
import type { BundleWorkflowProduct, ImageDetail, Translation } from '../../../common/contract/entities';
import {
  type CopyFieldRegistry,
  type CopyFieldSpec,
  fieldWithStoreBody,
} from '../../../common/copy-fields/field-spec';
import { COPY_FIELD_REGISTRY } from '../../../common/copy-fields/registry';
import { slugify } from '../../leaves/slug/slug';
import { escapeHtml, writeCell, writeKind } from './column-kinds';
import { isStoreDescription } from './fill-empty';

/** SPEC §3 CSV export row, keys in header order: a copy field's column holds its text. */
export type ExportRow = {
  id: number;
  variant_of: number | null;
  url_suggestion_level: string;
  image_details: ImageDetail[];
} & Record<string, string | number | null | ImageDetail[]>;

/**
 * SPEC §3's headers: the product's ids, a column per copy field with one (registry order), the URL
 * suggestion's level and the images (with their alt texts) as JSON.
 */
export function exportHeaders(registry: CopyFieldRegistry = COPY_FIELD_REGISTRY): string[] {
  return [
    'id',
    'variant_of',
    ...csvColumns(registry).map(({ column }) => column),
    'url_suggestion_level',
    'image_details',
  ];
}

export const EXPORT_HEADERS: readonly string[] = exportHeaders();

/** The copy fields with a csv column, each with its column, kind and the fields appended to its text. */
function csvColumns(registry: CopyFieldRegistry) {
  return registry.flatMap((field) => {
    const csv = field.exports.csv;
    if (!csv || !('column' in csv)) return [];
    const appended = registry.filter((other) => {
      const place = other.exports.csv;
      return place !== undefined && 'appendTo' in place && place.appendTo === field.name;
    });
    return [{ field, column: csv.column, kind: csv.kind, appended }];
  });
}

const BOM = '\uFEFF';

/** SPEC §3: a text with another appended after a blank line when present (the fact sheet to the description). */
export function appendText(text: string | null | undefined, appended?: string | null) {
  const base = text ?? '';
  const tail = appended?.trim() ? appended : '';
  if (!tail) return base;
  return base ? `${base}\n\n${tail}` : tail;
}

/** A copy field's text on a product (null where it has none). */
export const copyText = (product: BundleWorkflowProduct, field: CopyFieldSpec | undefined) =>
  field ? ((product as Record<string, unknown>)[field.name] as string | null | undefined) : undefined;

/**
 * The export rows of a run, sorted by id ascending (SPEC §3), their text written as the csv file's column
 * kinds say (column-kinds.ts): the csv and json files hold the same rows.
 */
export function buildExportRows(
  products: readonly BundleWorkflowProduct[],
  registry: CopyFieldRegistry = COPY_FIELD_REGISTRY,
): ExportRow[] {
  const columns = csvColumns(registry);
  return [...products]
    .sort((a, b) => a.id - b.id)
    .map((product) => {
      const copy = columns.map(({ field, column, kind, appended }) => {
        const text = appended.reduce(
          (sum, other) => appendText(sum, copyText(product, other)),
          copyText(product, field) ?? '',
        );
        return [column, writeKind(kind, text)];
      });
      return {
        id: product.id,
        variant_of: product.is_multiple_of ?? null,
        ...Object.fromEntries(copy),
        url_suggestion_level: product.url_suggestion_level,
        image_details: (product.image_details ?? []).map((image) => ({
          ...image,
          alt_text:
            image.alt_text === null ? null : writeCell('csv', 'image_details.alt_text', image.alt_text),
        })),
      };
    });
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

/** A report beside a feed (header row, then rows): read in a spreadsheet, so formulas are neutralised. */
export const reportCsv = (headers: readonly string[], rows: string[][]) =>
  `${unparseCsvRows([[...headers]], { neutralise: false })}${CSV_NEWLINE}${unparseCsvRows(rows, { neutralise: true })}${rows.length > 0 ? CSV_NEWLINE : ''}`;

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
  return Object.entries(row).map(([key, value]) =>
    key === 'image_details' ? JSON.stringify(value) : (value as string | number | null),
  );
}

/** SPEC §3 and §9: a BOM, comma-separated, strings quoted, headers from the row keys, image_details as JSON. */
export function exportRowsToCsv(
  rows: readonly ExportRow[],
  headers: readonly string[] = EXPORT_HEADERS,
): string {
  return toCsv(headers, rows.map(exportRowCells), true);
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
export function toShopifyBodyHtml(description: string | null | undefined, facts?: string | null): string {
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
  const items = (facts ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => `<li>${escapeHtml(line)}</li>`);
  if (items.length > 0) paragraphs.push(`<ul>${items.join('')}</ul>`);
  return paragraphs.join('\n');
}

/**
 * A product's body as HTML: the store's own HTML when a fill-empty export kept it (fill-empty.ts), else the
 * copy as paragraphs with the fact sheet as a list.
 */
export function productBodyHtml(
  product: BundleWorkflowProduct,
  registry: CopyFieldRegistry = COPY_FIELD_REGISTRY,
): string {
  if (isStoreDescription(product)) return product.description ?? '';
  return toShopifyBodyHtml(product.description, copyText(product, fieldWithStoreBody(registry, 'facts')));
}

/** A translation's body as the store files and the push write it: its description and its own fact sheet. */
export function translationBodyHtml(
  translation: Translation,
  registry: CopyFieldRegistry = COPY_FIELD_REGISTRY,
): string {
  const facts = fieldWithStoreBody(registry, 'facts');
  const sheet = facts ? (translation as Record<string, unknown>)[facts.name] : null;
  return toShopifyBodyHtml(translation.description, typeof sheet === 'string' ? sheet : null);
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
