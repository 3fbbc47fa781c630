// Guesses which column of an imported file holds each product-list column, from the header names that
// Shopify, WooCommerce and hand-made spreadsheets use. The user can correct every guess.
import { DEFAULT_COLUMNS } from '../contract/constants';

/**
 * The columns an import can fill: SPEC §9's eight, plus size and material, which new-bundle's parser also
 * accepts (ALLOWED_COLUMNS) and which store exports carry as variant options.
 */
export const IMPORT_COLUMNS = [...DEFAULT_COLUMNS, 'size', 'material'] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** For each import column, the index of the file column that fills it, or null when none does. */
export type ColumnMapping = Record<ImportColumn, number | null>;

/** Suffixes of the columns an import adds for store variant options and attributes (e.g. "Size (option)"). */
export const OPTION_SUFFIX = ' (option)';
export const ATTRIBUTE_SUFFIX = ' (attribute)';

export function normaliseHeader(header: string): string {
  return header
    .replace(/^\uFEFF/, '')
    .toLowerCase()
    .replace(/[_\-.]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whether a header row names every column of `all` and one or more of `any`, in normaliseHeader's form. */
export function hasHeaders(
  headers: readonly string[],
  all: readonly string[],
  any: readonly string[],
): boolean {
  const names = new Set(headers.map(normaliseHeader));
  return all.every((name) => names.has(name)) && any.some((name) => names.has(name));
}

const withoutParentheses = (header: string) => header.replace(/\s*\([^)]*\)\s*/g, ' ').trim();

// Exact names, best first: a file with both "Description" and "Short description" fills description from
// the first.
const SYNONYMS: Record<ImportColumn, string[]> = {
  title: ['title', 'product title', 'name', 'product name', 'productname', 'item name', 'product', 'item'],
  brand: ['brand', 'brands', 'brand name', 'vendor', 'manufacturer', 'make', 'maker'],
  url: [
    'url',
    'product url',
    'link',
    'product link',
    'permalink',
    'page url',
    'product page',
    'web address',
    'url (from handle)',
  ],
  image_urls: [
    'image urls',
    'image url',
    'image src',
    'product image url',
    'images',
    'image',
    'image link',
    'image links',
    'picture',
    'pictures',
    'photo',
    'photos',
    'main image',
    'featured image',
    'variant image',
  ],
  dimensions: [
    'dimensions',
    'dimension',
    'measurements',
    'product dimensions',
    'dims',
    'dimensions (l × w × h)',
  ],
  colour: [
    'colour',
    'color',
    'colours',
    'colors',
    'colour name',
    'color name',
    'variant colour',
    'variant color',
    'shade',
  ],
  description: [
    'body (html)',
    'body html',
    'body',
    'description',
    'product description',
    'long description',
    'full description',
    'desc',
    'details',
    'product details',
    'short description',
  ],
  fact_sheet: [
    'fact sheet',
    'factsheet',
    'facts',
    'specifications',
    'specification',
    'specs',
    'spec sheet',
    'technical details',
    'technical specifications',
    'key features',
    'features',
    'product features',
  ],
  size: ['size', 'sizes', 'variant size', 'clothing size', 'shoe size'],
  material: ['material', 'materials', 'fabric'],
};

// Single words that identify a column inside a longer header ("Product Colour (EN)"), tried last.
const HEADER_WORDS: [ImportColumn, string[]][] = [
  ['image_urls', ['image', 'images', 'photo', 'picture']],
  ['url', ['url', 'link', 'permalink']],
  ['brand', ['brand', 'manufacturer', 'vendor']],
  ['colour', ['colour', 'color']],
  ['size', ['size']],
  ['dimensions', ['dimensions', 'dimension', 'measurements']],
  ['fact_sheet', ['specifications', 'specs', 'features']],
  ['description', ['description']],
];
// Headers that mention a column's word but hold something else: SEO fields, alt texts, Google feed labels.
const NOT_PRODUCT_DATA =
  /\b(seo|meta|alt|google shopping|adwords|position|count|id|visible|global|download|external)\b/;

export function emptyMapping(): ColumnMapping {
  return Object.fromEntries(IMPORT_COLUMNS.map((column) => [column, null])) as ColumnMapping;
}

/**
 * Guesses a mapping from header names; each file column fills at most one import column. With
 * `exactOnly`, only whole known names count, not a known word inside a longer header.
 */
export function guessColumnMapping(headers: readonly string[], { exactOnly = false } = {}): ColumnMapping {
  const mapping = emptyMapping();
  const normalised = headers.map(normaliseHeader);
  // Shopify's category metafields ("Ring size (product.metafields.shopify.ring-size)") are product-level lists
  // of every value ("size-5; size-6"), never one product's or variant's value: never guessed.
  const used = new Set<number>(
    normalised.flatMap((header, index) => (/\bmetafields\b/.test(header) ? [index] : [])),
  );
  const claim = (column: ImportColumn, index: number) => {
    mapping[column] = index;
    used.add(index);
  };
  const findExact = (names: string[], transform: (header: string) => string) => {
    for (const name of names) {
      const index = normalised.findIndex((header, i) => !used.has(i) && transform(header) === name);
      if (index >= 0) return index;
    }
    return -1;
  };

  for (const transform of [(header: string) => header, withoutParentheses]) {
    for (const column of IMPORT_COLUMNS) {
      if (mapping[column] !== null) continue;
      const index = findExact(SYNONYMS[column], transform);
      if (index >= 0) claim(column, index);
    }
  }

  if (exactOnly) return mapping;
  for (const [column, words] of HEADER_WORDS) {
    if (mapping[column] !== null) continue;
    const index = normalised.findIndex((header, i) => {
      if (used.has(i) || NOT_PRODUCT_DATA.test(header)) return false;
      const tokens = header.split(/[^\p{L}\p{N}]+/u);
      return words.some((word) => tokens.includes(word));
    });
    if (index >= 0) claim(column, index);
  }

  // A store option that is not a colour, size or material (Logo, Format, Scent…) stays unmapped: it is no
  // measurement, and dimensions go into titles and slugs.
  return mapping;
}

/** How many columns a mapping fills. */
export const countMapped = (mapping: ColumnMapping) =>
  IMPORT_COLUMNS.filter((column) => mapping[column] !== null).length;

/**
 * Whether the first line of a file names its columns rather than holding a product: at least one cell is a
 * known column name and none is a web address. SPEC §5: a first line beginning with the first column's
 * name (title) is always a header.
 */
export function isHeaderRow(cells: readonly string[]): boolean {
  const normalised = cells.map(normaliseHeader);
  if (normalised[0] === DEFAULT_COLUMNS[0]) return true;
  if (normalised.some((cell) => /^(https?:)?\/\//.test(cell))) return false;
  return countMapped(guessColumnMapping(cells, { exactOnly: true })) > 0;
}
