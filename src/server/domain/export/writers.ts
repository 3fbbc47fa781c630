// One writer per export-bundle format: its content type, file extension, and how a page of products (or one
// product with its variants) becomes text. The rows themselves come from the pure builders in src/common, the
// one home of each format's columns.
import type { BundleWorkflowProduct } from '../../../common/contract/entities';
import type { FunctionRequest } from '../../../common/contract/functions';
import { agentFeedWriter } from './agent-feed-writer';
import { approvedGroup } from './approval';
import { type KindedFile, writeCells } from './column-kinds';
import type { ExportOptions, ExportWriter } from './export-writer';
import { keepStoreCopy } from './fill-empty';
import { JSONLD_HEAD, JSONLD_TAIL, jsonLdEntry, jsonLdNode } from './jsonld';
import { MERCHANT_REPORT_HEADERS, merchantGroupRows, merchantHeaders, tsvLine } from './merchant';
import { asGroup } from './product-keys';
import { hasQaField } from './qa-pairs';
import {
  productBasePath,
  REDIRECT_HEADERS,
  REDIRECTION_PLUGIN_HEADERS,
  shopifyRedirectRow,
  woocommerceRedirectRow,
} from './redirects';
import {
  buildExportRows,
  CSV_NEWLINE,
  EXPORT_CSV_HEAD,
  exportRowCells,
  reportCsv,
  unparseCsvRows,
} from './rows';
import { shopifyExportHeaders, shopifyGroupRows } from './shopify';
import { SHOPIFY_TRANSLATION_HEADERS, shopifyTranslationRows } from './shopify-translations';
import { WOOCOMMERCE_HEADERS, woocommerceRow } from './woocommerce';

export type ExportFormat = FunctionRequest<'export-bundle'>['format'];
export type { ExportOptions, ExportWriter } from './export-writer';

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
  'shopify-translations': shopifyTranslationsWriter,
  woocommerce: woocommerceWriter,
  merchant: (options) => merchantWriter(options),
  redirects: redirectsWriter,
  'woocommerce-redirects': woocommerceRedirectsWriter,
  jsonld: jsonLdWriter,
  'agent-feed': agentFeedWriter,
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

/** Grouped, so that a product's translations are read from the product, never from a variant. */
function shopifyTranslationsWriter({ storeProductIds = new Map() }: ExportOptions): ExportWriter {
  return {
    ...storeCsvFile('shopify-translations', true, SHOPIFY_TRANSLATION_HEADERS),
    pieces: (members) =>
      members.length > 0
        ? storeCsv(
            'shopify-translations',
            SHOPIFY_TRANSLATION_HEADERS,
            shopifyTranslationRows(asGroup(members), storeProductIds),
          )
        : [],
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
function merchantWriter({
  merchantIdOf,
  generative = false,
  merchantAttributes = [],
}: ExportOptions): ExportWriter {
  if (!merchantIdOf) throw new Error('The merchant writer needs merchantIdOf.');
  const unmatched: string[][] = [];
  // Without a field holding them, no product has questions and answers: no column for them.
  const attributes = merchantAttributes.filter(
    (attribute) => attribute !== 'question_and_answer' || hasQaField(),
  );
  const headers = merchantHeaders(generative, attributes);
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
      const out = merchantGroupRows(asGroup(members), { idOf: merchantIdOf, generative, attributes });
      unmatched.push(
        ...out.unmatched.map((row) => writeCells('merchant-report', MERCHANT_REPORT_HEADERS, row)),
      );
      return out.rows.map((row) => tsvLine(writeCells('merchant', headers, row)));
    },
    reports: [
      {
        fileName: (stem) => `${stem}-merchant-unmatched.csv`,
        text: () => reportCsv(MERCHANT_REPORT_HEADERS, unmatched),
      },
    ],
  };
}
