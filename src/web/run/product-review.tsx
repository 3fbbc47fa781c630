// Review tools for one product: the SERP preview, inline editing of the generated copy beside the store's
// current copy, locks, approve/reject, regeneration (asking first when it would overwrite edits) and the
// kept versions. A save names the copy it was made against (expected_updated_at): when the product changed
// since, the server refuses it (409 conflict) and the editor offers to reload or compare.
import { Alert, Button, Group, Image, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { SEO_LIMITS } from '../../common/copy-rules';
import type { BundleWorkflowProduct } from '../../common/entities';
import type { EditableCopyFields } from '../../common/functions';
import { checkAltText, checkHeading, checkMetaDescription, checkPageTitle } from '../../common/seo-checks';
import { describeError } from '../api/invoke';
import { queryKeys } from '../api/query-keys';
import { useFunctionMutation } from '../api/use-function-mutation';
import { useFunctionQuery } from '../api/use-function-query';
import { replaceCachedProduct } from './bundle-run';
import { CopyInput, type CopyInputSpec } from './copy-input';
import { productName } from './product-name-cell';
import { ConflictNotice } from './review/conflict-notice';
import {
  type Copy,
  changedFields,
  copyOfProduct,
  copyOfVersion,
  isSameCopy,
  storeCopyOf,
  TEXT_FIELDS,
  type TextField,
} from './review/copy-fields';
import { LockSwitch, StoreValue } from './review/field-extras';
import { HistoryPanel, productHistoryKey } from './review/history-panel';
import { RegenerateConfirm } from './review/regenerate-confirm';
import { ReviewBadge } from './review/review-badge';
import { useSetLocks, useSetReview } from './review/use-review-actions';
import type { RunActions } from './run-context';
import { SerpPreview } from './serp-preview';
import { useRegenerateProducts } from './use-regenerate-products';

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

/** What the user changed against the copy they started from, as an update-product-copy request. */
function changesOf(base: BundleWorkflowProduct, draft: Copy) {
  const original = copyOfProduct(base);
  const fields: EditableCopyFields = {};
  for (const field of TEXT_FIELDS) {
    if (draft.fields[field] !== original.fields[field]) fields[field] = draft.fields[field];
  }
  const altTexts = (base.image_details ?? [])
    .map((image, index) => ({ image, text: draft.altTexts[index] ?? '' }))
    .filter(({ text }, index) => text !== original.altTexts[index])
    .map(({ image, text }) => ({
      bundle_workflow_products_image_id: image.bundle_workflow_products_image_id,
      alt_text: text,
    }));
  if (Object.keys(fields).length === 0 && altTexts.length === 0) return null;
  return { fields, alt_texts: altTexts.length > 0 ? altTexts : undefined };
}

export function ProductReview({ product, run }: { product: BundleWorkflowProduct; run: RunActions }) {
  const queryClient = useQueryClient();
  // The product the draft started from: its updated_at is what a save is made against.
  const [base, setBase] = useState(product);
  const [draft, setDraft] = useState(() => copyOfProduct(product));
  const [hasConflict, setConflict] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const changes = useMemo(() => changesOf(base, draft), [base, draft]);
  const isDirty = changes !== null;

  // The product changed under the editor: with nothing typed, show the new copy; with edits, keep them, and
  // move the base along only when the copy itself did not change (an approval or a lock, say).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a newer product version should reset.
  useEffect(() => {
    if (product.updated_at === base.updated_at) return;
    if (!isDirty) {
      setBase(product);
      setDraft(copyOfProduct(product));
    } else if (isSameCopy(copyOfProduct(product), copyOfProduct(base))) {
      setBase(product);
    }
  }, [product.updated_at]);

  const reload = () => {
    setBase(product);
    setDraft(copyOfProduct(product));
    setConflict(false);
  };

  const saveCopy = useFunctionMutation('update-product-copy', {
    onSuccess: ({ product: saved }) => {
      replaceCachedProduct(queryClient, run.bundleId, run.workflowId, saved);
      setBase(saved);
      setDraft(copyOfProduct(saved));
      setConflict(false);
      notifications.show({ color: 'teal', message: 'Saved.' });
    },
    invalidates: [productHistoryKey(product.id)],
    onError: (error) => {
      if (error.type === 'conflict') {
        setConflict(true);
        // Fetch the copy that replaced the one the editor holds, to reload or compare with.
        void queryClient.invalidateQueries({ queryKey: queryKeys.bundleRun(run.bundleId, run.workflowId) });
        return;
      }
      notifications.show({ color: 'red', title: 'Could not save', message: describeError(error) });
    },
  });
  const save = () => {
    if (changes) {
      saveCopy.mutate({
        bundle_workflow_product_id: product.id,
        ...changes,
        expected_updated_at: base.updated_at,
      });
    }
  };
  // "Keep mine": the same edits, now made against the copy that is there.
  const saveOverTheirs = () => {
    const mine = changesOf(product, draft);
    setBase(product);
    if (mine) {
      saveCopy.mutate({
        bundle_workflow_product_id: product.id,
        ...mine,
        expected_updated_at: product.updated_at,
      });
    } else {
      setConflict(false);
    }
  };

  const rewrite = useRegenerateProducts(run, {
    onQueued: () => notifications.show({ color: 'grape', message: 'Queued to be written again.' }),
  });
  const review = useSetReview(run);
  const locks = useSetLocks(run);
  const history = useFunctionQuery(
    'view-product-history',
    { bundle_workflow_product_id: product.id },
    { queryKey: [...productHistoryKey(product.id), product.updated_at] },
  );
  const lastGenerated = history.data?.versions.find((version) => version.source.endsWith('generated'));
  const current = copyOfProduct(product);
  const editedFields = lastGenerated
    ? changedFields(copyOfVersion(lastGenerated), current).filter(
        (field) => !product.locked_fields.includes(field),
      )
    : [];
  const onRegenerate = () => {
    if (editedFields.length > 0) setConfirming(true);
    else rewrite.regenerate([product.id]);
  };

  const { fields } = draft;
  const images = product.image_details ?? [];
  const store = storeCopyOf(product);
  const name = productName(product.product_details);
  const isWriting = product.status !== 'done' && product.status !== 'failed';
  return (
    <Stack gap="md" aria-label={`Review ${name}`} role="group">
      <Group justify="space-between" align="center" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Title order={3} size="h4">
            {name}
          </Title>
          <ReviewBadge state={product.review_state} />
        </Group>
        <Group gap="xs">
          <Button
            size="xs"
            color="teal"
            variant={product.review_state === 'approved' ? 'filled' : 'light'}
            onClick={() => review.setReview([product.id], 'approved')}
            loading={review.pendingReview === 'approved'}
            disabled={isWriting || isDirty}
          >
            Approve
          </Button>
          <Button
            size="xs"
            color="red"
            variant={product.review_state === 'rejected' ? 'filled' : 'light'}
            onClick={() => review.setReview([product.id], 'rejected')}
            loading={review.pendingReview === 'rejected'}
          >
            Reject
          </Button>
        </Group>
      </Group>
      {product.problems && product.problems.length > 0 && (
        <Alert color="orange" variant="light" title="Flagged by the copy checks">
          {product.problems.map((problem) => problem.message).join(' ')}
        </Alert>
      )}
      {hasConflict && (
        <ConflictNotice
          current={current}
          mine={draft}
          isSaving={saveCopy.isPending}
          onReload={reload}
          onSaveMine={saveOverTheirs}
        />
      )}
      <SerpPreview
        title={fields.page_title}
        description={fields.meta_description}
        url={fields.url_suggestion}
        currentUrl={product.product_details.url}
      />
      <Stack gap="xs">
        {TEXT_FIELDS.map((field) => (
          <Stack key={field} gap={4}>
            <CopyInput
              {...FIELD_INPUTS[field]}
              value={fields[field]}
              onChange={(event) => {
                const { value } = event.currentTarget;
                setDraft((was) => ({ ...was, fields: { ...was.fields, [field]: value } }));
              }}
            />
            <Group gap="md" wrap="wrap" align="flex-start">
              <LockSwitch
                field={field}
                product={product}
                onChange={(f, on) => locks.setLocks([product.id], [f], on)}
              />
              {(field === 'page_title' || field === 'meta_description' || field === 'description') && (
                <StoreValue label="In the store now" value={store[field]} />
              )}
            </Group>
          </Stack>
        ))}
        {images.length > 0 && (
          <LockSwitch
            field="alt_texts"
            product={product}
            onChange={(f, on) => locks.setLocks([product.id], [f], on)}
          />
        )}
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
        <Group>
          <Button onClick={save} loading={saveCopy.isPending} disabled={!isDirty || hasConflict}>
            Save changes
          </Button>
          <Button variant="default" onClick={reload} disabled={!isDirty || saveCopy.isPending}>
            Undo changes
          </Button>
          <Button
            variant="light"
            color="grape"
            onClick={onRegenerate}
            loading={rewrite.isPending}
            disabled={isDirty || isWriting}
          >
            Regenerate
          </Button>
        </Group>
        {isDirty && (
          <Text size="xs" c="dimmed">
            Saving sends this product back to pending review. Save or undo your changes before regenerating.
          </Text>
        )}
        {isWriting && (
          <Text size="xs" c="dimmed">
            This product is being written; the editor shows the new copy when it is saved.
          </Text>
        )}
      </Stack>
      <Stack gap="xs">
        <Title order={4} size="h5">
          History
        </Title>
        <HistoryPanel
          product={product}
          run={run}
          onRestored={(restored) => {
            setBase(restored);
            setDraft(copyOfProduct(restored));
          }}
        />
      </Stack>
      {lastGenerated && (
        <RegenerateConfirm
          opened={confirming}
          generated={copyOfVersion(lastGenerated)}
          current={current}
          editedFields={editedFields}
          onCancel={() => setConfirming(false)}
          onConfirm={({ keepEdits }) => {
            setConfirming(false);
            rewrite.regenerate([product.id], keepEdits ? editedFields : undefined);
          }}
        />
      )}
    </Stack>
  );
}
