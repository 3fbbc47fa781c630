// Checks generated copy before it is saved (docs/pipeline.md, "One product"): the limits Google shows in
// characters and pixels (common/seo-checks.ts, the same measure the screen uses), no empty required field,
// one alt text per image, no claim the input lacks (common/claims.ts), a variant naming what sets it apart,
// no banned phrase, no altered protected term, and every field in the copy's language (language-problems.ts).
// The result is stored on the product as its `problems`, and the screen flags exactly those. Problem messages
// are fed back to the model in a repair prompt, so each names its field and its token.

import { aiFields, type CopyFieldRegistry } from '../../../common/copy-fields/field-spec';
import { COPY_FIELD_REGISTRY } from '../../../common/copy-fields/registry';
import { distinctiveNameWords, findUncleanText, namesProduct } from '../../../common/copy-rules/copy-hygiene';
import { findBannedPhrases, findProtectedTermMisses } from '../../../common/copy-rules/copy-rules';
import {
  type FieldLimits,
  fitField,
  type LimitBreach,
  measureField,
} from '../../../common/copy-rules/seo-checks';
import type { VariantRange } from '../../../common/copy-rules/variant-range';
import type { CopyFields, ProductFacts } from '../../leaves/ai/copy-writer';
import {
  brokenTextProblems,
  redundantAltOpeningProblems,
  repeatedAltTextProblems,
  singledOutProblems,
  variantUnnamedProblems,
} from './broken-text-problems';
import { fieldTexts, itemName, listOf, pairPartName, pairsOf, textOf } from './copy-field-texts';
import { nounMode, ungroundedProblems } from './grounding-problems';
import { languageProblems } from './language-problems';
import {
  acceptedAsData,
  type PhotoFacts,
  seenPositions,
  unacceptedPhotoFactProblems,
} from './photo-fact-problems';
import { COPY_PROBLEM_MESSAGES, type CopyField } from './problem-messages';

export { COPY_PROBLEM_MESSAGES, type CopyField };

/** `too_long` and `too_wide` are the kinds a cut can mend; the others need new text. */
export type CopyProblemKind =
  | 'empty'
  | 'too_long'
  | 'too_short'
  | 'too_wide'
  | 'alt_text_count'
  | 'alt_text_opening'
  | 'ungrounded'
  | 'invented_answer'
  | 'qa_count'
  | 'duplicate'
  | 'variant_unnamed'
  | 'variant_singled_out'
  | 'banned_phrase'
  | 'protected_term'
  | 'off_product'
  | 'unclean_text'
  | 'artefact'
  | 'cut_off'
  | 'copied_label'
  | 'wrong_language'
  | 'photo_fact'
  | 'photo_contradiction';
export type CopyProblem = { field: CopyField; kind: CopyProblemKind; message: string };

/** What the check needs beyond the copy and the product's facts. */
export type CopyRulesContext = {
  /** For a variant: the option values that set it apart from its parent ("Silver", "Large"). */
  variantValues?: readonly string[];
  /** For a product sold in variants: what they differ in; its copy must not single out one of them. */
  variantRange?: readonly VariantRange[];
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
  /**
   * The language of the product's data, where known. Copy in another language than its data's (a French
   * product's English translation) cannot repeat the data's nouns either.
   */
  dataLanguage?: string | null;
  /** What a model that sees saw in each photo: accepted facts count as product data, the others as claims. */
  photoFacts?: readonly PhotoFacts[];
};

function limitProblem(field: CopyField, limited: FieldLimits, text: string): CopyProblem | null {
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
  registry: CopyFieldRegistry = COPY_FIELD_REGISTRY,
): CopyProblem[] {
  return [
    ...presenceAndLimitProblems(copy, imageCount, registry),
    ...ungroundedProblems(
      copy,
      { ...facts, ...acceptedAsData(context.photoFacts ?? []) },
      imageCount,
      nounMode(context),
      registry,
    ),
    ...unacceptedPhotoFactProblems(copy, facts, context.photoFacts ?? [], registry),
    ...variantUnnamedProblems(copy, context.variantValues ?? []),
    ...singledOutProblems(copy, context.variantRange ?? [], registry, seenPositions(context.photoFacts)),
    ...repeatedAltTextProblems(copy),
    ...redundantAltOpeningProblems(copy),
    ...brokenTextProblems(copy, facts, registry),
    ...offProductProblems(copy, context.productName),
    ...wordingProblems(copy, context, registry),
    ...languageProblems(fieldTexts(copy, registry), facts, context.language, context.protectedTerms),
  ];
}

