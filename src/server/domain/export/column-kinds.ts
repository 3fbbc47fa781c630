// What each column of each export file is to whatever reads it, and how text is written into it: the one home
// of the rule that markup in a product's text never comes out raw. Imports decode entities
// (html-to-text.ts), so a name sent as "&lt;script&gt;" arrives as "<script>", and a raw one may arrive too;
// every writer passes its cells through writeCells with its format's kinds (column-kinds.test.ts checks that
// every header of every file has one). The JSON-LD file is JSON for a <script> element: escapeForScript
// below, applied to each node where it is written (jsonld.ts, jsonLdEntry).

import type { CopyFieldRegistry } from '../../../common/copy-fields/field-spec';
import { COPY_FIELD_REGISTRY } from '../../../common/copy-fields/registry';

/**
 * - key: what the importer matches rows on or links to (ID, SKU, image URL): written as it is, because a
 *   changed key matches nothing. Handles and redirect paths are text: one with a tag in it is no store's.
 * - html: HTML the store renders as HTML (Shopify Body (HTML), WooCommerce descriptions): our copy built with
 *   escapeHtml (rows.ts toShopifyBodyHtml), or the store's own HTML going back as it came.
 * - name: text the store prints into its pages, which WooCommerce and many Shopify themes do without escaping
 *   (titles, names, options, alt text, SEO title and description): written with escapeTags.
 * - text: a plain-text file (our CSV and JSON, the Merchant feed and its report): markup-looking text is
 *   dropped (stripTags). A tag in a product's text is never meant as text, and these files are pasted into
 *   sheets, feeds and CMS fields that may render HTML; entities would show as "&lt;" where they do not.
 */
export type ColumnKind = 'key' | 'html' | 'name' | 'text';

/** The csv file's copy columns and their kinds, from a registry. */
export function csvCopyKinds(registry: CopyFieldRegistry): Record<string, ColumnKind> {
  return Object.fromEntries(
    registry.flatMap((field) => {
      const csv = field.exports.csv;
      return csv && 'column' in csv ? [[csv.column, csv.kind]] : [];
    }),
  );
}

export const COLUMN_KINDS = {
  csv: {
    id: 'key',
    variant_of: 'key',
    // A copy field's column is of the kind its registry entry gives.
    ...csvCopyKinds(COPY_FIELD_REGISTRY),
    url_suggestion_level: 'key',
    // JSON of the images, written by rows.ts with each alt text as this pseudo-column says.
    image_details: 'key',
    'image_details.alt_text': 'text',
  },
  shopify: {
    Handle: 'text',
    Title: 'name',
    'Body (HTML)': 'html',
    'Option1 Name': 'name',
    'Option1 Value': 'name',
    'Option2 Name': 'name',
    'Option2 Value': 'name',
    'Option3 Name': 'name',
    'Option3 Value': 'name',
    'Variant SKU': 'key',
    'Image Src': 'key',
    'Image Position': 'key',
    'Image Alt Text': 'name',
    'SEO Title': 'name',
    'SEO Description': 'name',
  },
  woocommerce: {
    ID: 'key',
    SKU: 'key',
    Name: 'name',
    'Short description': 'html',
    Description: 'html',
    'Meta: _yoast_wpseo_title': 'name',
    'Meta: _yoast_wpseo_metadesc': 'name',
    'Meta: rank_math_title': 'name',
    'Meta: rank_math_description': 'name',
  },
  merchant: {
    id: 'key',
    title: 'text',
    description: 'text',
    structured_title: 'text',
    structured_description: 'text',
    item_group_title: 'text',
    question_and_answer: 'text',
    size: 'text',
    color: 'text',
  },
  'merchant-report': { product_id: 'key', name: 'text', handle: 'text', sku: 'key', reason: 'text' },
  // The agent feed's JSON (agent-feed.ts): the protocol reads titles, plain descriptions, alt texts, options
  // and the seller's name as plain text, and description.html as HTML; ids and URLs are keys.
  'agent-feed': {
    id: 'key',
    title: 'text',
    'description.plain': 'text',
    'description.html': 'html',
    alt_text: 'text',
    variant_option: 'text',
    'seller.name': 'text',
  },
  'agent-feed-report': { product_id: 'key', name: 'text', handle: 'text', sku: 'key', reason: 'text' },
  redirects: { 'Redirect from': 'text', 'Redirect to': 'text' },
  'woocommerce-redirects': { source: 'text', target: 'text', regex: 'key', code: 'key' },
  // Each content cell is written for its row's field by the builder (shopify-translations.ts): HTML for
  // body_html, escaped text for the others.
  'shopify-translations': {
    Type: 'key',
    Identification: 'key',
    Field: 'key',
    Locale: 'key',
    Market: 'key',
    Status: 'key',
    'Default content': 'html',
    'Translated content': 'html',
  },
  // A push to a connected store (stores/push-plan.ts) writes the same fields as the files, through the API.
  push: {
    // A translation's heading is the product title in that language, printed as the store prints names.
    heading: 'name',
    description: 'html',
    short_description: 'html',
    seo_title: 'name',
    seo_description: 'name',
    handle: 'text',
    alt_texts: 'name',
  },
} as const satisfies Record<string, Record<string, ColumnKind>>;

export type KindedFile = keyof typeof COLUMN_KINDS;

/**
 * Text for an HTML element's content or a double-quoted attribute: & < > " as entities. For HTML we build,
 * which the store always renders as HTML, so an entity never shows.
 */
export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * A name as the store should print it: < and > as entities, and & only where it would start an entity
 * ("&lt;"), so no tag can open. Quotes and a plain "Salt & Pepper" stay as they are, because a theme that
 * escapes the title itself would otherwise show "&quot;" and "&amp;" to shoppers.
 */
export const escapeTags = (text: string) =>
  text
    .replace(/&(?=#\d+;|#x[0-9a-f]+;|[a-z][a-z0-9]*;)/gi, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');

/** Plain text without markup: tags and comments dropped, and a < that would still open a tag with them. */
export const stripTags = (text: string) =>
  text
    .replace(/<!--[\s\S]*?(?:-->|$)/g, '')
    .replace(/<[a-z/!?][^<>]*>/gi, '')
    .replace(/<(?=[a-z/!?])/gi, '');

/**
 * JSON text that can be pasted into <script type="application/ld+json"> whole: < > & as \u003c \u003e \u0026,
 * which JSON reads back as the same characters, so no text in it can close the tag or open a comment.
 */
export const escapeForScript = (json: string) =>
  json.replace(/[<>&]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);

const WRITE: Record<ColumnKind, (text: string) => string> = {
  key: (text) => text,
  html: (text) => text,
  name: escapeTags,
  text: stripTags,
};

/** A text written for a column of this kind. */
export const writeKind = (kind: ColumnKind, text: string) => WRITE[kind](text);

/** One cell of `file` under `header`, written for its kind. A header without a kind is a bug. */
export function writeCell(file: KindedFile, header: string, value: string): string {
  const kind = (COLUMN_KINDS[file] as Record<string, ColumnKind>)[header];
  if (!kind) throw new Error(`No column kind for ${file} column "${header}" (column-kinds.ts).`);
  return WRITE[kind](value);
}

/** A row of `file` whose cells are in `headers` order, each written for its column's kind. */
export function writeCells<T extends string | number | null>(
  file: KindedFile,
  headers: readonly string[],
  row: readonly T[],
): T[] {
  return row.map((cell, i) => (typeof cell === 'string' ? writeCell(file, headers[i]!, cell) : cell) as T);
}
