// Review tools for one product: the SERP preview, the copy editor (copy-editor.tsx) beside the store's current
// copy, locks, approve/reject, regeneration (asking first when it would overwrite edits) and the kept versions.
// The draft and its saving, with the 409 conflict when the product changed meanwhile, are use-copy-draft.ts.
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { BundleWorkflowProduct } from '../../common/entities';
import { useFunctionQuery } from '../api/use-function-query';
import { type RunIds, useRegenerateProducts } from '../api/use-regenerate-products';
import { productName } from '../lib/product-name';
import { ConflictNotice } from './conflict-notice';
import { CopyEditor } from './copy-editor';
import { changedFields, copyOfProduct, copyOfVersion } from './copy-fields';
import { HistoryPanel, productHistoryKey } from './history-panel';
import { RegenerateConfirm } from './regenerate-confirm';
import { ReviewBadge } from './review-badge';
import { SerpPreview } from './serp-preview';
import { useCopyDraft } from './use-copy-draft';
import { useSetLocks, useSetReview } from './use-review-actions';

export function ProductReview({ product, run }: { product: BundleWorkflowProduct; run: RunIds }) {
  const copy = useCopyDraft(product, run);
  const { draft, isDirty, hasConflict } = copy;
  const [confirming, setConfirming] = useState(false);

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
          isSaving={copy.isSaving}
          onReload={copy.reload}
          onSaveMine={copy.saveOverTheirs}
        />
      )}
      <SerpPreview
        title={fields.page_title}
        description={fields.meta_description}
        url={fields.url_suggestion}
        currentUrl={product.product_details.url}
      />
      <Stack gap="xs">
        <CopyEditor
          product={product}
          draft={draft}
          setDraft={copy.setDraft}
          onLock={(field, on) => locks.setLocks([product.id], [field], on)}
        />
        <Group>
          <Button onClick={copy.save} loading={copy.isSaving} disabled={!isDirty || hasConflict}>
            Save changes
          </Button>
          <Button variant="default" onClick={copy.reload} disabled={!isDirty || copy.isSaving}>
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
        <HistoryPanel product={product} run={run} onRestored={copy.startFrom} />
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
