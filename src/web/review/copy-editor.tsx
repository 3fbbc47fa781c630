// The Review panel's editor of one product's copy: each text field with its limit, lock and the store's
// current value, then an alt text per image. It edits the draft (use-copy-draft.ts); saving is the panel's.
import { Group, Image, Stack } from '@mantine/core';
import type { Dispatch, SetStateAction } from 'react';
import type { BundleWorkflowProduct, CopyFieldName } from '../../common/contract/entities';
import { SEO_LIMITS } from '../../common/copy-rules/copy-rules';
import {
  checkAltText,
  checkHeading,
  checkMetaDescription,
  checkPageTitle,
} from '../../common/copy-rules/seo-checks';
import { type Copy, storeCopyOf, TEXT_FIELDS, type TextField } from './copy-fields';
import { CopyInput, type CopyInputSpec } from './copy-input';
import { LockSwitch, StoreValue } from './field-extras';

const FIELD_INPUTS: Record<TextField, CopyInputSpec> = {
  page_title: { label: 'Page Title', limit: { max: SEO_LIMITS.pageTitleMax, check: checkPageTitle } },
  meta_description: {
    label: 'Meta Description',
    limit: { max: SEO_LIMITS.metaDescriptionMax, check: checkMetaDescription },
    rows: { min: 2 },
  },
  heading: { label: 'Heading', limit: { max: SEO_LIMITS.headingMax, check: checkHeading } },
  description: { label: 'Description', rows: { min: 3, max: 12 } },
  fact_sheet: {
    label: 'Fact Sheet',
    hint: 'One fact per line, such as Material: Wool',
    rows: { min: 2, max: 8 },
  },
  url_suggestion: { label: 'URL Suggestion' },
};

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
          <CopyInput
            {...FIELD_INPUTS[field]}
            value={draft.fields[field]}
            onChange={(event) => {
              const { value } = event.currentTarget;
              setDraft((was) => ({ ...was, fields: { ...was.fields, [field]: value } }));
            }}
          />
          <Group gap="md" wrap="wrap" align="flex-start">
            <LockSwitch field={field} product={product} onChange={onLock} />
            {(field === 'page_title' || field === 'meta_description' || field === 'description') && (
              <StoreValue label="In the store now" value={store[field]} />
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
