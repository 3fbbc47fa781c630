// Variant detection (DESIGN.md, generation pipeline, "Variants"): products that share a base name and
// brand but differ in colour, size or dimensions point is_multiple_of at the first product of their group,
// so their copy is written from the parent's and never reads like a duplicate.

import { escapeRegExp } from '../../../common/copy-rules/copy-rules';
import {
  describeOptionDifferences,
  differingOptionValues,
  isValueList,
} from '../../../common/store-files/store-product-details';

export type VariantCandidate = { position: number; details: Record<string, string | null | undefined> };

/** The attributes that set variants apart, in the order differences are listed. */
export const VARIANT_ATTRIBUTES = ['colour', 'size', 'dimensions'] as const;

const COLOURS = [
  'black',
  'white',
  'grey',
  'gray',
  'red',
  'blue',
  'green',
  'yellow',
  'orange',
  'purple',
  'pink',
  'brown',
  'beige',
  'cream',
  'ivory',
  'navy',
  'teal',
  'turquoise',
  'aqua',
  'cyan',
  'magenta',
  'maroon',
  'burgundy',
  'olive',
  'khaki',
  'tan',
  'charcoal',
  'mint',
  'coral',
  'lilac',
  'lavender',
  'violet',
  'indigo',
  'mustard',
  'ochre',
  'gold',
  'silver',
  'bronze',
  'copper',
  'multicolour',
  'multicolor',
];
// A modifier only counts with a colour after it: "Light Blue" is a colour, "Copper Light" is a lamp.
const COLOUR_MODIFIERS = ['light', 'dark', 'pale', 'bright', 'deep', 'navy'];

const SIZE_WORDS = [
  'xxs',
  'xs',
  's',
  'm',
  'l',
  'xl',
  'xxl',
  'xxxl',
  '2xl',
  '3xl',
  '4xl',
  '5xl',
  'small',
  'medium',
  'large',
  'regular',
  'petite',
];

const UNITS = 'mm|cm|m|in|inch|inches|ft|"|″|\'|kg|g|lb|lbs|oz|ml|cl|l|litre|liter|litres|liters';
const NUMBER = '\\d+(?:[.,]\\d+)?';

// Phrases removed before splitting into words, longest first so "extra large" goes before "large".
const SIZE_PHRASES = [
  // 10 x 20 cm, 10x20x5
  `${NUMBER}\\s*(?:${UNITS})?(?:\\s*[x×]\\s*${NUMBER}\\s*(?:${UNITS})?)+`,
  // 10 cm, 32", 1.5 l
  `${NUMBER}\\s*(?:${UNITS})(?![\\p{L}\\d])`,
  // 8/10, 8-10 as clothing sizes
  '\\d{1,2}\\s*/\\s*\\d{1,2}',
  // size 8, size M; uk 10, eu 42, us 9.5 (only with a number, so "Made in US" keeps its words)
  'size\\s+[\\p{L}\\d/.]+',
  '(?:uk|eu|us)\\s*\\d+(?:[.,/]\\d+)?',
  '(?:extra|x)[\\s-]+(?:small|large)',
  'one[\\s-]+size',
  `(?:(?:${COLOUR_MODIFIERS.join('|')})[\\s-]+)?(?:${COLOURS.join('|')})`,
];

function phrasePattern(source: string): RegExp {
  // Words must stand alone: "red" is not removed from "bordered", nor "s" from "men's".
  return new RegExp(`(?<![\\p{L}\\d'’])(?:${source})(?![\\p{L}\\d'’])`, 'giu');
}

const SIZE_PHRASE_PATTERN = phrasePattern(SIZE_PHRASES.join('|'));
const SIZE_WORD_SET = new Set(SIZE_WORDS);
const CONNECTORS = new Set(['and', '&', 'or', 'with', 'in']);

const clean = (text: string | null | undefined) =>
  (text ?? '').normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

type NameParts = { base: string; removed: string };

/**
 * Splits a product name into its base (what the variants of one product share) and the words removed:
 * the product's own colour, size and dimensions values, colour words, size words and measurements.
 */
