// Checks generated copy before it is saved (docs/pipeline.md, "One product"): the limits Google shows in
// characters and pixels (common/seo-checks.ts, the same measure the screen uses), no empty required field,
// one alt text per image, no claim the input lacks (common/claims.ts), a variant naming what sets it apart,
// no banned phrase and no altered protected term. The result is stored on the product as its `problems`, and
// the screen flags exactly those. Problem messages are fed back to the model in a repair prompt, so each
// names its field and its token.
import { collectGroundedKeys, findUngroundedTokens } from '../../../common/copy-rules/claims';
import { distinctiveNameWords, findUncleanText, namesProduct } from '../../../common/copy-rules/copy-hygiene';
import {
  findBannedPhrases,
  findProtectedTermMisses,
  namesValue,
} from '../../../common/copy-rules/copy-rules';
import {
  fitField,
  type LimitBreach,
  type LimitedField,
  measureField,
} from '../../../common/copy-rules/seo-checks';
import type { CopyFields, ProductFacts } from '../../leaves/ai/copy-writer';

export type CopyField = keyof CopyFields | `alt_texts[${number}]`;
/** `too_long` and `too_wide` are the kinds a cut can mend; the others need new text. */
export type CopyProblemKind =
  | 'empty'
  | 'too_long'
  | 'too_short'
  | 'too_wide'
  | 'alt_text_count'
  | 'ungrounded'
  | 'duplicate'
  | 'variant_unnamed'
  | 'banned_phrase'
  | 'protected_term'
  | 'off_product'
  | 'unclean_text';
export type CopyProblem = { field: CopyField; kind: CopyProblemKind; message: string };

/** What the check needs beyond the copy and the product's facts. */
export type CopyRulesContext = {
  /** For a variant: the option values that set it apart from its parent ("Silver", "Large"). */
  variantValues?: readonly string[];
  /**
   * The name the page title and heading must name (a variant: its parent's), and the brand whose words alone
   * do not count. Absent: not checked.
   */
  productName?: { name: string; brand?: string };
  /** The workflow's banned phrases: never in the copy (case-insensitive, whole phrase). */
  bannedPhrases?: readonly string[];
  /** The workflow's protected terms: written exactly as given, never a near miss. */
  protectedTerms?: readonly string[];
  /**
   * The copy's BCP 47 language. Copy in another language than English cannot repeat the input's nouns word
   * for word, so a number with a noun is grounded by the number alone (units and quality words still count).
   */
  language?: string | null;
};

/** Fields that may not be empty. The fact sheet may be, for a product with no facts beyond its name. */
export const REQUIRED_COPY_FIELDS = ['page_title', 'meta_description', 'heading', 'description'] as const;

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
  ungrounded: (field: CopyField, token: string) =>
    `${field} mentions "${token}", which is not in the product data.`,
  duplicate: (field: CopyField, text: string) =>
    `${field} "${text}" is identical to another product's in this bundle; make it distinct by naming what sets this product apart.`,
  nearDuplicate: (field: CopyField, text: string) =>
    `${field} "${text}" is nearly the same as another product's in this bundle; rewrite it so it reads differently, naming what sets this product apart.`,
  variantUnnamed: (field: CopyField, values: readonly string[]) =>
    `${field} does not name what sets this variant apart from its parent: ${values.map((v) => `"${v}"`).join(', ')}.`,
  bannedPhrase: (field: CopyField, phrase: string) =>
    `${field} contains the banned phrase "${phrase}"; leave it out entirely.`,
  offProduct: (field: CopyField, name: string) =>
    `${field} does not name the product; use a word of its name ("${name}").`,
  unclean: (field: CopyField, written: string, what: string) =>
    `${field} contains ${what} ("${written}"); write plain text.`,
  protectedTerm: (field: CopyField, written: string, term: string) =>
    `${field} writes "${written}" where the protected term "${term}" belongs; write it exactly as "${term}".`,
} as const;

