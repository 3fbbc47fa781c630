// The "Built-in writer (no AI)" (DESIGN.md, "Offline writer"): a deterministic, rule-based writer that
// builds every field from the product's own input and fits the same limits as the AI writers. It never
// states a number or material the input lacks: it only reuses the input's own sentences and values, adds
// generic phrases that are true of any product page, and drops any keyword phrase that would claim more.
import {
  collectGroundedKeys,
  countCharacters,
  findUngroundedTokens,
  SEO_LIMITS,
  truncateAtWordBoundary,
} from '../../common/copy-rules';
import { htmlToText } from '../../common/html-to-text';
import type { AiRequest } from './ai-request';
import type { CopyFields, CopyWriter, ProductFacts, WriteCopyInput, WriteCopyResult } from './copy-writer';
import { countTokens } from './tokens';

export const OFFLINE_MODEL = 'offline';

/** The prompt as templated in the log; `{{facts}}` is the JSON of every fact the writer used. */
export const OFFLINE_PROMPT_TEMPLATE =
  'Write the copy for this product from its own fields only.\n\n{{facts}}';

type Attribute = { key: 'colour' | 'size' | 'dimensions'; value: string };

type Facts = {
  name: string;
  brand: string;
  /** Colour, size and dimensions values that the name does not already state. */
  attributes: Attribute[];
  sentences: string[];
  product: ProductFacts;
};

const value = (facts: ProductFacts, key: string) => facts[key]?.replace(/\s+/g, ' ').trim() ?? '';

