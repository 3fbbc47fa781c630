// The built-in writer's fact sheet: the product's standard facts as lines labelled in the copy's language, a
// product sold in variants' range, then the product list's own fact sheet without the store's bookkeeping.
import type { FactKey, Phrasebook } from '../../../common/copy-rules/phrasebooks';
import { EN } from '../../../common/copy-rules/phrasebooks/en';
import type { VariantRange } from '../../../common/copy-rules/variant-range';
import type { ProductFacts } from './copy-writer';
import { value } from './offline-facts';

// Only facts about the product itself: no URL, SKU, handle or id, which are the store's bookkeeping.
const FACT_KEYS: readonly FactKey[] = [
  'brand',
  'colour',
  'dimensions',
  'size',
  'material',
  'range',
  'use_case',
];

// Labels of store bookkeeping in a user's own fact sheet, left out ("Handle: ...", "Option1 Name: Color").
const BOOKKEEPING_LABEL =
  /^(?:urls?|links?|handle|id|sku|gtin|ean|upc|barcode|mpn|status|published|tags?|vendor code|image(?: \w+)?|variant(?: \w+)?|option ?\d*(?: (?:name|value))?)$/i;
const LINK = /\bhttps?:\/\/|^\/\S+$|\bwww\./i;
const MEASURE = /\d\s*(?:cm|mm|m|in|inch|inches|ft|kg|g|lb|oz|"|″)\b|\d\s*[x×]\s*\d/i;

/**
 * Whether a value belongs under its label: dimensions state a measure, a colour does not ("Dimensions:
 * Blue" is an option in the wrong column, and is left out rather than printed as a fact).
 */
export function fitsLabel(key: string, text: string): boolean {
  if (LINK.test(text)) return false;
  if (key === 'dimensions') return /\d/.test(text);
  if (key === 'colour') return !MEASURE.test(text);
  return true;
}

/** The standard facts as lines, then `ownFacts` (the product list's own fact sheet) line by line. */
export function writeFactSheet(
  product: ProductFacts,
  ownFacts: string | null | undefined,
  range: readonly VariantRange[] = [],
  book: Phrasebook = EN,
): string {
  // A book without labels (the neutral one) lists the value alone: no word of another language.
  const line = (label: string, text: string) => (label === '' ? text : `${label}: ${text}`);
  const lines = FACT_KEYS.filter(
    (key) => value(product, key) !== '' && fitsLabel(key, value(product, key)),
  ).map((key) => line(book.factLabels[key], value(product, key)));
  // A product sold in variants lists every value of each option its variants differ in.
  for (const option of range) lines.push(`${option.name}: ${option.values.join(', ')}`);
  // The user's own fact sheet is kept line by line after the standard facts, without bookkeeping lines.
  for (const line of (ownFacts ?? '').split(/\r?\n/)) {
    const trimmed = line.replace(/^\s*[-*•]\s*/, '').trim();
    const [label = '', ...rest] = trimmed.split(':');
    if (trimmed === '' || BOOKKEEPING_LABEL.test(label.trim()) || LINK.test(rest.join(':'))) continue;
    if (!lines.some((existing) => existing.toLowerCase() === trimmed.toLowerCase())) lines.push(trimmed);
  }
  return lines.join('\n');
}
