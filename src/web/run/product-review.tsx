// Review tools for one product: the SERP preview, inline editing of the generated copy (saved through
// update-product-copy) with live limit flags, and regeneration.
import { Button, Group, Image, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { countCharacters, SEO_LIMITS } from '../../common/copy-rules';
import type { BundleWorkflowProduct } from '../../common/entities';
import type { EditableCopyFields } from '../../common/functions';
import { checkAltText, checkHeading, checkMetaDescription, checkPageTitle } from '../../common/seo-checks';
import { useFunctionMutation } from '../api/use-function-mutation';
import { replaceCachedProduct } from './bundle-run';
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

const counter = (text: string, max?: number) =>
  max === undefined ? `${countCharacters(text)} characters` : `${countCharacters(text)} / ${max} characters`;

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
        <TextInput
          label="Page Title"
          value={fields.page_title}
          onChange={setField('page_title')}
          description={counter(fields.page_title, SEO_LIMITS.pageTitleMax)}
          error={checkPageTitle(fields.page_title)}
        />
        <Textarea
          label="Meta Description"
          value={fields.meta_description}
          onChange={setField('meta_description')}
          description={counter(fields.meta_description, SEO_LIMITS.metaDescriptionMax)}
          error={checkMetaDescription(fields.meta_description)}
          autosize
          minRows={2}
        />
        <TextInput
          label="Heading"
          value={fields.heading}
          onChange={setField('heading')}
          description={counter(fields.heading, SEO_LIMITS.headingMax)}
          error={checkHeading(fields.heading)}
        />
        <Textarea
          label="Description"
          value={fields.description}
          onChange={setField('description')}
          autosize
          minRows={3}
          maxRows={12}
        />
        <Textarea
          label="Fact Sheet"
          value={fields.fact_sheet}
          onChange={setField('fact_sheet')}
          description="One fact per line, such as Material: Wool"
          autosize
          minRows={2}
          maxRows={8}
        />
        <TextInput
          label="URL Suggestion"
          value={fields.url_suggestion}
          onChange={setField('url_suggestion')}
        />
        {images.map((image, index) => {
          const id = image.bundle_workflow_products_image_id;
          const text = draft.altTexts[id] ?? '';
          return (
            <Group key={id} align="flex-start" wrap="nowrap">
              <Image src={image.url} alt="" w={48} h={48} radius="sm" fit="cover" />
              <TextInput
                style={{ flex: 1 }}
                label={`Alt text, image ${index + 1}`}
                value={text}
                onChange={(event) => {
                  const { value } = event.currentTarget;
                  setDraft((current) => ({ ...current, altTexts: { ...current.altTexts, [id]: value } }));
                }}
                description={counter(text, SEO_LIMITS.altTextMax)}
                error={checkAltText(text)}
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
