// A product's questions and answers, read from the copy field the registry marks as holding them
// (its `pairs`). Read here only, so that every feed takes the same pairs and a product without the field,
// or with none written yet, simply has none.
import type { BundleWorkflowProduct } from '../../../common/contract/entities';
import { type CopyFieldRegistry, fieldWithQaPairs } from '../../../common/copy-fields/field-spec';
import { type QaPair, readQaPairs } from '../../../common/copy-fields/qa-pairs';
import { COPY_FIELD_REGISTRY } from '../../../common/copy-fields/registry';

export type { QaPair };

/** Whether any field holds questions and answers: without one, no feed has a column for them. */
export const hasQaField = (registry: CopyFieldRegistry = COPY_FIELD_REGISTRY) =>
  fieldWithQaPairs(registry) !== undefined;

/** The product's pairs with both a question and an answer, trimmed; [] when it has none. */
export function qaPairsOf(
  product: BundleWorkflowProduct,
  registry: CopyFieldRegistry = COPY_FIELD_REGISTRY,
): QaPair[] {
  const field = fieldWithQaPairs(registry);
  if (!field) return [];
  return readQaPairs((product as Record<string, unknown>)[field.name])
    .map((pair) => ({ question: pair.question.trim(), answer: pair.answer.trim() }))
    .filter((pair) => pair.question !== '' && pair.answer !== '');
}
