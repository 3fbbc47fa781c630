// The Review panel's draft of one product's copy: what the user typed, against the product version it started
// from. A save names that version (expected_updated_at): when the product changed since, the server refuses
// it (409 conflict), and the draft can be reloaded, or saved again over the copy that is there ("keep mine").
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { type Dispatch, type SetStateAction, useEffect, useMemo, useState } from 'react';
import type { BundleWorkflowProduct } from '../../common/contract/entities';
import type { EditableCopyFields } from '../../common/contract/functions';
import { replaceCachedProduct } from '../api/bundle-run';
import { describeError } from '../api/invoke';
import { queryKeys } from '../api/query-keys';
import { useFunctionMutation } from '../api/use-function-mutation';
import type { RunIds } from '../api/use-regenerate-products';
import { type Copy, copyOfProduct, isSameCopy, TEXT_FIELDS } from './copy-fields';
import { productHistoryKey } from './history-panel';

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

export type CopyDraft = {
  draft: Copy;
  setDraft: Dispatch<SetStateAction<Copy>>;
  isDirty: boolean;
  hasConflict: boolean;
  isSaving: boolean;
  save: () => void;
  /** "Keep mine": the same edits, now made against the copy that is there. */
  saveOverTheirs: () => void;
  /** Drops the edits (and a conflict) for the product's current copy. */
  reload: () => void;
  /** Starts again from a product version the server returned (a restored one, say). */
  startFrom: (product: BundleWorkflowProduct) => void;
};

/** The draft and the product version it started from, kept in step when the product changes under it. */
function useDraftAgainstBase(product: BundleWorkflowProduct) {
  // The product the draft started from: its updated_at is what a save is made against.
  const [base, setBase] = useState(product);
  const [draft, setDraft] = useState(() => copyOfProduct(product));
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

  const startFrom = (version: BundleWorkflowProduct) => {
    setBase(version);
    setDraft(copyOfProduct(version));
  };
  return { base, setBase, draft, setDraft, changes, isDirty, startFrom };
}

/** The save request: a refusal because the product changed meanwhile (409) is a conflict, not a failure. */
function useSaveCopy(
  product: BundleWorkflowProduct,
  run: RunIds,
  on: { saved: (saved: BundleWorkflowProduct) => void; conflict: () => void },
) {
  const queryClient = useQueryClient();
  return useFunctionMutation('update-product-copy', {
    onSuccess: ({ product: saved }) => {
      replaceCachedProduct(queryClient, run.bundleId, run.workflowId, saved);
      on.saved(saved);
      notifications.show({ color: 'teal', message: 'Saved.' });
    },
    invalidates: [productHistoryKey(product.id)],
    onError: (error) => {
      if (error.type === 'conflict') {
        on.conflict();
        // Fetch the copy that replaced the one the editor holds, to reload or compare with.
        void queryClient.invalidateQueries({ queryKey: queryKeys.bundleRun(run.bundleId, run.workflowId) });
        return;
      }
      notifications.show({ color: 'red', title: 'Could not save', message: describeError(error) });
    },
  });
}

export function useCopyDraft(product: BundleWorkflowProduct, run: RunIds): CopyDraft {
  const { base, setBase, draft, setDraft, changes, isDirty, startFrom } = useDraftAgainstBase(product);
  const [hasConflict, setConflict] = useState(false);
  const reload = () => {
    startFrom(product);
    setConflict(false);
  };
  const saveCopy = useSaveCopy(product, run, {
    saved: (saved) => {
      startFrom(saved);
      setConflict(false);
    },
    conflict: () => setConflict(true),
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
  return {
    draft,
    setDraft,
    isDirty,
    hasConflict,
    isSaving: saveCopy.isPending,
    save,
    saveOverTheirs,
    reload,
    startFrom,
  };
}