// "image 2 of 3" tells a screen-reader user where they are; it is a position, not a product claim.
const IMAGE_POSITION = /\bimage (\d+) of (\d+)\b/gi;

function withoutImagePosition(altText: string, imageCount: number): string {
  return altText.replace(IMAGE_POSITION, (phrase, index: string, total: string) =>
    Number(total) === imageCount && Number(index) >= 1 && Number(index) <= imageCount ? 'image' : phrase,
  );
}

function limitProblem(field: CopyField, limited: LimitedField, text: string): CopyProblem | null {
  const breach: LimitBreach | null = measureField(limited, text);
  if (!breach) return null;
  if (breach.kind === 'too_wide') {
    return {
      field,
      kind: 'too_wide',
      message: COPY_PROBLEM_MESSAGES.tooWide(field, breach.width, breach.maxPx, breach.name),
    };
  }
  const message =
    breach.min > 0
      ? COPY_PROBLEM_MESSAGES.outOfRange(field, breach.length, breach.min, breach.max)
      : COPY_PROBLEM_MESSAGES.tooLong(field, breach.length, breach.max);
  return { field, kind: breach.kind, message };
}

/** Every field's text with its name, alt texts one by one. */
function fieldTexts(copy: CopyFields): [CopyField, string][] {
  return [
    ['page_title', copy.page_title],
    ['meta_description', copy.meta_description],
    ['heading', copy.heading],
    ['description', copy.description],
    ['fact_sheet', copy.fact_sheet],
    ...copy.alt_texts.map((text, index): [CopyField, string] => [`alt_texts[${index}]`, text]),
  ];
}

/**
 * Every problem in one product's copy, in field order. `imageCount` is the number of the product's images;
 * the alt text "image N of M" is allowed when M is that count. An empty list means the copy can be saved.
 * Duplicates across the bundle are found by distinct-copy.ts, which reads the other products.
 */
export function checkCopy(
  copy: CopyFields,
  facts: ProductFacts,
  imageCount: number,
  context: CopyRulesContext = {},
): CopyProblem[] {
  return [
    ...presenceAndLimitProblems(copy, imageCount),
    ...ungroundedProblems(copy, facts, imageCount, context.language),
    ...variantUnnamedProblems(copy, context.variantValues ?? []),
    ...offProductProblems(copy, context.productName),
    ...wordingProblems(copy, context),
  ];
}

/** Empty required fields and alt texts, a wrong number of alt texts, then every limit breached. */
function presenceAndLimitProblems(copy: CopyFields, imageCount: number): CopyProblem[] {
  const problems: CopyProblem[] = [];
  for (const field of REQUIRED_COPY_FIELDS) {
    if (copy[field].trim() === '')
      problems.push({ field, kind: 'empty', message: COPY_PROBLEM_MESSAGES.empty(field) });
  }
  const lengthProblems = [
    limitProblem('page_title', 'page_title', copy.page_title),
    limitProblem('meta_description', 'meta_description', copy.meta_description),
    limitProblem('heading', 'heading', copy.heading),
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
    lengthProblems.push(limitProblem(field, 'alt_text', altText));
  });
  for (const problem of lengthProblems) if (problem) problems.push(problem);
  return problems;
}

/** Claims the product data does not back, field by field. */
function ungroundedProblems(
  copy: CopyFields,
  facts: ProductFacts,
  imageCount: number,
  givenLanguage: string | null | undefined,
): CopyProblem[] {
  const problems: CopyProblem[] = [];
  const grounded = collectGroundedKeys(facts);
  const language = givenLanguage?.trim().toLowerCase() ?? '';
  const mode = { anyNoun: language !== '' && !language.startsWith('en') };
  for (const [field, text] of fieldTexts(copy)) {
    const checked = field.startsWith('alt_texts[') ? withoutImagePosition(text, imageCount) : text;
    for (const token of findUngroundedTokens(checked, grounded, mode)) {
      problems.push({ field, kind: 'ungrounded', message: COPY_PROBLEM_MESSAGES.ungrounded(field, token) });
    }
  }
  return problems;
}

