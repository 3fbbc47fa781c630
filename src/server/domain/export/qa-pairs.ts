// A product's questions and answers, read from the copy field the registry marks as holding them
// (exports.qaPairs). Read here only, so that every feed takes the same pairs and a product without the field,
// or with none written yet, simply has none.
import type { BundleWorkflowProduct } from '../../../common/contract/entities';
import { type CopyFieldRegistry, fieldWithQaPairs } from '../../../common/copy-fields/field-spec';
import { COPY_FIELD_REGISTRY } from '../../../common/copy-fields/registry';

export type QaPair = { question: string; answer: string };

const isPair = (value: unknown): value is QaPair =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as QaPair).question === 'string' &&
  typeof (value as QaPair).answer === 'string';

function parsed(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
}

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
  const value = parsed((product as Record<string, unknown>)[field.name]);
  if (!Array.isArray(value)) return [];
  return value
    .filter(isPair)
    .map((pair) => ({ question: pair.question.trim(), answer: pair.answer.trim() }))
    .filter((pair) => pair.question !== '' && pair.answer !== '');
}
