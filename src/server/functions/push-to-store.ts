import { pushToStore } from '../domain/stores/push-to-store';
import { audit } from '../leaves/audit/audit-log';
import type { FunctionHandler } from './types';

export const pushToStoreFunction: FunctionHandler<'push-to-store'> = async (ctx, input) => {
  const pushId = await pushToStore(ctx.db, ctx.workspaceId, input, ctx.services.stores);
  await audit(ctx, 'push.started', `push ${pushId}`, {
    store_id: input.store_id,
    bundle_workflow_id: input.bundle_workflow_id,
  });
  return { push_id: pushId };
};
