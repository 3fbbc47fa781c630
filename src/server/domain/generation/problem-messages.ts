// The words of the copy check's problems (check-copy.ts): the screen shows them and the repair prompt feeds
// them back to the model, so each names its field and its token.
import { languageName } from '../../../common/languages/detect-language';
import type { CopyFields } from '../../leaves/ai/copy-writer';

/** "French (fr)". */
const named = (language: string) => `${languageName(language)} (${language})`;

/** A field of the copy, or one image's text of a per-image field. */
export type CopyField =
  | keyof CopyFields
  | `alt_texts[${number}]`
  | `questions_and_answers[${number}]`
  | `questions_and_answers[${number}].${'question' | 'answer'}`;

/**
 * The exact texts of problem messages. Lengths are counted in Unicode code points, as a reader sees them.
 * - `page_title is 72 characters; it must be at most 60.`
 * - `meta_description is 98 characters; it must be 120–155.`
 * - `page_title is about 640 px wide; Google cuts titles near 600 px, so it must be narrower.`
 * - `heading is empty; it is required.`
 * - `alt_texts has 2 entries; it must have 3, one per image.`
 * - `description mentions "wool", which is not in the product data.`
 */
export const COPY_PROBLEM_MESSAGES = {
  empty: (field: CopyField) => `${field} is empty; it is required.`,
  tooLong: (field: CopyField, length: number, max: number) =>
    `${field} is ${length} characters; it must be at most ${max}.`,
  outOfRange: (field: CopyField, length: number, min: number, max: number) =>
    `${field} is ${length} characters; it must be ${min}–${max}.`,
  tooWide: (field: CopyField, width: number, maxPx: number, name: string) =>
    `${field} is about ${width} px wide; Google cuts ${name} near ${maxPx} px, so it must be narrower.`,
  altTextCount: (count: number, imageCount: number) =>
    `alt_texts has ${count} ${count === 1 ? 'entry' : 'entries'}; it must have ${imageCount}, one per image.`,
  qaCount: (field: CopyField, count: number, min: number, max: number) =>
    `${field} has ${count} ${count === 1 ? 'pair' : 'pairs'}; it must have ${min} to ${max} questions, each with its answer.`,
  inventedAnswer: (field: CopyField, token: string) =>
    `${field} answers with "${token}", which the product data does not say; ask and answer only what the product data states.`,
  ungrounded: (field: CopyField, token: string) =>
    `${field} mentions "${token}", which is not in the product data.`,
  duplicate: (field: CopyField, text: string) =>
    `${field} "${text}" is identical to another product's in this bundle; make it distinct by naming what sets this product apart.`,
  nearDuplicate: (field: CopyField, text: string) =>
    `${field} "${text}" is nearly the same as another product's in this bundle; rewrite it so it reads differently, naming what sets this product apart.`,
  variantUnnamed: (field: CopyField, values: readonly string[]) =>
    `${field} does not name what sets this variant apart from its parent: ${values.map((v) => `"${v}"`).join(', ')}.`,
  artefact: (field: CopyField, artefact: string) =>
    `${field} contains "${artefact}", a placeholder or programming artefact, not text; write it again from the product data.`,
  cutOff: (field: CopyField, ending: 'sentences' | 'title') =>
    ending === 'sentences'
      ? `${field} stops mid-sentence; end it with a complete sentence.`
      : `${field} ends on a word that leads nowhere; end it with a complete phrase.`,
  copiedLabel: (field: CopyField, label: string) =>
    `${field} opens with the store's own heading "${label}"; open with a sentence about the product instead.`,
  altTextOpening: (field: CopyField, opening: string) =>
    `${field} opens with "${opening}"; a screen reader says it is an image already: start with what the photo shows.`,
  repeatedAltText: (index: number, first: number) =>
    `alt_texts[${index}] repeats alt_texts[${first}]; describe each image in words of its own.`,
  singledOut: (field: CopyField, values: readonly string[], range: string) =>
    `${field} names ${values.map((v) => `"${v}"`).join(', ')}, which only some of this product's variants have; write about the product as a whole (it may name a whole range: ${range}).`,
  bannedPhrase: (field: CopyField, phrase: string) =>
    `${field} contains the banned phrase "${phrase}"; leave it out entirely.`,
  offProduct: (field: CopyField, name: string) =>
    `${field} does not name the product; use a word of its name ("${name}").`,
  unclean: (field: CopyField, written: string, what: string) =>
    `${field} contains ${what} ("${written}"); write plain text.`,
  englishWords: (field: CopyField, words: readonly string[], language: string) =>
    `${field} has English words (${words.map((w) => `"${w}"`).join(', ')}) but the copy is in ${named(language)}; write the whole field in ${named(language)}.`,
  readsAs: (field: CopyField, readsAs: string, language: string) =>
    `${field} reads as ${named(readsAs)} but the copy is in ${named(language)}; write the whole field in ${named(language)}.`,
  protectedTerm: (field: CopyField, written: string, term: string) =>
    `${field} writes "${written}" where the protected term "${term}" belongs; write it exactly as "${term}".`,
} as const;
