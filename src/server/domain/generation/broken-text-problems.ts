// The copy checks for broken text (common/copy-rules/broken-text.ts): an artefact in any field, a field
// that stops mid-phrase, and a field that opens with one of the store's own labels.
import { aiFields, type CopyFieldRegistry } from '../../../common/copy-fields/field-spec';
import {
  endsMidPhrase,
  findArtefact,
  opensWithLabel,
  storeLabels,
} from '../../../common/copy-rules/broken-text';
import type { CopyFields, ProductFacts } from '../../leaves/ai/copy-writer';
import { COPY_PROBLEM_MESSAGES, type CopyField } from './problem-messages';

type BrokenProblem = {
  field: CopyField;
  kind: 'artefact' | 'cut_off' | 'copied_label';
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

/** Every field's texts, an image's alt text named alt_texts[i]. */
function textsOf(copy: CopyFields, registry: CopyFieldRegistry): [CopyField, string, string][] {
  return aiFields(registry).flatMap((field): [CopyField, string, string][] => {
    const value = (copy as unknown as Record<string, unknown>)[field.name];
    if (Array.isArray(value))
      return value.map((text, i) => [`${field.name}[${i}]` as CopyField, String(text), field.name]);
    return [[field.name as CopyField, String(value ?? ''), field.name]];
  });
}

export function brokenTextProblems(
  copy: CopyFields,
  facts: ProductFacts,
  registry: CopyFieldRegistry,
): BrokenProblem[] {
  const source = Object.values(facts).join('\n');
  const labels = storeLabels(facts.description ?? '', facts.product_name ?? '');
  const problems: BrokenProblem[] = [];
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