/** Lowercase words separated by single spaces and padded with one, for whole-word matching. */
const toWordString = (text: string) =>
  ` ${text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;

const containsPhrase = (text: string, phrase: string) =>
  phrase.trim() !== '' && toWordString(text).includes(toWordString(phrase));

/** The input's sentences, each capitalised and ending in punctuation; nothing else is changed. */
function splitSentences(text: string): string[] {
  return htmlToText(text)
    .split(/(?<=[.!?])\s+|\s*\n\s*/)
    .map((sentence) => sentence.replace(/^[\s.,;:]+/, '').trim())
    .filter((sentence) => /[\p{L}\p{N}]/u.test(sentence))
    .map((sentence) => {
      const capitalised = sentence.charAt(0).toUpperCase() + sentence.slice(1);
      return /[.!?]$/.test(capitalised) ? capitalised : `${capitalised.replace(/[,;:]+$/, '')}.`;
    });
}

function readFacts(input: WriteCopyInput): Facts {
  const product = input.product;
  const name = value(product, 'product_name') || value(product, 'title') || 'Product';
  const attributes: Attribute[] = [];
  for (const key of ['colour', 'size', 'dimensions'] as const) {
    const attribute = value(product, key);
    if (attribute !== '' && !containsPhrase(name, attribute)) attributes.push({ key, value: attribute });
  }
  const brand = value(product, 'brand');
  let sentences = splitSentences(product.description ?? '');
  // A variant row often carries no description of its own; its parent's sentences describe it too, as long
  // as they claim nothing this variant's data lacks.
  if (sentences.length === 0 && input.parent) {
    const grounded = collectGroundedKeys(product);
    sentences = splitSentences(input.parent.product.description ?? '').filter(
      (sentence) => findUngroundedTokens(sentence, grounded).length === 0,
    );
  }
  return { name, brand: containsPhrase(name, brand) ? '' : brand, attributes, sentences, product };
}

/** "Blue, Large" for titles. */
const listValues = (attributes: Attribute[]) => attributes.map((attribute) => attribute.value).join(', ');

/** "Blue, size Large, 10 x 20 cm" for sentences. */
const describeAttributes = (attributes: Attribute[]) =>
  attributes
    .map((attribute) => (attribute.key === 'size' ? `size ${attribute.value}` : attribute.value))
    .join(', ');

/** The first candidate that fits, or the name cut to fit with the suffix kept. */
function firstThatFits(candidates: string[], max: number, name: string, suffix: string): string {
  const fitting = candidates.find((candidate) => countCharacters(candidate) <= max);
  if (fitting) return fitting;
  const room = max - countCharacters(suffix);
  // The suffix is what sets a variant apart, so the name gives way, unless the suffix alone is too long.
  if (suffix !== '' && room >= 12) return `${truncateAtWordBoundary(name, room)}${suffix}`;
  return truncateAtWordBoundary(`${name}${suffix}`, max);
}

function writePageTitle(facts: Facts): string {
  const values = listValues(facts.attributes);
  const suffix = values === '' ? '' : ` – ${values}`;
  const candidates = [
    ...(facts.brand === '' ? [] : [`${facts.name}${suffix} | ${facts.brand}`]),
    `${facts.name}${suffix}`,
  ];
  return firstThatFits(candidates, SEO_LIMITS.pageTitleMax, facts.name, suffix);
}

function writeHeading(facts: Facts): string {
  const suffix = facts.attributes.length === 0 ? '' : ` in ${describeAttributes(facts.attributes)}`;
  return firstThatFits([`${facts.name}${suffix}`], SEO_LIMITS.headingMax, facts.name, suffix);
}

/** The keyword phrases of the bundle that relate to this product and claim nothing its data lacks. */
function relevantKeywords(keywords: string, facts: Facts): string[] {
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

function writeMetaDescription(facts: Facts, keywords: string[], tone: string): string {
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

function writeDescription(facts: Facts, input: WriteCopyInput, keywords: string[]): string {
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

function writeFactSheet(product: ProductFacts): string {
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

function writeAltTexts(facts: Facts, imageCount: number): string[] {
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
function setApartFromParent(copy: CopyFields, facts: Facts, parent: CopyFields): CopyFields {
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

/** The copy and its logged request and usage, computed synchronously. */
export function writeOfflineCopy(input: WriteCopyInput): WriteCopyResult {
  const facts = readFacts(input);
  const keywords = relevantKeywords(input.settings.keywords, facts);
  let copy: CopyFields = {
    page_title: writePageTitle(facts),
    meta_description: writeMetaDescription(facts, keywords, input.settings.tone_of_voice),
    heading: writeHeading(facts),
    description: writeDescription(facts, input, keywords),
    fact_sheet: writeFactSheet(input.product),
    alt_texts: writeAltTexts(facts, input.imageCount),
  };
  if (input.parent) copy = setApartFromParent(copy, facts, input.parent.copy);

  const used = {
    product: Object.fromEntries(
      Object.entries(input.product).filter(([, fact]) => fact !== null && fact !== ''),
    ),
    image_count: input.imageCount,
    keywords: input.settings.keywords,
    tone_of_voice: input.settings.tone_of_voice,
    ...(input.parent ? { differences: input.parent.differences } : {}),
  };
  const factsJson = JSON.stringify(used, null, 2);
  const content = JSON.stringify(copy);
  const templateVariables = { facts: factsJson };
  const originalRequest: AiRequest = {
    model: OFFLINE_MODEL,
    temperature: 0,
    messages: [{ role: 'user', content: OFFLINE_PROMPT_TEMPLATE, template_variables: templateVariables }],
    template_variables: templateVariables,
  };
  const finalRequest: AiRequest = {
    model: OFFLINE_MODEL,
    temperature: 0,
    messages: [{ role: 'user', content: OFFLINE_PROMPT_TEMPLATE.replace('{{facts}}', () => factsJson) }],
  };
  return {
    copy,
    content,
    model: OFFLINE_MODEL,
    usage: {
      prompt_tokens: countTokens(factsJson, OFFLINE_MODEL),
      completion_tokens: countTokens(content, OFFLINE_MODEL),
    },
    originalRequest,
    finalRequest,
  };
}

/**
 * The built-in writer. Deterministic: the same input always gives the same copy. It ignores `repair`,
 * because its copy already meets every check, and costs nothing (model `offline`).
 */
export class OfflineWriter implements CopyWriter {
  write(input: WriteCopyInput): Promise<WriteCopyResult> {
    try {
      input.signal?.throwIfAborted();
      return Promise.resolve(writeOfflineCopy(input));
    } catch (error) {
      return Promise.reject(error);
    }
  }
}
