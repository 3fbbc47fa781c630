// Review tools for one product: the SERP preview, inline editing of the generated copy (saved through
// update-product-copy) with live limit flags, and regeneration.
import { Button, Group, Image, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { SEO_LIMITS } from '../../common/copy-rules';
import type { BundleWorkflowProduct } from '../../common/entities';
import type { EditableCopyFields } from '../../common/functions';
import { checkAltText, checkHeading, checkMetaDescription, checkPageTitle } from '../../common/seo-checks';
import { useFunctionMutation } from '../api/use-function-mutation';
import { replaceCachedProduct } from './bundle-run';
import { CopyInput, type CopyInputSpec } from './copy-input';
import { useRunActions } from './run-context';
import { SerpPreview } from './serp-preview';
import { useRegenerateProducts } from './use-regenerate-products';

const TEXT_FIELDS = [
  'page_title',
  'meta_description',
  'heading',
  'description',
  'fact_sheet',
  'url_suggestion',
] as const satisfies readonly (keyof EditableCopyFields)[];
type TextField = (typeof TEXT_FIELDS)[number];

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

type Draft = { fields: Record<TextField, string>; altTexts: Record<number, string> };

function draftOf(product: BundleWorkflowProduct): Draft {
  return {
    fields: Object.fromEntries(TEXT_FIELDS.map((field) => [field, product[field] ?? ''])) as Record<
      TextField,
      string
    >,
    altTexts: Object.fromEntries(
      (product.image_details ?? []).map((image) => [
        image.bundle_workflow_products_image_id,
        image.alt_text ?? '',
      ]),
    ),
  };
}

/** What the user changed, as an update-product-copy request; null when nothing changed. */
function changesOf(product: BundleWorkflowProduct, draft: Draft) {
  const original = draftOf(product);
  const fields: EditableCopyFields = {};
  for (const field of TEXT_FIELDS) {
    if (draft.fields[field] !== original.fields[field]) fields[field] = draft.fields[field];
  }
  const altTexts = Object.entries(draft.altTexts)
    .filter(([id, text]) => original.altTexts[Number(id)] !== text)
    .map(([id, alt_text]) => ({ bundle_workflow_products_image_id: Number(id), alt_text }));
  if (Object.keys(fields).length === 0 && altTexts.length === 0) return null;
  return { fields, alt_texts: altTexts.length > 0 ? altTexts : undefined };
}

export function ProductReview({ product }: { product: BundleWorkflowProduct }) {
  const run = useRunActions();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(() => draftOf(product));
  const rewrite = useRegenerateProducts(run);
  const saveCopy = useFunctionMutation('update-product-copy', {
    errorTitle: 'Could not save',
    onSuccess: ({ product: savedProduct }) => {
      // Only this product's row renders again.
      replaceCachedProduct(queryClient, run.bundleId, run.workflowId, savedProduct);
      setDraft(draftOf(savedProduct));
      notifications.show({ color: 'teal', message: 'Saved.' });
    },
  });
  const isSaving = saveCopy.isPending;
  const changes = useMemo(() => changesOf(product, draft), [product, draft]);
  const isDirty = changes !== null;

  // New copy from the server replaces the form, unless the user has edits of their own in it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a newer product version should reset.
  useEffect(() => {
    if (!isDirty) setDraft(draftOf(product));
  }, [product.updated_at, product.status]);

  const setField = (field: TextField) => (event: { currentTarget: { value: string } }) => {
    const { value } = event.currentTarget;
    setDraft((current) => ({ ...current, fields: { ...current.fields, [field]: value } }));
  };

  const save = () => {
    if (changes) saveCopy.mutate({ bundle_workflow_product_id: product.id, ...changes });
  };

  const { fields } = draft;
  const images = product.image_details ?? [];
  const label = product.product_details.product_name ?? `product ${product.id}`;
  return (
    <Stack gap="md" py="xs" aria-label={`Review ${label}`} role="group" maw={960}>
      <SerpPreview
        title={fields.page_title}
        description={fields.meta_description}
        url={fields.url_suggestion}
        currentUrl={product.product_details.url}
      />
      <Stack gap="xs">
        {TEXT_FIELDS.map((field) => (
          <CopyInput key={field} {...FIELD_INPUTS[field]} value={fields[field]} onChange={setField(field)} />
        ))}
        {images.map((image, index) => {
          const id = image.bundle_workflow_products_image_id;
          const text = draft.altTexts[id] ?? '';
          return (
            <Group key={id} align="flex-start" wrap="nowrap">
              <Image src={image.url} alt="" w={48} h={48} radius="sm" fit="cover" />
              <CopyInput
                style={{ flex: 1 }}
                label={`Alt text, image ${index + 1}`}
                limit={{ max: SEO_LIMITS.altTextMax, check: checkAltText }}
                value={text}
                onChange={(event) => {
                  const { value } = event.currentTarget;
                  setDraft((current) => ({ ...current, altTexts: { ...current.altTexts, [id]: value } }));
                }}
              />
            </Group>
          );
        })}
        <Group>
          <Button onClick={save} loading={isSaving} disabled={!isDirty}>
            Save changes
          </Button>
          <Button
            variant="default"
            onClick={() => setDraft(draftOf(product))}
            disabled={!isDirty || isSaving}
          >
            Undo changes
          </Button>
          <Button
            variant="light"
            color="grape"
            onClick={() => rewrite.regenerate([product.id])}
            loading={rewrite.isPending}
          >
            Regenerate
          </Button>
        </Group>
        {product.status !== 'done' && product.status !== 'failed' && (
          <Text size="xs" c="dimmed">
            This product is still being written; saving now may be overwritten by the writer.
          </Text>
        )}
      </Stack>
    </Stack>
  );
}