export function splitProductName(details: VariantCandidate['details']): NameParts {
  const removed: string[] = [];
  let name = ` ${clean(details.product_name)} `;
  const ownValues = VARIANT_ATTRIBUTES.map((key) => clean(details[key]))
    .filter((value) => value !== '')
    .sort((a, b) => b.length - a.length);
  for (const value of ownValues) {
    name = name.replace(phrasePattern(escapeRegExp(value)), (match) => {
      removed.push(match);
      return ' ; ';
    });
  }
  name = name.replace(SIZE_PHRASE_PATTERN, (match) => {
    removed.push(match);
    return ' ; ';
  });
  // ";" marks where a removed phrase stood, so that a connector beside it ("black and white") goes too.
  const tokens = name.split(/[^\p{L}\p{N}'’&;]+/u).filter(Boolean);
  const kept: string[] = [];
  tokens.forEach((token, index) => {
    if (token === ';') return;
    if (SIZE_WORD_SET.has(token)) {
      removed.push(token);
      return;
    }
    const besideRemoved = tokens[index - 1] === ';' || tokens[index + 1] === ';';
    if (CONNECTORS.has(token) && besideRemoved) return;
    kept.push(token);
  });
  return { base: kept.join(' '), removed: removed.map(clean).join(' ') };
}

function signatureOf(details: VariantCandidate['details'], removed: string): string {
  // Sorted, so "Red Large" and "Large Red" are the same variant.
  const removedWords = removed.split(' ').sort().join(' ');
  return [...VARIANT_ATTRIBUTES.map((key) => clean(details[key])), removedWords].join('\u0000');
}

/**
 * Maps each variant's position to its parent's: the first product (lowest position) of its group. A group
 * is the products with the same base name and brand, ignoring case. A product is a variant when its
 * colour, size, dimensions or removed name words differ from the parent's; an identical duplicate is not.
 * A product whose name is nothing but colour and size words is never grouped.
 */
export function detectVariants(products: readonly VariantCandidate[]): Map<number, number> {
  const parents = new Map<string, { position: number; signature: string }>();
  const variants = new Map<number, number>();
  const ordered = [...products].sort((a, b) => a.position - b.position);
  for (const product of ordered) {
    const { base, removed } = splitProductName(product.details);
    if (base === '') continue;
    const key = `${base}\u0000${clean(product.details.brand)}`;
    const signature = signatureOf(product.details, removed);
    const parent = parents.get(key);
    if (!parent) {
      parents.set(key, { position: product.position, signature });
    } else if (parent.signature !== signature) {
      variants.set(product.position, parent.position);
    }
  }
  return variants;
}

const display = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

/**
 * What sets a variant apart from its parent, for the variant prompt and the offline writer, e.g.
 * ["colour: Red (parent: Blue)", "size: Large"]. When only the names differ, the name is the difference.
 */
export function describeDifferences(
  parent: Pick<VariantCandidate, 'details'>,
  variant: Pick<VariantCandidate, 'details'>,
): string[] {
  const storeDifferences = describeOptionDifferences(parent.details, variant.details);
  if (storeDifferences !== null) return storeDifferences;
  const differences: string[] = [];
  for (const key of VARIANT_ATTRIBUTES) {
    const own = display(variant.details[key]);
    const theirs = display(parent.details[key]);
    if (clean(own) === clean(theirs)) continue;
    const value = own === '' ? 'none' : own;
    differences.push(theirs === '' ? `${key}: ${value}` : `${key}: ${value} (parent: ${theirs})`);
  }
  if (differences.length === 0) {
    const own = display(variant.details.product_name);
    const theirs = display(parent.details.product_name);
    if (clean(own) !== clean(theirs)) differences.push(`name: ${own} (parent: ${theirs})`);
  }
  return differences;
}

/**
 * The option values a variant's title and heading must name: its own colour, size and
 * dimensions wherever they differ from its parent's, as the variant's data writes them.
 */
export function differingValues(
  parent: Pick<VariantCandidate, 'details'>,
  variant: Pick<VariantCandidate, 'details'>,
): string[] {
  // A store variant's own row says what it is; a list of values is never one variant's value.
  const options = differingOptionValues(parent.details, variant.details);
  if (options !== null) return options;
  return VARIANT_ATTRIBUTES.map((key) => display(variant.details[key])).filter(
    (own, index) =>
      own !== '' && !isValueList(own) && clean(own) !== clean(parent.details[VARIANT_ATTRIBUTES[index]!]),
  );
}
