// One writer per export-bundle format: its content type, file extension, and how a page of products (or one
// product with its variants) becomes text. The rows themselves come from the pure builders in src/common, the
// one home of each format's columns.
import type { BundleWorkflowProduct } from '../../common/entities';
import type { FunctionRequest } from '../../common/functions';
import { keepStoreCopy } from './fill-empty';
import { JSONLD_HEAD, JSONLD_TAIL, jsonLdEntry, jsonLdNode } from './jsonld';
import { MERCHANT_HEADERS, merchantGroupRows, tsvLine } from './merchant';
import type { ProductGroup } from './product-keys';
import { REDIRECT_HEADERS, redirectRow } from './redirects';
import { buildExportRows, CSV_NEWLINE, EXPORT_CSV_HEAD, exportRowCells, unparseCsvRows } from './rows';
import { shopifyExportHeaders, shopifyGroupRows } from './shopify';
import { WOOCOMMERCE_HEADERS, woocommerceRow } from './woocommerce';

export type ExportFormat = FunctionRequest<'export-bundle'>['format'];

/**
 * The file is head, then every piece joined by separator, then tail. `grouped` writers get one product with
 * its variants at a time (they must stay together); the others get a page of products in id order.
 */
export type ExportWriter = {
  contentType: string;
  extension: string;
  /** What the file name says after the bundle's name. */
  suffix: string;
  grouped: boolean;
  head: string;
  separator: string;
  tail: string;
  pieces: (products: BundleWorkflowProduct[]) => string[];
};

/** A grouped writer's chunk as a ProductGroup: the parent is the product the others point at. */
function asGroup(members: BundleWorkflowProduct[]): ProductGroup {
  const parent = members.find((member) => !member.is_multiple_of) ?? members[0]!;
  return { parent, members };
}

// Store files are read by importers, not spreadsheets: no formula quote (it would be imported as text).
const storeCsv = (rows: string[][]) => (rows.length > 0 ? [unparseCsvRows(rows, { neutralise: false })] : []);
const csvHead = (headers: readonly string[]) =>
  `${unparseCsvRows([[...headers]], { neutralise: false })}${CSV_NEWLINE}`;

const csv = 'text/csv; charset=utf-8';

export type ExportOptions = {
  hasVariants: boolean;
  /** The bundle's "fill empty, don't overwrite": the store's own copy is written wherever it had some. */
  fillEmptyOnly?: boolean;
};

export function exportWriter(format: ExportFormat, options: ExportOptions): ExportWriter {
  const writer = formatWriter(format, options);
  if (!options.fillEmptyOnly) return writer;
  return { ...writer, pieces: (products) => writer.pieces(products.map(keepStoreCopy)) };
}

function formatWriter(format: ExportFormat, { hasVariants, fillEmptyOnly }: ExportOptions): ExportWriter {
  switch (format) {
    case 'csv':
      // The same text as exportRowsToCsv(buildExportRows(products)) in src/common, a page at a time.
      return {
        contentType: csv,
        extension: 'csv',
        suffix: 'generated',
        grouped: false,
        head: `${EXPORT_CSV_HEAD}${CSV_NEWLINE}`,
        separator: CSV_NEWLINE,
        tail: '',
        pieces: (page) => [unparseCsvRows(buildExportRows(page).map(exportRowCells), { neutralise: true })],
      };
    case 'json':
      // The same text as exportRowsToJson in src/common: JSON.stringify(rows, null, 2) and a newline.
      return {
        contentType: 'application/json; charset=utf-8',
        extension: 'json',
        suffix: 'generated',
        grouped: false,
        head: '[\n',
        separator: ',\n',
        tail: '\n]\n',
        pieces: (page) =>
          buildExportRows(page).map((row) => `  ${JSON.stringify(row, null, 2).replace(/\n/g, '\n  ')}`),
      };
    case 'shopify':
      return {
        contentType: csv,
        extension: 'csv',
        suffix: 'shopify-products',
        grouped: true,
        head: csvHead(shopifyExportHeaders(hasVariants)),
        separator: CSV_NEWLINE,
        tail: '',
        pieces: (members) => storeCsv(shopifyGroupRows(asGroup(members), hasVariants)),
      };
    case 'woocommerce':
      return {
        contentType: csv,
        extension: 'csv',
        suffix: 'woocommerce-products',
        grouped: false,
        head: csvHead(WOOCOMMERCE_HEADERS),
        separator: CSV_NEWLINE,
        tail: '',
        pieces: (page) => storeCsv(page.map((product) => woocommerceRow(product, { fillEmptyOnly }))),
      };
    case 'merchant':
      return {
        contentType: 'text/tab-separated-values; charset=utf-8',
        extension: 'tsv',
        suffix: 'merchant-feed',
        grouped: true,
        head: `${tsvLine(MERCHANT_HEADERS)}\n`,
        separator: '\n',
        tail: '\n',
        pieces: (members) => merchantGroupRows(asGroup(members)).map(tsvLine),
      };
    case 'redirects':
      return {
        contentType: csv,
        extension: 'csv',
        suffix: 'redirects',
        grouped: false,
        head: csvHead(REDIRECT_HEADERS),
        separator: CSV_NEWLINE,
        tail: '',
        pieces: (page) => storeCsv(page.map(redirectRow).filter((row) => row !== null)),
      };
    case 'jsonld':
      return {
        contentType: 'application/ld+json; charset=utf-8',
        extension: 'jsonld',
        suffix: 'structured-data',
        grouped: true,
        head: JSONLD_HEAD,
        separator: ',\n',
        tail: JSONLD_TAIL,
        pieces: (members) => [jsonLdEntry(jsonLdNode(asGroup(members)))],
      };
  }
}
