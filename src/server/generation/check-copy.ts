// Checks generated copy before it is saved (DESIGN.md, generation pipeline, "Copy"): the lengths Google
// shows, no empty required field, one alt text per image, and no number or material the input lacks.
// Problem messages are fed back to the model in a repair prompt, so each names its field and its token.
import {
  collectGroundedKeys,
  countCharacters,
  findUngroundedTokens,
  SEO_LIMITS,
  truncateAtWordBoundary,
} from '../../common/copy-rules';
import type { CopyFields, ProductFacts } from '../ai/copy-writer';

export type CopyField = keyof CopyFields | `alt_texts[${number}]`;
/** `too_long` is the only kind a cut can mend; the others need new text. */
export type CopyProblemKind =
  | 'empty'
  | 'too_long'
  | 'too_short'
  | 'alt_text_count'
  | 'ungrounded'
  | 'duplicate';
export type CopyProblem = { field: CopyField; kind: CopyProblemKind; message: string };

/** Fields that may not be empty. The fact sheet may be, for a product with no facts beyond its name. */
export const REQUIRED_COPY_FIELDS = ['page_title', 'meta_description', 'heading', 'description'] as const;

/**
 * The exact texts of problem messages. Lengths are counted in Unicode code points, as a reader sees them.
 * - `page_title is 72 characters; it must be at most 60.`
 * - `meta_description is 98 characters; it must be 120–155.`
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
  altTextCount: (count: number, imageCount: number) =>
    `alt_texts has ${count} ${count === 1 ? 'entry' : 'entries'}; it must have ${imageCount}, one per image.`,
  ungrounded: (field: CopyField, token: string) =>
    `${field} mentions "${token}", which is not in the product data.`,
  duplicate: (field: CopyField, text: string) =>
    `${field} "${text}" is identical to another product's in this bundle; make it distinct by naming what sets this product apart.`,
} as const;

// "image 2 of 3" tells a screen-reader user where they are; it is a position, not a product claim.
const IMAGE_POSITION = /\bimage (\d+) of (\d+)\b/gi;

function withoutImagePosition(altText: string, imageCount: number): string {
  return altText.replace(IMAGE_POSITION, (phrase, index: string, total: string) =>
    Number(total) === imageCount && Number(index) >= 1 && Number(index) <= imageCount ? 'image' : phrase,
  );
}

function checkLength(field: CopyField, text: string, min: number, max: number): CopyProblem | null {
  if (text.trim() === '') return null;
  const length = countCharacters(text);
  if (length <= max && length >= min) return null;
  const message =
    min > 0
      ? COPY_PROBLEM_MESSAGES.outOfRange(field, length, min, max)
      : COPY_PROBLEM_MESSAGES.tooLong(field, length, max);
  return { field, kind: length > max ? 'too_long' : 'too_short', message };
}

/**
 * Every problem in one product's copy, in field order. `imageCount` is the number of the product's images;
 * the alt text "image N of M" is allowed when M is that count. An empty list means the copy can be saved.
 */
export function checkCopy(copy: CopyFields, facts: ProductFacts, imageCount: number): CopyProblem[] {
  const problems: CopyProblem[] = [];
  for (const field of REQUIRED_COPY_FIELDS) {
    if (copy[field].trim() === '')
      problems.push({ field, kind: 'empty', message: COPY_PROBLEM_MESSAGES.empty(field) });
  }
  const lengthProblems = [
    checkLength('page_title', copy.page_title, 0, SEO_LIMITS.pageTitleMax),
    checkLength(
      'meta_description',
      copy.meta_description,
      SEO_LIMITS.metaDescriptionMin,
      SEO_LIMITS.metaDescriptionMax,
    ),
    checkLength('heading', copy.heading, 0, SEO_LIMITS.headingMax),
  ];
  if (copy.alt_texts.length !== imageCount) {
    problems.push({
      field: 'alt_texts',
      kind: 'alt_text_count',
      message: COPY_PROBLEM_MESSAGES.altTextCount(copy.alt_texts.length, imageCount),
    });
  }
  copy.alt_texts.forEach((altText, index) => {
    const field = `alt_texts[${index}]` as const;
    if (altText.trim() === '')
      problems.push({ field, kind: 'empty', message: COPY_PROBLEM_MESSAGES.empty(field) });
    lengthProblems.push(checkLength(field, altText, 0, SEO_LIMITS.altTextMax));
  });
  for (const problem of lengthProblems) if (problem) problems.push(problem);

  const grounded = collectGroundedKeys(facts);
  const texts: [CopyField, string][] = [
    ['page_title', copy.page_title],
    ['meta_description', copy.meta_description],
    ['heading', copy.heading],
    ['description', copy.description],
    ['fact_sheet', copy.fact_sheet],
    ...copy.alt_texts.map((text, index): [CopyField, string] => [
      `alt_texts[${index}]`,
      withoutImagePosition(text, imageCount),
    ]),
  ];
  for (const [field, text] of texts) {
    for (const token of findUngroundedTokens(text, grounded)) {
      problems.push({ field, kind: 'ungrounded', message: COPY_PROBLEM_MESSAGES.ungrounded(field, token) });
    }
  }
  return problems;
}

/** The problems as the repair prompt lists them, one message each. */
export function describeProblems(problems: readonly CopyProblem[]): string[] {
  return problems.map((problem) => problem.message);
}

/** Cuts every over-long field to its limit. Returns the cut copy and the names of the fields that were cut. */
export function fitCopyToLimits(copy: CopyFields): { copy: CopyFields; cutFields: CopyField[] } {
  const cutFields: CopyField[] = [];
  const cutToFit = (field: CopyField, text: string, max: number) => {
    if (countCharacters(text) <= max) return text;
    cutFields.push(field);
    return truncateAtWordBoundary(text, max);
  };
  return {
    copy: {
      ...copy,
      page_title: cutToFit('page_title', copy.page_title, SEO_LIMITS.pageTitleMax),
      meta_description: cutToFit('meta_description', copy.meta_description, SEO_LIMITS.metaDescriptionMax),
      heading: cutToFit('heading', copy.heading, SEO_LIMITS.headingMax),
      alt_texts: copy.alt_texts.map((text, index) =>
        cutToFit(`alt_texts[${index}]`, text, SEO_LIMITS.altTextMax),
      ),
    },
    cutFields,
  };
}
