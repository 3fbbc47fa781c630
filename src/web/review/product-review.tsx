// Review tools for one product: the SERP preview, the copy editor (copy-editor.tsx) beside the store's current
// copy, locks, approve/reject, regeneration (asking first when it would overwrite edits) and the kept versions.
// The draft and its saving, with the 409 conflict when the product changed meanwhile, are use-copy-draft.ts.
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { BundleWorkflowProduct } from '../../common/contract/entities';
import type { RunIds } from '../api/use-regenerate-products';
import { productName } from '../lib/product-name';
import { ConflictNotice } from './conflict-notice';
import { CopyEditor } from './copy-editor';
import { copyOfVersion } from './copy-fields';
import { HistoryPanel } from './history-panel';
import { LanguageSwitch, MAIN_COPY, TranslationView } from './language-switch';
import { PhotoFactsPanel } from './photo-facts-panel';
import { RegenerateConfirm } from './regenerate-confirm';
import { ReviewBadge } from './review-badge';
import { ReviewTrail } from './review-trail';
import { SerpPreview } from './serp-preview';
import { type ProductReviewState, useProductReview } from './use-product-review';

type ReviewProps = { product: BundleWorkflowProduct; state: ProductReviewState };

export function ProductReview({
  product,
  run,
  mainLanguage = null,
}: {
  product: BundleWorkflowProduct;
  run: RunIds;
  /** The language of the editable copy, which the language switch names beside the translations'. */
  mainLanguage?: string | null;
}) {
  const state = useProductReview(product, run);
  const [language, setLanguage] = useState(MAIN_COPY);
  const translation = language === MAIN_COPY ? undefined : product.translations?.[language];
  const { copy, current, lastGenerated, editedFields } = state;
  const name = productName(product.product_details);
  return (
    <Stack gap="md" aria-label={`Review ${name}`} role="group">
      <ReviewHeader product={product} state={state} name={name} />
      <ReviewTrail product={product} />
      <LanguageSwitch product={product} mainLanguage={mainLanguage} value={language} onChange={setLanguage} />
      {translation ? (
        <TranslationView product={product} language={language} translation={translation} />
      ) : (
        <MainCopy product={product} state={state} />
      )}
      <PhotoFactsPanel product={product} run={run} />
      <Stack gap="xs">
        <Title order={4} size="h5">
          History
        </Title>
        <HistoryPanel product={product} run={run} onRestored={copy.startFrom} />
      </Stack>
      {lastGenerated && (
        <RegenerateConfirm
          opened={state.confirming}
          generated={copyOfVersion(lastGenerated)}
          current={current}
          editedFields={editedFields}
          onCancel={() => state.setConfirming(false)}
          onConfirm={({ keepEdits }) => {
            state.setConfirming(false);
            state.rewrite.regenerate([product.id], keepEdits ? editedFields : undefined);
          }}
        />
      )}
    </Stack>
  );
}

/** The first language's copy: its problems, a conflict with a newer save, the SERP preview and the editor. */
function MainCopy({ product, state }: ReviewProps) {
  const { copy, current } = state;
  const { draft } = copy;
  const { fields } = draft;
  return (
    <>
      {product.problems && product.problems.length > 0 && (
        <Alert color="orange" variant="light" title="Flagged by the copy checks">
          {product.problems.map((problem) => problem.message).join(' ')}
        </Alert>
      )}
      {copy.hasConflict && (
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
      <EditorSection product={product} state={state} />
    </>
  );
}

/** The product's name and review state, with Approve and Reject. */
function ReviewHeader({ product, state, name }: ReviewProps & { name: string }) {
  const { review } = state;
  return (
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
          disabled={state.isWriting || state.copy.isDirty}
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
  );
}

/** The copy editor with Save, Undo and Regenerate, and why a button is off. */
function EditorSection({ product, state }: ReviewProps) {
  const { copy, locks, rewrite, isWriting } = state;
  const { isDirty } = copy;
  return (
    <Stack gap="xs">
      <CopyEditor
        product={product}
        draft={copy.draft}
        setDraft={copy.setDraft}
        onLock={(field, on) => locks.setLocks([product.id], [field], on)}
      />
      <Group>
        <Button onClick={copy.save} loading={copy.isSaving} disabled={!isDirty || copy.hasConflict}>
          Save changes
        </Button>
        <Button variant="default" onClick={copy.reload} disabled={!isDirty || copy.isSaving}>
          Undo changes
        </Button>
        <Button
          variant="light"
          color="grape"
          onClick={state.onRegenerate}
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
  );
}
