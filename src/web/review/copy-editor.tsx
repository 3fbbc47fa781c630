// The Review panel's editor of one product's copy: each text field with its limit, lock and the store's
// current value, then an alt text per image. It edits the draft (use-copy-draft.ts); saving is the panel's.
import { Group, Image, Stack } from '@mantine/core';
import type { Dispatch, SetStateAction } from 'react';
import type { BundleWorkflowProduct, CopyFieldName } from '../../common/contract/entities';
import { fieldNamed } from '../../common/copy-fields/field-spec';
import { COPY_FIELD_REGISTRY } from '../../common/copy-fields/registry';
import { SEO_LIMITS } from '../../common/copy-rules/copy-rules';
import { checkAltText, checkLimits } from '../../common/copy-rules/seo-checks';
import { type Copy, reviewFields, storeCopyOf, TEXT_FIELDS, type TextField } from './copy-fields';
import { CopyInput, type CopyInputSpec } from './copy-input';
import { LockSwitch, StoreValue } from './field-extras';
import { QaEditor } from './qa-editor';

/** Each text field's input, from the registry: its label, its limit with the check, its hint and rows. */
const FIELD_INPUTS = Object.fromEntries(
  reviewFields().map((field) => {
    const { limit } = fieldNamed(COPY_FIELD_REGISTRY, field.name);
    const spec: CopyInputSpec = {
      label: field.label,
      ...(limit ? { limit: { max: limit.max, check: (text: string) => checkLimits(limit, text) } } : {}),
      ...(field.hint ? { hint: field.hint } : {}),
      ...(field.rows ? { rows: field.rows } : {}),
    };
    return [field.name, spec];
  }),
) as Record<TextField, CopyInputSpec>;

// The fields holding questions and answers, with how many pairs each takes: edited pair by pair.
const PAIR_COUNTS: Partial<Record<string, { min: number; max: number }>> = Object.fromEntries(
  COPY_FIELD_REGISTRY.flatMap((field) => ('pairs' in field ? [[field.name, field.pairs]] : [])),
);

// The fields shown beside the store's current value (the store copy has only these).
const WITH_STORE_VALUE = new Set(
  reviewFields()
    .filter((field) => field.storeValue)
    .map((field) => field.name),
);

export function CopyEditor({
  product,
  draft,
  setDraft,
  onLock,
}: {
  product: BundleWorkflowProduct;
  draft: Copy;
  setDraft: Dispatch<SetStateAction<Copy>>;
  onLock: (field: CopyFieldName, on: boolean) => void;
}) {
  const images = product.image_details ?? [];
  const store = storeCopyOf(product);
  return (
    <>
      {TEXT_FIELDS.map((field) => (
        <Stack key={field} gap={4}>
          {PAIR_COUNTS[field] ? (
            <QaEditor
              label={FIELD_INPUTS[field].label}
              value={draft.fields[field]}
              limits={PAIR_COUNTS[field]}
              onChange={(value) => setDraft((was) => ({ ...was, fields: { ...was.fields, [field]: value } }))}
            />
          ) : (
            <CopyInput
              {...FIELD_INPUTS[field]}
              value={draft.fields[field]}
              onChange={(event) => {
                const { value } = event.currentTarget;
                setDraft((was) => ({ ...was, fields: { ...was.fields, [field]: value } }));
              }}
            />
          )}
          <Group gap="md" wrap="wrap" align="flex-start">
            <LockSwitch field={field} product={product} onChange={onLock} />
            {WITH_STORE_VALUE.has(field) && (
              <StoreValue
                label="In the store now"
                value={store[field as keyof typeof store] as string | undefined}
              />
            )}
          </Group>
        </Stack>
      ))}
      {images.length > 0 && <LockSwitch field="alt_texts" product={product} onChange={onLock} />}
      {images.map((image, index) => (
        <Group key={image.bundle_workflow_products_image_id} align="flex-start" wrap="nowrap">
          <Image src={image.url} alt="" w={48} h={48} radius="sm" fit="cover" />
          <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
            <CopyInput
              label={`Alt text, image ${index + 1}`}
              limit={{ max: SEO_LIMITS.altTextMax, check: checkAltText }}
              value={draft.altTexts[index] ?? ''}
              onChange={(event) => {
                const { value } = event.currentTarget;
                setDraft((was) => {
                  const altTexts = [...was.altTexts];
                  altTexts[index] = value;
                  return { ...was, altTexts };
                });
              }}
            />
            <StoreValue label="In the store now" value={store.alt_texts[index]} />
          </Stack>
        </Group>
      ))}
    </>
  );
}
