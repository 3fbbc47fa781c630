// The copy checks on a product's own texts: broken text (common/copy-rules/broken-text.ts: an artefact, a
// field that stops mid-phrase, one that opens with the store's own label), a variant not named, one variant
// singled out in a product's own copy, and an alt text repeated within the product.
import type { CopyFieldRegistry } from '../../../common/copy-fields/field-spec';
import {
  endsMidPhrase,
  findArtefact,
  opensWithLabel,
  storeLabels,
} from '../../../common/copy-rules/broken-text';
import { namesValue } from '../../../common/copy-rules/copy-rules';
import { describeRange, singledOutValues, type VariantRange } from '../../../common/copy-rules/variant-range';
import type { CopyFields, ProductFacts } from '../../leaves/ai/copy-writer';
import { baseFieldName, fieldTexts } from './copy-field-texts';
import { COPY_PROBLEM_MESSAGES, type CopyField } from './problem-messages';

type TextProblem = {
  field: CopyField;
  kind:
    | 'artefact'
    | 'cut_off'
    | 'copied_label'
    | 'variant_unnamed'
    | 'variant_singled_out'
    | 'duplicate'
    | 'alt_text_opening';
  message: string;
};

// How each field must end: sentence fields end a sentence; titles, headings and alt texts end a phrase.
const ENDINGS: Partial<Record<string, 'sentences' | 'title'>> = {
  page_title: 'title',
  heading: 'title',
  meta_description: 'sentences',
  description: 'sentences',
  alt_texts: 'title',
};
const OPENING_FIELDS = new Set(['meta_description', 'description', 'heading']);

/** Every field's texts, an image's alt text named alt_texts[i], each with its field's name. */
function textsOf(copy: CopyFields, registry: CopyFieldRegistry): [CopyField, string, string][] {
  return fieldTexts(copy, registry).map(([field, text]) => [field, text, baseFieldName(field)]);
}

export function brokenTextProblems(
  copy: CopyFields,
  facts: ProductFacts,
  registry: CopyFieldRegistry,
): TextProblem[] {
  const source = Object.values(facts).join('\n');
  const labels = storeLabels(facts.description ?? '', facts.product_name ?? '');
  const problems: TextProblem[] = [];
  for (const [field, text, name] of textsOf(copy, registry)) {
    const artefact = findArtefact(text, source);
    if (artefact) {
      problems.push({ field, kind: 'artefact', message: COPY_PROBLEM_MESSAGES.artefact(field, artefact) });
    }
    const ending = ENDINGS[name];
    if (ending && endsMidPhrase(text, ending)) {
      problems.push({ field, kind: 'cut_off', message: COPY_PROBLEM_MESSAGES.cutOff(field, ending) });
    }
    const label = OPENING_FIELDS.has(name) ? opensWithLabel(text, labels) : null;
    if (label) {
      problems.push({
        field,
        kind: 'copied_label',
        message: COPY_PROBLEM_MESSAGES.copiedLabel(field, label),
      });
    }
  }
  return problems;
}

/** A variant's title or heading that leaves out an option value setting it apart from its parent. */
export function variantUnnamedProblems(copy: CopyFields, variantValues: readonly string[]): TextProblem[] {
  const problems: TextProblem[] = [];
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

/** An alt text the same as an earlier one of the product's: each photo is described on its own. */
export function repeatedAltTextProblems(copy: CopyFields): TextProblem[] {
  const seen = new Map<string, number>();
  const problems: TextProblem[] = [];
  copy.alt_texts.forEach((text, index) => {
    const key = text.trim().toLowerCase().replace(/\s+/g, ' ');
    if (key === '') return;
    const first = seen.get(key);
    if (first === undefined) seen.set(key, index);
    else {
      problems.push({
        field: `alt_texts[${index}]` as CopyField,
        kind: 'duplicate',
        message: COPY_PROBLEM_MESSAGES.repeatedAltText(index, first),
      });
    }
  });
  return problems;
}

/**
 * "Image of", "picture of", "photo of" (and their French and German forms) at an alt text's start: a screen
 * reader already says it is an image, so the words say nothing (WCAG's and every style guide's advice).
 */
const REDUNDANT_ALT_OPENING =
  /^\s*(?:(?:an?|the)\s+)?(?:image|picture|photo(?:graph)?)\s+of\b|^\s*(?:une?\s+)?(?:image|photo)\s+d(?:e|u|es|')|^\s*(?:ein\s+)?(?:bild|foto)\s+(?:von|des|der)\b/iu;

export function redundantAltOpeningProblems(copy: CopyFields): TextProblem[] {
  return copy.alt_texts.flatMap((text, index) => {
    const opening = REDUNDANT_ALT_OPENING.exec(text)?.[0];
    if (!opening) return [];
    const field = `alt_texts[${index}]` as CopyField;
    return [
      {
        field,
        kind: 'alt_text_opening',
        message: COPY_PROBLEM_MESSAGES.altTextOpening(field, opening.trim()),
      },
    ];
  });
}

/**
 * A field of a product sold in variants that names some of the values an option takes but not all: the first
 * variant's colour in the product's title, one size in the gallery's alt text.
 */
export function singledOutProblems(
  copy: CopyFields,
  range: readonly VariantRange[],
  registry: CopyFieldRegistry,
  seenPhotos: ReadonlySet<number> = new Set(),
): TextProblem[] {
  if (range.length === 0) return [];
  const problems: TextProblem[] = [];
  for (const [field, text] of textsOf(copy, registry)) {
    // The alt text of a photo a model looked at describes that photo: of one variant, it names that one.
    const image = /^alt_texts\[(\d+)\]$/.exec(field)?.[1];
    if (image !== undefined && seenPhotos.has(Number(image))) continue;
    const values = singledOutValues(range, text);
    if (values.length > 0) {
      problems.push({
        field,
        kind: 'variant_singled_out',
        message: COPY_PROBLEM_MESSAGES.singledOut(field, values, describeRange(range)),
      });
    }
  }
  return problems;
}
