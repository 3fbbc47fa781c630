// What the offline writer reads from a product: its name, brand, the attributes the name does not state,
// and its own sentences (a variant borrows its parent's, when they claim nothing it lacks).

import { isLabelLine, storeLabels } from '../../../common/copy-rules/broken-text';
import {
  collectGroundedKeys,
  countCharacters,
  findUngroundedTokens,
  truncateAtWordBoundary,
} from '../../../common/copy-rules/copy-rules';
import { htmlToText } from '../../../common/copy-rules/html-to-text';
import { type Phrasebook, phrasebookFor } from '../../../common/copy-rules/phrasebooks';
import { singledOutValues } from '../../../common/copy-rules/variant-range';
import { clearLanguageOf } from '../../../common/languages/clear-language';
import {
  isPlaceholderOptionName,
  plainValue,
  type StoreOption,
  singleValueOptions,
} from '../../../common/store-files/store-product-details';
import type { ProductFacts, WriteCopyInput } from './copy-writer';
import { titleCaseName } from './title-case';

/** A value that sets the product apart: colour, size, dimensions, or a store option (key `option`). */
export type Attribute = { key: 'colour' | 'size' | 'dimensions' | 'option'; value: string; label?: string };

export type Facts = {
  name: string;
  brand: string;
  /** Colour, size and dimensions values that the name does not already state. */
  attributes: Attribute[];
  sentences: string[];
  /** The description's bullet list, kept as a list. */
  bullets: string[];
  product: ProductFacts;
  /** The words of the copy's language the writer adds around the product's own. */
  book: Phrasebook;
};

export const value = (facts: ProductFacts, key: string) => facts[key]?.replace(/\s+/g, ' ').trim() ?? '';

