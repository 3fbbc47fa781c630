// The offline writer's fields, one function each, every one within the limits Google shows and built only
// from the product's own facts plus phrases that are true of any product page, taken from the phrasebook of
// the copy's language (common/copy-rules/phrasebooks): no field gets a word of another language.
import {
  collectGroundedKeys,
  countCharacters,
  findUngroundedTokens,
  SEO_LIMITS,
  truncateAtWordBoundary,
} from '../../../common/copy-rules/copy-rules';
import type { Phrasebook } from '../../../common/copy-rules/phrasebooks';
import { EN } from '../../../common/copy-rules/phrasebooks/en';
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
      facts.book.withValues(describeAttributes(facts.attributes, facts.book)),
    );
  }
  for (let count = facts.attributes.length; count >= 0; count--) {
    const kept = facts.attributes.slice(0, count);
    const suffix = kept.length === 0 ? '' : facts.book.withValues(describeAttributes(kept, facts.book));
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

const closingLine = (facts: Facts, tone: string) => facts.book.closing(facts.name, LIVELY_TONE.test(tone));

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

// The meta description has wordings 0 to metaVariations - 1: the phrasebook's four leads, then pairs of its
// sentences true of any product page. Siblings whose data differ only by a value need more than the value to
// differ (docs/decisions/008), and a dozen sibling variants whose descriptions are one text still get meta
// descriptions that read apart (never a counter).
const pairsOf = (sentences: readonly string[]) =>
  sentences.flatMap((first, i) => sentences.slice(i + 1).map((second) => [first, second] as const));

/** How many wordings the meta description has in a phrasebook (`variation` 0 to this - 1). */
export const metaVariations = (book: Phrasebook) =>
  book.metaLeads.length + pairsOf(book.genericSentences).length;

/** How many wordings the English meta description has. */
export const META_VARIATIONS = metaVariations(EN);

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
  const { book } = facts;
  const attributes =
    facts.attributes.length === 0 ? '' : book.withValues(describeAttributes(facts.attributes, book));
  const variations = metaVariations(book);
  const wording = ((variation % variations) + variations) % variations;
  const leads = book.metaLeads;
  const form = wording % leads.length;
  const generic = wording < leads.length ? undefined : pairsOf(book.genericSentences)[wording - leads.length];
  const lead =
    fitSentence(leads[form]!(facts.name, attributes, facts.brand), metaFits) ??
    `${fitField('meta_description', truncateAtWordBoundary(facts.name, 100))}.`;
  const parts = [lead];
  let length = countCharacters(lead);
  const add = (sentence: string, stopAtMinimum = false, ownWording = true) => {
    // The neutral book has no sentences of its own: an empty one is left out.
    if (sentence === '' || (stopAtMinimum && length >= SEO_LIMITS.metaDescriptionMin)) return;
    const fits = (candidate: string) => metaFits([...parts, candidate].join(' '));
    const fitted = fitSentence(sentence, fits, ownWording);
    if (fitted === null || parts.includes(fitted)) return;
    parts.push(fitted);
    length += 1 + countCharacters(fitted);
  };
  for (const sentence of generic ?? []) add(sentence);
  for (const sentence of generic ? [] : facts.sentences) add(sentence, false, false);
  for (const keyword of keywords) add(book.shopKeyword(keyword));
  add(form === 0 ? closingLine(facts, tone) : book.metaClosings[form]!(facts.name), true);
  for (const pad of book.padding) add(pad, true);
  return parts.join(' ');
}

export function writeDescription(facts: Facts, input: WriteCopyInput, keywords: string[]): string {
  const { sentences, book } = facts;
  const lead = book.descriptionLead(facts.name, facts.brand);
  const firstHalf = sentences.length >= 3 ? Math.ceil(sentences.length / 2) : sentences.length;
  const details: string[] = [];
  if (facts.attributes.length > 0) {
    details.push(
      book.availableIn(facts.name, describeAttributes(facts.attributes, book), input.parent !== undefined),
    );
  }
  details.push(...rangeSentences(facts, input));
  const material = value(facts.product, 'material');
  const range = value(facts.product, 'range');
  const useCase = value(facts.product, 'use_case');
  if (material) details.push(book.material(material));
  if (range) details.push(book.partOfRange(range));
  if (useCase) details.push(book.suitedTo(useCase.replace(/[.!?]+$/, '')));
  const closing = [
    ...keywords.map((keyword) => book.keywordPick(keyword)),
    closingLine(facts, input.settings.tone_of_voice),
  ].filter((sentence) => sentence !== '');
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

/**
 * What a product sold in variants comes in. English counts it in words ("4 sizes and 2 colours", from the
 * English option names product-level.ts knows); another language lists each option with the store's own name
 * and values ("Taille au choix : S, M, L."), so no English plural slips in.
 */
function rangeSentences(facts: Facts, input: WriteCopyInput): string[] {
  const { book } = facts;
  if (book.language === 'en') {
    const counts = value(facts.product, 'variant_counts');
    return counts ? [`The ${facts.name} is available in ${book.list(counts.split(', '))}.`] : [];
  }
  return (input.range ?? []).map((option) => book.rangeLine(option.name, option.values.join(', ')));
}

/** A variant's title and meta description must never repeat its parent's. */
export function setApartFromParent(copy: CopyFields, facts: Facts, parent: CopyFields): CopyFields {
  const differs = facts.attributes.length > 0 ? listValues(facts.attributes) : null;
  const suffix = differs ?? facts.book.anotherVersion;
  const pageTitle =
    copy.page_title === parent.page_title && suffix !== ''
      ? fitWithSuffix(facts.name, ` – ${suffix}`)
      : copy.page_title;
  let meta = copy.meta_description;
  if (meta === parent.meta_description) {
    meta = fitField('meta_description', `${facts.book.versionPrefix(differs)}${meta}`);
  }
  return { ...copy, page_title: pageTitle, meta_description: meta };
}
