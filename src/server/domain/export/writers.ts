// One writer per export-bundle format: its content type, file extension, and how a page of products (or one
// product with its variants) becomes text. The rows themselves come from the pure builders in src/common, the
// one home of each format's columns.
import type { BundleWorkflowProduct } from '../../../common/contract/entities';
import type { FunctionRequest } from '../../../common/contract/functions';
import { approvedGroup } from './approval';
import { type KindedFile, writeCells } from './column-kinds';
import { keepStoreCopy } from './fill-empty';
import { JSONLD_HEAD, JSONLD_TAIL, jsonLdEntry, jsonLdNode } from './jsonld';
import { MERCHANT_REPORT_HEADERS, merchantGroupRows, merchantHeaders, tsvLine } from './merchant';
import type { MerchantIdOf } from './merchant-ids';
import type { ProductGroup } from './product-keys';
import {
  type HandleChanges,
  productBasePath,
  REDIRECT_HEADERS,
  REDIRECTION_PLUGIN_HEADERS,
  shopifyRedirectRow,
  woocommerceRedirectRow,
} from './redirects';
import { buildExportRows, CSV_NEWLINE, EXPORT_CSV_HEAD, exportRowCells, unparseCsvRows } from './rows';
import { shopifyExportHeaders, shopifyGroupRows } from './shopify';
import { WOOCOMMERCE_HEADERS, woocommerceRow } from './woocommerce';

export type ExportFormat = FunctionRequest<'export-bundle'>['format'];

/**
 * The file is head, then every piece joined by separator, then tail. `grouped` writers get one product with
 * its variants at a time (they must stay together); the others get a page of products in id order. A writer
 * with `report` writes a second file beside the first (both in one zip), its text asked for at the end.
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
  report?: { suffix: string; extension: string; text: () => string };
};

/** A grouped writer's chunk as a ProductGroup: the parent is the product the others point at. */
function asGroup(members: BundleWorkflowProduct[]): ProductGroup {
  const parent = members.find((member) => !member.is_multiple_of) ?? members[0]!;
  return { parent, members };
}

// Store files are read by importers, not spreadsheets: no formula quote (it would be imported as text). Their
// copy cells lose a formula start instead (rows.ts copyCell), and each cell is written for its column's kind
// (column-kinds.ts): markup in a name is escaped, our HTML and the store's keys go as they are.
const storeCsv = (file: KindedFile, headers: readonly string[], rows: string[][]) =>
  rows.length > 0
    ? [
        unparseCsvRows(
          rows.map((row) => writeCells(file, headers, row)),
          { neutralise: false },
        ),
      ]
    : [];
const csvHead = (headers: readonly string[]) =>
  `${unparseCsvRows([[...headers]], { neutralise: false })}${CSV_NEWLINE}`;

const csv = 'text/csv; charset=utf-8';

export type ExportOptions = {
  hasVariants: boolean;
  /** The bundle's "fill empty, don't overwrite": the store's own copy is written wherever it had some. */
  fillEmptyOnly?: boolean;
  /** only_approved: csv, json and redirects keep the approved products; the others whole products (approval.ts). */
  onlyApproved?: boolean;
  /** The bundle's currency (ISO 4217), for the structured data's offers. */
  currency?: string | null;
  /** merchant: each item's main-feed id, and whether a generative model wrote the copy. */
  merchantIdOf?: MerchantIdOf;
  generative?: boolean;
  /** redirects: the handles a push with write_handles changed, per run product (pushed-handles.ts). */
  handleChanges?: HandleChanges;
  /** woocommerce-redirects: the store's product base. */
  productBase?: string;
};

export function exportWriter(format: ExportFormat, options: ExportOptions): ExportWriter {
  const writer = formatWriter(format, options);
  const keep = options.fillEmptyOnly ? keepStoreCopy : (product: BundleWorkflowProduct) => product;
  const approve = !options.onlyApproved
    ? (products: BundleWorkflowProduct[]) => products
    : writer.grouped
      ? approvedGroup
      : (products: BundleWorkflowProduct[]) => products.filter((p) => p.review_state === 'approved');
  return { ...writer, pieces: (products) => writer.pieces(approve(products.map(keep))) };
}

function formatWriter(format: ExportFormat, options: ExportOptions): ExportWriter {
  return FORMAT_WRITERS[format](options);
}