/** Lowercase words separated by single spaces and padded with one, for whole-word matching. */
const toWordString = (text: string) =>
  ` ${text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;

export const containsPhrase = (text: string, phrase: string) =>
  phrase.trim() !== '' && toWordString(text).includes(toWordString(phrase));

const BULLET = /^\s*(?:[-*•]|\d+[.)])\s+/;

/** The input's bullet list items ("- 14k yellow gold"), without their markers, as written. */
function splitBullets(text: string): string[] {
  return htmlToText(text)
    .split(/\r?\n/)
    .filter((line) => BULLET.test(line))
    .map((line) => line.replace(BULLET, '').trim())
    .filter((item) => /[\p{L}\p{N}]/u.test(item));
}

const MIN_SENTENCE_WORDS = 2;

const sentenceKey = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** The input's sentences (bullet items and section labels apart), each capitalised and ending in punctuation. */
function splitSentences(text: string): string[] {
  const lines = htmlToText(text).split(/\r?\n/);
  return (
    lines
      .filter((line, index) => !BULLET.test(line) && !isLabelLine(lines, index))
      .join('\n')
      // Not after an initial ("E.B.H. Winter", "J. Smith"): a name goes on.
      .split(/(?<=(?<!(?:^|[\s.])\p{Lu})[.!?])\s+|\s*\n\s*/u)
      .map((sentence) => sentence.replace(/^[\s.,;:]+/, '').trim())
      // A sentence of its own has a few words: "40." or "So." left alone is a stub of a list or a heading.
      .filter((sentence) => (sentence.match(/\p{L}+/gu) ?? []).length >= MIN_SENTENCE_WORDS)
      .map((sentence) => {
        const capitalised = sentence.charAt(0).toUpperCase() + sentence.slice(1);
        return /[.!?]$/.test(capitalised) ? capitalised : `${capitalised.replace(/[,;:]+$/, '')}.`;
      })
  );
}

/**
 * A store option's value in plain words of the copy's language: English's "Size 7" and "with gift wrap" come
 * from store-product-details; in another language a number takes the store's own option name ("Taille 7").
 */
function optionLabel(option: StoreOption, book: Phrasebook): string {
  if (book.language === 'en') return plainValue(option);
  const value = option.value.trim();
  const numbered = /^\d+(?:[.,/]\d+)?$/.test(value) || /^[a-z]$/i.test(value);
  if (!numbered || isPlaceholderOptionName(option.name.trim())) return value;
  return book.numberedValue(option.name.trim(), value);
}

export function readFacts(input: WriteCopyInput): Facts {
  const product = input.product;
  const book = phrasebookFor(input.voice?.language);
  const brand = value(product, 'brand');
  const name = titleCaseName(
    value(product, 'product_name') || value(product, 'title') || 'Product',
    [...(input.voice?.protectedTerms ?? []), brand],
    book,
  );
  const attributes: Attribute[] = [];
  // A store variant's own option values (its row's, never a list) say what it is; otherwise its columns.
  const options = singleValueOptions(product);
  if (options.length > 0) {
    for (const option of options) {
      if (!containsPhrase(name, option.value))
        attributes.push({ key: 'option', value: option.value, label: optionLabel(option, book) });
    }
  } else {
    for (const key of ['colour', 'size', 'dimensions'] as const) {
      const attribute = value(product, key);
      if (attribute !== '' && !/[;|]/.test(attribute) && !containsPhrase(name, attribute))
        attributes.push({ key, value: attribute });
    }
  }
  // A product sold in variants leaves out its store's sentences about one of them ("The model wears size M").
  const ownsRange = (text: string) => singledOutValues(input.range ?? [], text).length === 0;
  // The store's own headings and questions are labels of its page, not sentences about the product.
  const labels = new Set(storeLabels(product.description ?? '', name).map(sentenceKey));
  const notLabel = (sentence: string) => !labels.has(sentenceKey(sentence));
  const description = inCopyLanguage(product.description ?? '', book);
  let sentences = splitSentences(description).filter(ownsRange).filter(notLabel);
  // A variant row often carries no description of its own; its parent's sentences describe it too, as long
  // as they claim nothing this variant's data lacks.
  if (sentences.length === 0 && input.parent) {
    const grounded = collectGroundedKeys(product);
    sentences = splitSentences(inCopyLanguage(input.parent.product.description ?? '', book)).filter(
      (sentence) => findUngroundedTokens(sentence, grounded).length === 0,
    );
  }
  const bullets = splitBullets(description).filter(ownsRange);
  return {
    name,
    brand: containsPhrase(name, brand) ? '' : brand,
    attributes,
    sentences,
    bullets,
    product,
    book,
  };
}

/**
 * The store's description when it is in the copy's language (or its language is not clear), else nothing: the
 * built-in writer cannot translate, and a French store's sentences in English copy (a run's further language)
 * are a field an English reader cannot use. The copy is then written from the product's facts alone.
 */
function inCopyLanguage(description: string, book: Phrasebook): string {
  if (book.language === '' || description === '') return description;
  const language = clearLanguageOf(htmlToText(description));
  return language === null || language === book.language ? description : '';
}

/** "Blue, Large" for titles. */
export const listValues = (attributes: Attribute[]) =>
  attributes.map((attribute) => attribute.label ?? attribute.value).join(', ');

/** "Blue, size Large, 10 x 20 cm" for sentences, "size" (and, where it agrees, "colour") in the copy's language. */
export const describeAttributes = (attributes: Attribute[], book: Phrasebook) =>
  attributes
    .map((attribute) => {
      if (attribute.key === 'size') return book.sizeValue(attribute.value);
      if (attribute.key === 'colour' && book.colourValue) return book.colourValue(attribute.value);
      return attribute.label ?? attribute.value;
    })
    .join(', ');

/** The first candidate that fits, or the name cut to fit with the suffix kept. */
export function firstThatFits(candidates: string[], max: number, name: string, suffix: string): string {
  const fitting = candidates.find((candidate) => countCharacters(candidate) <= max);
  if (fitting) return fitting;
  const room = max - countCharacters(suffix);
  // The suffix is what sets a variant apart, so the name gives way, unless the suffix alone is too long.
  if (suffix !== '' && room >= 12) return `${truncateAtWordBoundary(name, room)}${suffix}`;
  return truncateAtWordBoundary(`${name}${suffix}`, max);
}
