// The offline writer's fields, one function each, every one within the limits Google shows and built only
// from the product's own facts plus phrases that are true of any product page.
import {
  collectGroundedKeys,
  countCharacters,
  findUngroundedTokens,
  SEO_LIMITS,
  truncateAtWordBoundary,
} from '../../../common/copy-rules/copy-rules';
import { fitField, measureField } from '../../../common/copy-rules/seo-checks';
import { estimateDescriptionWidth } from '../../../common/copy-rules/serp-width';
import type { CopyFields, WriteCopyInput } from './copy-writer';
import { describeAttributes, type Facts, firstThatFits, listValues, value } from './offline-facts';

export function writePageTitle(facts: Facts): string {
  const values = listValues(facts.attributes);
  const suffix = values === '' ? '' : ` – ${values}`;
  const candidates = [
    ...(facts.brand === '' ? [] : [`${facts.name}${suffix} | ${facts.brand}`]),
    `${facts.name}${suffix}`,
  ];
  const fitting = candidates.find((candidate) => measureField('page_title', candidate) === null);
  return fitting ?? fitWithSuffix(facts.name, suffix);
}

/**
 * The name cut to fit the title's characters and pixels with the suffix kept whole (the suffix is what sets a
 * variant apart), unless the name would have to shrink below a dozen characters.
 */
function fitWithSuffix(name: string, suffix: string): string {
  const candidate = firstThatFits([], SEO_LIMITS.pageTitleMax, name, suffix);
  if (measureField('page_title', candidate) === null) return candidate;
  let shorter = name;
  while (countCharacters(shorter) > 12) {
    shorter = truncateAtWordBoundary(shorter, countCharacters(shorter) - 1);
    const next = `${shorter}${suffix}`;
    if (measureField('page_title', next) === null) return next;
  }
  return fitField('page_title', `${name}${suffix}`);
}

/**
 * The full name with every value that sets the product apart; when that is too long, the least important
 * value (the last) goes first, and the name is cut at a word only when it alone is too long.
 */
export function writeHeading(facts: Facts, isVariant = false): string {
  // A variant's heading is told apart by its values: the name gives way to them, as in its title.
  if (isVariant && facts.attributes.length > 0) {
    return firstThatFits(
      [],
      SEO_LIMITS.headingMax,
      facts.name,
      ` in ${describeAttributes(facts.attributes)}`,
    );
  }
  for (let count = facts.attributes.length; count >= 0; count--) {
    const kept = facts.attributes.slice(0, count);
    const suffix = kept.length === 0 ? '' : ` in ${describeAttributes(kept)}`;
    const candidate = `${facts.name}${suffix}`;
    if (countCharacters(candidate) <= SEO_LIMITS.headingMax) return candidate;
  }
  return truncateAtWordBoundary(facts.name, SEO_LIMITS.headingMax);
}

/** The keyword phrases of the bundle that relate to this product and claim nothing its data lacks. */
export function relevantKeywords(keywords: string, facts: Facts): string[] {
  const stem = (word: string) => word.toLowerCase().replace(/(?:es|s)$/, '');
  const productWords = new Set(
    [facts.name, ...facts.sentences, value(facts.product, 'use_case'), value(facts.product, 'range')]
      .join(' ')
      .split(/[^\p{L}\p{N}]+/u)
      .filter((word) => word.length >= 3)
      .map(stem),
  );
  const grounded = collectGroundedKeys(facts.product);
  return keywords
    .split(/[,;\n]+/)
    .map((phrase) => phrase.replace(/\s+/g, ' ').trim())
    .filter((phrase) => phrase !== '' && countCharacters(phrase) <= 60)
    .filter((phrase) =>
      phrase.split(/[^\p{L}\p{N}]+/u).some((word) => word.length >= 3 && productWords.has(stem(word))),
    )
    .filter((phrase) => findUngroundedTokens(phrase, grounded).length === 0)
    .slice(0, 2);
}

const LIVELY_TONE =
  /\b(?:playful|fun|friendly|casual|upbeat|enthusiastic|energetic|cheerful|bold|excited)\b/i;

function closingLine(facts: Facts, tone: string): string {
  return LIVELY_TONE.test(tone)
    ? `Order the ${facts.name} from our online shop today!`
    : `Order the ${facts.name} from our online shop today.`;
}

