// The offline writer's fields, one function each, every one within the limits Google shows and built only
// from the product's own facts plus phrases that are true of any product page.
import {
  collectGroundedKeys,
  countCharacters,
  findUngroundedTokens,
  SEO_LIMITS,
  truncateAtWordBoundary,
} from '../../common/copy-rules';
import type { CopyFields, ProductFacts, WriteCopyInput } from './copy-writer';
import { describeAttributes, type Facts, firstThatFits, listValues, value } from './offline-facts';

export function writePageTitle(facts: Facts): string {
  const values = listValues(facts.attributes);
  const suffix = values === '' ? '' : ` – ${values}`;
  const candidates = [
    ...(facts.brand === '' ? [] : [`${facts.name}${suffix} | ${facts.brand}`]),
    `${facts.name}${suffix}`,
  ];
  return firstThatFits(candidates, SEO_LIMITS.pageTitleMax, facts.name, suffix);
}

export function writeHeading(facts: Facts): string {
  const suffix = facts.attributes.length === 0 ? '' : ` in ${describeAttributes(facts.attributes)}`;
  return firstThatFits([`${facts.name}${suffix}`], SEO_LIMITS.headingMax, facts.name, suffix);
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
    ? `Order the ${facts.name} online today!`
    : `Order the ${facts.name} online today.`;
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

/** Fits a sentence into `room` characters, dropping trailing clauses if need be; null if it cannot fit. */
function fitSentence(sentence: string, room: number): string | null {
  if (countCharacters(sentence) <= room) return sentence;
  const clauses = sentence.replace(/[.!?]$/, '').split(/,\s+/);
  for (let count = clauses.length - 1; count >= 1; count--) {
    const shorter = `${clauses.slice(0, count).join(', ')}.`;
    if (countCharacters(shorter) <= room) return shorter;
  }
  return null;
}

export function writeMetaDescription(facts: Facts, keywords: string[], tone: string): string {
  const max = SEO_LIMITS.metaDescriptionMax;
  const attributes = facts.attributes.length === 0 ? '' : ` in ${describeAttributes(facts.attributes)}`;
  const from = facts.brand === '' ? '' : ` from ${facts.brand}`;
  const lead =
    fitSentence(`${facts.name}${attributes}${from}.`, max) ?? `${truncateAtWordBoundary(facts.name, 100)}.`;
  const parts = [lead];
  let length = countCharacters(lead);
  const add = (sentence: string, stopAtMinimum = false) => {
    if (stopAtMinimum && length >= SEO_LIMITS.metaDescriptionMin) return;
    const fitted = fitSentence(sentence, max - length - 1);
    if (fitted === null || parts.includes(fitted)) return;
    parts.push(fitted);
    length += 1 + countCharacters(fitted);
  };
  for (const sentence of facts.sentences) add(sentence);
  for (const keyword of keywords) add(`Shop ${keyword} online.`);
  add(closingLine(facts, tone), true);
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
    details.push(`${what} comes in ${describeAttributes(facts.attributes)}.`);
  }
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
  ];
  return paragraphs
    .filter((paragraph) => paragraph.length > 0)
    .map((paragraph) => paragraph.join(' '))
    .join('\n\n');
}

const FACT_LABELS: [key: string, label: string][] = [
  ['brand', 'Brand'],
  ['colour', 'Colour'],
  ['dimensions', 'Dimensions'],
  ['size', 'Size'],
  ['material', 'Material'],
  ['range', 'Range'],
  ['use_case', 'Use case'],
  ['sku', 'SKU'],
  ['url', 'URL'],
];

export function writeFactSheet(product: ProductFacts): string {
  const lines = FACT_LABELS.filter(([key]) => value(product, key) !== '').map(
    ([key, label]) => `${label}: ${value(product, key)}`,
  );
  // The user's own fact sheet is kept line by line after the standard facts.
  for (const line of (product.fact_sheet ?? '').split(/\r?\n/)) {
    const trimmed = line.trim();
    if (trimmed !== '' && !lines.some((existing) => existing.toLowerCase() === trimmed.toLowerCase())) {
      lines.push(trimmed);
    }
  }
  return lines.join('\n');
}

export function writeAltTexts(facts: Facts, imageCount: number): string[] {
  const attributes = facts.attributes.length === 0 ? '' : ` in ${describeAttributes(facts.attributes)}`;
  const by = facts.brand === '' ? '' : ` by ${facts.brand}`;
  return Array.from({ length: imageCount }, (_, index) => {
    // checkCopy accepts "image N of M" as a position, not a claim.
    const position = imageCount > 1 ? `, image ${index + 1} of ${imageCount}` : '';
    const candidates = [
      `${facts.name}${attributes}${by}${position}`,
      `${facts.name}${attributes}${position}`,
    ];
    return firstThatFits(candidates, SEO_LIMITS.altTextMax, facts.name, `${attributes}${position}`);
  });
}

/** A variant's title and meta description must never repeat its parent's. */
export function setApartFromParent(copy: CopyFields, facts: Facts, parent: CopyFields): CopyFields {
  const differs = facts.attributes.length > 0 ? listValues(facts.attributes) : 'another version';
  const pageTitle =
    copy.page_title === parent.page_title
      ? firstThatFits([], SEO_LIMITS.pageTitleMax, facts.name, ` – ${differs}`)
      : copy.page_title;
  let meta = copy.meta_description;
  if (meta === parent.meta_description) {
    const prefix = `This is ${differs === 'another version' ? differs : `the ${differs} version`}. `;
    meta = truncateAtWordBoundary(`${prefix}${meta}`, SEO_LIMITS.metaDescriptionMax);
  }
  return { ...copy, page_title: pageTitle, meta_description: meta };
}
