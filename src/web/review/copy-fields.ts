// The copy a reviewer edits, compares and locks: the registry's text fields and the alt texts, read the same way
// from a product, a kept version or the editor's draft, so that any two of them can be compared.
import type { BundleWorkflowProduct, CopyFieldName } from '../../common/contract/entities';
import type { EditableCopyFields, ProductVersion } from '../../common/contract/functions';
import { type CopyFieldRegistry, textFields } from '../../common/copy-fields/field-spec';
import { readQaPairs } from '../../common/copy-fields/qa-pairs';
import { COPY_FIELD_REGISTRY, type TextFieldName } from '../../common/copy-fields/registry';

/** Compiles only when every one of T is a field edit-product-copy takes. */
type Editable<T extends keyof EditableCopyFields> = T;
/** The copy fields held as one text (all but the alt texts), in registry order; each is an editable field. */
export type TextField = Editable<TextFieldName>;

/** The review screen's fields, in registry order: a text field each, then the per-image ones. */
export function reviewFields(registry: CopyFieldRegistry = COPY_FIELD_REGISTRY) {
  return registry.map((field) => ({ name: field.name, holds: field.holds, ...field.review }));
}

export const TEXT_FIELDS = textFields(COPY_FIELD_REGISTRY).map((field) => field.name as TextField);

export const FIELD_LABELS = Object.fromEntries(
  reviewFields().map((field) => [field.name, field.label]),
) as Record<CopyFieldName, string>;

/** A product's copy: its text fields, and its alt texts in image order. */
export type Copy = { fields: Record<TextField, string>; altTexts: string[] };

export function copyOfProduct(product: BundleWorkflowProduct): Copy {
  return {
    fields: Object.fromEntries(TEXT_FIELDS.map((field) => [field, product[field] ?? ''])) as Copy['fields'],
    altTexts: (product.image_details ?? []).map((image) => image.alt_text ?? ''),
  };
}

export function copyOfVersion(version: ProductVersion): Copy {
  return {
    fields: Object.fromEntries(TEXT_FIELDS.map((field) => [field, version[field] ?? ''])) as Copy['fields'],
    altTexts: version.alt_texts,
  };
}

/** The fields (alt texts as one) whose text differs between two copies. */
export function changedFields(a: Copy, b: Copy): CopyFieldName[] {
  const changed: CopyFieldName[] = TEXT_FIELDS.filter((field) => a.fields[field] !== b.fields[field]);
  const altCount = Math.max(a.altTexts.length, b.altTexts.length);
  for (let i = 0; i < altCount; i++) {
    if ((a.altTexts[i] ?? '') !== (b.altTexts[i] ?? '')) {
      changed.push('alt_texts');
      break;
    }
  }
  return changed;
}

export function isSameCopy(a: Copy, b: Copy): boolean {
  return changedFields(a, b).length === 0;
}

const PAIR_FIELDS = new Set<string>(
  COPY_FIELD_REGISTRY.filter((field) => 'pairs' in field).map((field) => field.name),
);

/** The field's text in a copy; alt texts joined one per line, questions and answers as "Q: … / A: …" lines. */
export function fieldText(copy: Copy, field: CopyFieldName): string {
  if (field === 'alt_texts') return copy.altTexts.join('\n');
  if (!PAIR_FIELDS.has(field)) return copy.fields[field];
  return readQaPairs(copy.fields[field])
    .map((pair) => `Q: ${pair.question}\nA: ${pair.answer}`)
    .join('\n');
}

/** The store's own copy for the product, shown beside the new copy. */
export function storeCopyOf(product: BundleWorkflowProduct) {
  const details = product.product_details;
  const store = product.store_copy ?? {};
  return {
    page_title: store.page_title ?? details.current_page_title ?? undefined,
    meta_description: store.meta_description ?? details.current_meta_description ?? undefined,
    description: store.description ?? undefined,
    alt_texts: store.alt_texts ?? [],
  };
}