// Generic phrases that are true of any product page; they only pad a short meta description up to 120.
const PADDING = [
  'See the full product details and fact sheet on our site.',
  'Find out more on the product page.',
  'Browse the full range online.',
  'Add it to your basket today.',
  'Order online today.',
  'Discover it online.',
  'Shop now.',
];

/**
 * Fits a sentence where `fits` allows, dropping trailing clauses of our own wording if need be; null if it
 * cannot fit. The store's sentences are never cut at a comma: "Du suchst ein Geschenk, das kreativ." is
 * half a sentence.
 */
function fitSentence(
  sentence: string,
  fits: (sentence: string) => boolean,
  ownWording = true,
): string | null {
  if (fits(sentence)) return sentence;
  if (!ownWording) return null;
  const clauses = sentence.replace(/[.!?]$/, '').split(/,\s+/);
  for (let count = clauses.length - 1; count >= 1; count--) {
    const shorter = `${clauses.slice(0, count).join(', ')}.`;
    if (fits(shorter)) return shorter;
  }
  return null;
}

/** Whether a meta description is within its characters and Google's pixel width. */
const metaFits = (text: string) =>
  countCharacters(text) <= SEO_LIMITS.metaDescriptionMax &&
  estimateDescriptionWidth(text) <= SEO_LIMITS.metaDescriptionPixels;

// Other wordings of the meta description's first and last sentences, for `variation` 1, 2, 3: siblings whose
// data differ only by a value need more than the value to differ (docs/decisions/008).
const META_LEADS: ((name: string, attributes: string, brand: string) => string)[] = [
  (name, attributes, brand) => `${name}${attributes}${brand === '' ? '' : ` from ${brand}`}.`,
  (name, attributes, brand) =>
    `Meet the ${name}${attributes}${brand === '' ? '' : ` by ${brand}`}, ready to order online.`,
  (name, attributes, brand) =>
    `Looking for the ${name}${attributes}? ${brand === '' ? 'Find it right here.' : `This one is from ${brand}.`}`,
  (name, attributes, brand) =>
    `Choose the ${name}${attributes}${brand === '' ? '' : `, made by ${brand}`}, with every detail listed.`,
];
const META_CLOSINGS: ((name: string) => string)[] = [
  (name) => `Order the ${name} from our shop today.`,
  (name) => `Add the ${name} to your basket today.`,
  (name) => `Find the ${name} in our online shop.`,
  (name) => `See the ${name} and its options online.`,
];

// Sentences true of any product page, two at a time, for the wordings past the first four: a dozen sibling
// variants whose descriptions are one text still get meta descriptions that read apart (never a counter).
const GENERIC_SENTENCES = [
  'Every detail is listed on the product page.',
  'Check the photos and the fact sheet before you choose.',
  'Pick the option that suits you best.',
  'See every option side by side.',
  'Questions? Our team is happy to help.',
  'Your order is packed with care.',
  'Compare it with the rest of the range.',
  'Save it to your wish list for later.',
];
const GENERIC_PAIRS = GENERIC_SENTENCES.flatMap((first, i) =>
  GENERIC_SENTENCES.slice(i + 1).map((second) => [first, second] as const),
);

/** How many wordings the meta description has (`variation` 0 to META_VARIATIONS - 1). */
export const META_VARIATIONS = META_LEADS.length + GENERIC_PAIRS.length;

export function writeMetaDescription(facts: Facts, keywords: string[], tone: string, variation = 0): string {
  const full = buildMetaDescription(facts, keywords, tone, variation);
  // Wide text (capitals, symbols) can fill Google's pixels before the 120 characters: fewer of the store's
  // sentences leave room for our shorter, narrower ones.
  for (let kept = facts.sentences.length - 1; kept >= 0; kept--) {
    if (countCharacters(full) >= SEO_LIMITS.metaDescriptionMin) break;
    const fewer = buildMetaDescription(
      { ...facts, sentences: facts.sentences.slice(0, kept) },
      keywords,
      tone,
      variation,
    );
    if (countCharacters(fewer) >= SEO_LIMITS.metaDescriptionMin) return fewer;
  }
  return full;
}

