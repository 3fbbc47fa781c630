// A product's copy read field by field, as the checks read it: each field's text, a per-image field's texts one
// by one under their item names (alt_texts[0]), in registry order.
import { aiFields, type CopyFieldRegistry, type CopyFieldSpec } from '../../../common/copy-fields/field-spec';
import type { CopyFields } from '../../leaves/ai/copy-writer';
import type { CopyField } from './problem-messages';

/** A field's text in the copy ('' for a field the copy lacks), its list for a per-image field. */
export const textOf = (copy: CopyFields, field: CopyFieldSpec): string =>
  String((copy as Record<string, unknown>)[field.name] ?? '');
export const listOf = (copy: CopyFields, field: CopyFieldSpec): string[] =>
  ((copy as Record<string, unknown>)[field.name] as string[] | undefined) ?? [];
export const itemName = (field: CopyFieldSpec, index: number) => `${field.name}[${index}]` as CopyField;

/** Every field's text with its name, a per-image field's texts one by one, in registry order. */
export function fieldTexts(copy: CopyFields, registry: CopyFieldRegistry): [CopyField, string][] {
  return aiFields(registry).flatMap((field): [CopyField, string][] =>
    field.holds === 'per_image'
      ? listOf(copy, field).map((text, index) => [itemName(field, index), text])
      : [[field.name as CopyField, textOf(copy, field)]],
  );
}