/** A variant's title or heading that leaves out an option value setting it apart from its parent. */
function variantUnnamedProblems(copy: CopyFields, variantValues: readonly string[]): CopyProblem[] {
  const problems: CopyProblem[] = [];
  const values = variantValues.filter((value) => value.trim() !== '');
  if (values.length === 0) return problems;
  for (const field of ['page_title', 'heading'] as const) {
    const missing = values.filter((value) => !namesValue(copy[field], value));
    if (copy[field].trim() !== '' && missing.length > 0) {
      problems.push({
        field,
        kind: 'variant_unnamed',
        message: COPY_PROBLEM_MESSAGES.variantUnnamed(field, missing),
      });
    }
  }
  return problems;
}

/** A title or heading that names no distinctive word of the product's name. */
function offProductProblems(copy: CopyFields, productName: CopyRulesContext['productName']): CopyProblem[] {
  const problems: CopyProblem[] = [];
  if (!productName) return problems;
  const words = distinctiveNameWords(productName.name, productName.brand);
  for (const field of ['page_title', 'heading'] as const) {
    if (copy[field].trim() !== '' && !namesProduct(copy[field], words)) {
      problems.push({
        field,
        kind: 'off_product',
        message: COPY_PROBLEM_MESSAGES.offProduct(field, productName.name),
      });
    }
  }
  return problems;
}

/** Unclean text (escapes written out, control or garbled characters), banned phrases, altered terms. */
function wordingProblems(copy: CopyFields, context: CopyRulesContext): CopyProblem[] {
  const problems: CopyProblem[] = [];
  for (const [field, text] of fieldTexts(copy)) {
    const unclean = findUncleanText(text);
    if (unclean) {
      problems.push({
        field,
        kind: 'unclean_text',
        message: COPY_PROBLEM_MESSAGES.unclean(field, unclean.written, unclean.what),
      });
    }
    for (const phrase of findBannedPhrases(text, context.bannedPhrases ?? [])) {
      problems.push({
        field,
        kind: 'banned_phrase',
        message: COPY_PROBLEM_MESSAGES.bannedPhrase(field, phrase),
      });
    }
    for (const miss of findProtectedTermMisses(text, context.protectedTerms ?? [])) {
      problems.push({
        field,
        kind: 'protected_term',
        message: COPY_PROBLEM_MESSAGES.protectedTerm(field, miss.written, miss.term),
      });
    }
  }
  return problems;
}

/** The check result as the server stores it with the copy (`problems`) and the screen flags it. */
export function toStoredProblems(problems: readonly CopyProblem[]) {
  return problems.map((problem) => ({ field: problem.field, code: problem.kind, message: problem.message }));
}

/** The problems as the repair prompt lists them, one message each. */
export function describeProblems(problems: readonly CopyProblem[]): string[] {
  return problems.map((problem) => problem.message);
}

/**
 * Cuts every over-long or over-wide field to its limits (characters, then pixels). Returns the cut copy and
 * the names of the fields that were cut.
 */
export function fitCopyToLimits(copy: CopyFields): { copy: CopyFields; cutFields: CopyField[] } {
  const cutFields: CopyField[] = [];
  const cutToFit = (field: CopyField, limited: LimitedField, text: string) => {
    const breach = measureField(limited, text);
    if (!breach || breach.kind === 'too_short') return text;
    cutFields.push(field);
    return fitField(limited, text);
  };
  return {
    copy: {
      ...copy,
      page_title: cutToFit('page_title', 'page_title', copy.page_title),
      meta_description: cutToFit('meta_description', 'meta_description', copy.meta_description),
      heading: cutToFit('heading', 'heading', copy.heading),
      alt_texts: copy.alt_texts.map((text, index) => cutToFit(`alt_texts[${index}]`, 'alt_text', text)),
    },
    cutFields,
  };
}

/** Whether a cut alone mends the problem. */
export const isCutOnly = (problem: CopyProblem) => problem.kind === 'too_long' || problem.kind === 'too_wide';