/**
 * Empty required fields, then per-image fields with the wrong number of texts or an empty one, then every
 * limit breached (the text fields', then each image's).
 */
function presenceAndLimitProblems(
  copy: CopyFields,
  imageCount: number,
  registry: CopyFieldRegistry,
): CopyProblem[] {
  const problems: CopyProblem[] = [];
  const empty = (field: CopyField) =>
    problems.push({ field, kind: 'empty', message: COPY_PROBLEM_MESSAGES.empty(field) });
  const fields = aiFields(registry);
  const texts = fields.filter((field) => field.holds === 'text');
  for (const field of texts)
    if (field.required && textOf(copy, field).trim() === '') empty(field.name as CopyField);
  const lengthProblems = texts.map((field) =>
    field.limit ? limitProblem(field.name as CopyField, field.limit, textOf(copy, field)) : null,
  );
  for (const field of fields.filter((candidate) => candidate.holds === 'per_image')) {
    const items = listOf(copy, field);
    if (items.length !== imageCount) {
      problems.push({
        field: field.name as CopyField,
        kind: 'alt_text_count',
        message: COPY_PROBLEM_MESSAGES.altTextCount(items.length, imageCount),
      });
    }
    items.forEach((text, index) => {
      if (field.required && text.trim() === '') empty(itemName(field, index));
      if (field.limit) lengthProblems.push(limitProblem(itemName(field, index), field.limit, text));
    });
  }
  for (const problem of lengthProblems) if (problem) problems.push(problem);
  return [...problems, ...pairCountProblems(copy, registry)];
}

/** A question-and-answer field with too few or too many pairs, or a pair missing its question or answer. */
function pairCountProblems(copy: CopyFields, registry: CopyFieldRegistry): CopyProblem[] {
  const problems: CopyProblem[] = [];
  for (const field of aiFields(registry)) {
    if (!field.pairs) continue;
    const pairs = pairsOf(copy, field);
    const { min, max } = field.pairs;
    if (pairs.length < min || pairs.length > max) {
      const name = field.name as CopyField;
      problems.push({
        field: name,
        kind: 'qa_count',
        message: COPY_PROBLEM_MESSAGES.qaCount(name, pairs.length, min, max),
      });
    }
    pairs.forEach((pair, index) => {
      for (const part of ['question', 'answer'] as const) {
        const name = pairPartName(field, index, part);
        if (pair[part].trim() === '')
          problems.push({ field: name, kind: 'empty', message: COPY_PROBLEM_MESSAGES.empty(name) });
      }
    });
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
function wordingProblems(
  copy: CopyFields,
  context: CopyRulesContext,
  registry: CopyFieldRegistry,
): CopyProblem[] {
  const problems: CopyProblem[] = [];
  for (const [field, text] of fieldTexts(copy, registry)) {
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
export function fitCopyToLimits(
  copy: CopyFields,
  registry: CopyFieldRegistry = COPY_FIELD_REGISTRY,
): { copy: CopyFields; cutFields: CopyField[] } {
  const cutFields: CopyField[] = [];
  const cutToFit = (field: CopyField, limits: FieldLimits, text: string) => {
    const breach = measureField(limits, text);
    if (!breach || breach.kind === 'too_short') return text;
    cutFields.push(field);
    return fitField(limits, text);
  };
  const cut: Record<string, unknown> = { ...copy };
  for (const field of aiFields(registry)) {
    const { limit } = field;
    if (!limit) continue;
    cut[field.name] =
      field.holds === 'per_image'
        ? listOf(copy, field).map((text, index) => cutToFit(itemName(field, index), limit, text))
        : cutToFit(field.name as CopyField, limit, textOf(copy, field));
  }
  return { copy: cut as CopyFields, cutFields };
}

/** Whether a cut alone mends the problem. */
export const isCutOnly = (problem: CopyProblem) => problem.kind === 'too_long' || problem.kind === 'too_wide';
