// A product's copy read field by field, as the checks read it: each field's text, a per-image field's texts one
// by one under their item names (alt_texts[0]), a question-and-answer field's question and answer one by one
// (questions_and_answers[0].answer), in registry order.
import { aiFields, type CopyFieldRegistry, type CopyFieldSpec } from '../../../common/copy-fields/field-spec';
import { type QaPair, readQaPairs } from '../../../common/copy-fields/qa-pairs';
import type { CopyFields } from '../../leaves/ai/copy-writer';
import type { CopyField } from './problem-messages';

/** A field's text in the copy ('' for a field the copy lacks), its list for a per-image field. */
export const textOf = (copy: CopyFields, field: CopyFieldSpec): string =>
  String((copy as Record<string, unknown>)[field.name] ?? '');
export const listOf = (copy: CopyFields, field: CopyFieldSpec): string[] =>
  ((copy as Record<string, unknown>)[field.name] as string[] | undefined) ?? [];
export const itemName = (field: CopyFieldSpec, index: number) => `${field.name}[${index}]` as CopyField;
/** A question-and-answer field's pairs, as written. */
export const pairsOf = (copy: CopyFields, field: CopyFieldSpec): QaPair[] => readQaPairs(textOf(copy, field));
/** "questions_and_answers[0].answer": one side of one pair. */
export const pairPartName = (field: CopyFieldSpec, index: number, part: keyof QaPair) =>
  `${field.name}[${index}].${part}` as CopyField;
/** The field a problem's name belongs to: "alt_texts[2]" and "questions_and_answers[0].answer" are their lists'. */
export const baseFieldName = (name: CopyField): string => name.replace(/\[.*$/, '');

function textsOfField(copy: CopyFields, field: CopyFieldSpec): [CopyField, string][] {
  if (field.holds === 'per_image')
    return listOf(copy, field).map((text, index) => [itemName(field, index), text]);
  if (!field.pairs) return [[field.name as CopyField, textOf(copy, field)]];
  return pairsOf(copy, field).flatMap((pair, index): [CopyField, string][] => [
    [pairPartName(field, index, 'question'), pair.question],
    [pairPartName(field, index, 'answer'), pair.answer],
  ]);
}

/** Every field's text with its name, a per-image field's texts one by one, in registry order. */
export function fieldTexts(copy: CopyFields, registry: CopyFieldRegistry): [CopyField, string][] {
  return aiFields(registry).flatMap((field) => textsOfField(copy, field));
}
