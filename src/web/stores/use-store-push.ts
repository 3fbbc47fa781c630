// A push to a connected store from the run page: the store picked, the preview of what would change, the
// push itself, its progress as it runs, and undoing it.
import { useState } from 'react';
import type { FunctionResponse } from '../../common/contract/functions';
import { queryKeys } from '../api/query-keys';
import { useFunctionMutation } from '../api/use-function-mutation';
import { useFunctionQuery } from '../api/use-function-query';

export type Change = FunctionResponse<'preview-push'>['changes'][number];

export function useStorePush(bundleWorkflowId: number) {
  const stores = useFunctionQuery('list-stores', {}, { queryKey: queryKeys.stores() });
  const [storeId, setStoreId] = useState<string | null>(null);
  const [changes, setChanges] = useState<Change[] | null>(null);
  const [notes, setNotes] = useState<string[]>([]);
  const [pushId, setPushId] = useState<number | null>(null);
  const preview = useFunctionMutation('preview-push', {
    errorTitle: 'Could not read the store',
    onSuccess: (data) => {
      setChanges(data.changes);
      setNotes(data.notes);
    },
  });
  const push = useFunctionMutation('push-to-store', {
    errorTitle: 'Could not push',
    onSuccess: (data) => {
      setChanges(null);
      setPushId(data.push_id);
    },
  });
  const undo = useFunctionMutation('undo-push', {
    errorTitle: 'Could not undo the push',
    onSuccess: (data) => setPushId(data.push_id),
  });
  const result = useFunctionQuery('view-push', pushId === null ? null : { push_id: pushId }, {
    queryKey: queryKeys.push(pushId ?? 0),
    refetchInterval: (data) => (data && (data.state === 'done' || data.state === 'failed') ? false : 500),
  });
  const request =
    storeId === null ? null : { bundle_workflow_id: bundleWorkflowId, store_id: Number(storeId) };
  return {
    stores: stores.data?.stores ?? [],
    storeId,
    setStoreId,
    changes,
    /** What the store cannot take (a WooCommerce store without an SEO plugin). */
    notes,
    closePreview: () => setChanges(null),
    /** Only changes without a conflict are pushed. */
    toPush: changes?.filter((change) => change.conflict === null).length ?? 0,
    view: result.data,
    request,
    preview,
    push,
    undo,
  };
}

export type StorePush = ReturnType<typeof useStorePush>;