function buildMetaDescription(facts: Facts, keywords: string[], tone: string, variation: number): string {
  const attributes = facts.attributes.length === 0 ? '' : ` in ${describeAttributes(facts.attributes)}`;
  const wording = ((variation % META_VARIATIONS) + META_VARIATIONS) % META_VARIATIONS;
  const form = wording % META_LEADS.length;
  const generic = wording < META_LEADS.length ? undefined : GENERIC_PAIRS[wording - META_LEADS.length];
  const lead =
    fitSentence(META_LEADS[form]!(facts.name, attributes, facts.brand), metaFits) ??
    `${fitField('meta_description', truncateAtWordBoundary(facts.name, 100))}.`;
  const parts = [lead];
  let length = countCharacters(lead);
  const add = (sentence: string, stopAtMinimum = false, ownWording = true) => {
    if (stopAtMinimum && length >= SEO_LIMITS.metaDescriptionMin) return;
    const fits = (candidate: string) => metaFits([...parts, candidate].join(' '));
    const fitted = fitSentence(sentence, fits, ownWording);
    if (fitted === null || parts.includes(fitted)) return;
    parts.push(fitted);
    length += 1 + countCharacters(fitted);
  };
  for (const sentence of generic ?? []) add(sentence);
  for (const sentence of generic ? [] : facts.sentences) add(sentence, false, false);
  for (const keyword of keywords) add(`Shop ${keyword} online.`);
  add(form === 0 ? closingLine(facts, tone) : META_CLOSINGS[form]!(facts.name), true);
  for (const pad of PADDING) add(pad, true);
  return parts.join(' ');
}

export function writeDescription(facts: Facts, input: WriteCopyInput, keywords: string[]): string {
  const { sentences } = facts;
  const lead = `The ${facts.name}${facts.brand === '' ? '' : ` from ${facts.brand}`}.`;
  const firstHalf = sentences.length >= 3 ? Math.ceil(sentences.length / 2) : sentences.length;
  const details: string[] = [];
  if (facts.attributes.length > 0) {
    const what = input.parent ? `This version of the ${facts.name}` : `The ${facts.name}`;
    details.push(`${what} is available in ${describeAttributes(facts.attributes)}.`);
  }
  const counts = value(facts.product, 'variant_counts');
  if (counts) details.push(`The ${facts.name} is available in ${joinWithAnd(counts.split(', '))}.`);
  const material = value(facts.product, 'material');
  const range = value(facts.product, 'range');
  const useCase = value(facts.product, 'use_case');
  if (material) details.push(`Material: ${material}.`);
  if (range) details.push(`It is part of the ${range} range.`);
  if (useCase) details.push(`Suited to ${useCase.replace(/[.!?]+$/, '')}.`);
  const closing = [
    ...keywords.map((keyword) => `A good pick if you are looking for ${keyword}.`),
    closingLine(facts, input.settings.tone_of_voice),
  ];
  const paragraphs = [
    sentences.length === 0 ? [lead] : sentences.slice(0, firstHalf),
    sentences.slice(firstHalf),
    [...details, ...closing],
  ]
    .filter((paragraph) => paragraph.length > 0)
    .map((paragraph) => paragraph.join(' '));
  // A bullet list stays a list, one "- item" per line, after the opening paragraphs.
  if (facts.bullets.length > 0) {
    paragraphs.splice(
      Math.min(2, paragraphs.length - 1),
      0,
      facts.bullets.map((item) => `- ${item}`).join('\n'),
    );
  }
  return paragraphs.join('\n\n');
}

/** "a, b and c". */
const joinWithAnd = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/** A variant's title and meta description must never repeat its parent's. */
export function setApartFromParent(copy: CopyFields, facts: Facts, parent: CopyFields): CopyFields {
  const differs = facts.attributes.length > 0 ? listValues(facts.attributes) : 'another version';
  const pageTitle =
    copy.page_title === parent.page_title ? fitWithSuffix(facts.name, ` – ${differs}`) : copy.page_title;
  let meta = copy.meta_description;
  if (meta === parent.meta_description) {
    const prefix = `This is ${differs === 'another version' ? differs : `the version in ${differs}`}. `;
    meta = fitField('meta_description', `${prefix}${meta}`);
  }
  return { ...copy, page_title: pageTitle, meta_description: meta };
}