/** Each format's writer: a new format is a new entry here. */
const FORMAT_WRITERS: Record<ExportFormat, (options: ExportOptions) => ExportWriter> = {
  csv: () => generatedCsvWriter(),
  json: () => generatedJsonWriter(),
  shopify: shopifyWriter,
  woocommerce: woocommerceWriter,
  merchant: (options) => merchantWriter(options),
  redirects: redirectsWriter,
  'woocommerce-redirects': woocommerceRedirectsWriter,
  jsonld: jsonLdWriter,
};

/** A CSV file for a store's importer: a header row, then the writer's rows. */
function storeCsvFile(suffix: string, grouped: boolean, headers: readonly string[]) {
  return {
    contentType: csv,
    extension: 'csv',
    suffix,
    grouped,
    head: csvHead(headers),
    separator: CSV_NEWLINE,
    tail: '',
  };
}

/** The same text as exportRowsToCsv(buildExportRows(products)), a page at a time. */
function generatedCsvWriter(): ExportWriter {
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
}

/** The same text as exportRowsToJson: JSON.stringify(rows, null, 2) and a newline. */
function generatedJsonWriter(): ExportWriter {
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
}

function shopifyWriter({ hasVariants }: ExportOptions): ExportWriter {
  const headers = shopifyExportHeaders(hasVariants);
  return {
    ...storeCsvFile('shopify-products', true, headers),
    pieces: (members) =>
      members.length > 0 ? storeCsv('shopify', headers, shopifyGroupRows(asGroup(members), hasVariants)) : [],
  };
}

/** Grouped, so that a variable product and its variations are in the file together or not at all. */
function woocommerceWriter({ fillEmptyOnly }: ExportOptions): ExportWriter {
  return {
    ...storeCsvFile('woocommerce-products', true, WOOCOMMERCE_HEADERS),
    pieces: (members) =>
      storeCsv(
        'woocommerce',
        WOOCOMMERCE_HEADERS,
        members.map((product) => woocommerceRow(product, { fillEmptyOnly })),
      ),
  };
}

function redirectsWriter({ handleChanges = new Map() }: ExportOptions): ExportWriter {
  return {
    ...storeCsvFile('redirects', false, REDIRECT_HEADERS),
    pieces: (page) =>
      storeCsv(
        'redirects',
        REDIRECT_HEADERS,
        page.map((product) => shopifyRedirectRow(product, handleChanges)).filter((row) => row !== null),
      ),
  };
}

function woocommerceRedirectsWriter({ productBase, handleChanges = new Map() }: ExportOptions): ExportWriter {
  const base = productBasePath(productBase);
  return {
    ...storeCsvFile('woocommerce-redirects', false, REDIRECTION_PLUGIN_HEADERS),
    pieces: (page) =>
      storeCsv(
        'woocommerce-redirects',
        REDIRECTION_PLUGIN_HEADERS,
        page
          .map((product) => woocommerceRedirectRow(product, base, handleChanges))
          .filter((row) => row !== null),
      ),
  };
}

function jsonLdWriter({ currency }: ExportOptions): ExportWriter {
  return {
    contentType: 'application/ld+json; charset=utf-8',
    extension: 'jsonld',
    suffix: 'structured-data',
    grouped: true,
    head: JSONLD_HEAD,
    separator: ',\n',
    tail: JSONLD_TAIL,
    pieces: (members) =>
      members.length > 0 ? [jsonLdEntry(jsonLdNode(asGroup(members), currency ?? null))] : [],
  };
}

/** The supplemental feed, and beside it the report of the products the main feed has no id for. */
function merchantWriter({ merchantIdOf, generative = false }: ExportOptions): ExportWriter {
  if (!merchantIdOf) throw new Error('The merchant writer needs merchantIdOf.');
  const unmatched: string[][] = [];
  const headers = merchantHeaders(generative);
  return {
    contentType: 'application/zip',
    extension: 'tsv',
    suffix: 'merchant-feed',
    grouped: true,
    head: `${tsvLine(headers)}\n`,
    separator: '\n',
    tail: '\n',
    pieces: (members) => {
      if (members.length === 0) return [];
      const out = merchantGroupRows(asGroup(members), { idOf: merchantIdOf, generative });
      unmatched.push(
        ...out.unmatched.map((row) => writeCells('merchant-report', MERCHANT_REPORT_HEADERS, row)),
      );
      return out.rows.map((row) => tsvLine(writeCells('merchant', headers, row)));
    },
    report: {
      suffix: 'merchant-unmatched',
      extension: 'csv',
      text: () =>
        `${csvHead(MERCHANT_REPORT_HEADERS)}${unparseCsvRows(unmatched, { neutralise: true })}${unmatched.length > 0 ? CSV_NEWLINE : ''}`,
    },
  };
}
