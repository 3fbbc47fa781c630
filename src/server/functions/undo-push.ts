import { undoPush } from '../domain/stores/push-to-store';
import { audit } from '../leaves/audit/audit-log';
import type { FunctionHandler } from './types';

export const undoPushFunction: FunctionHandler<'undo-push'> = async (ctx, input) => {
  const pushId = await undoPush(ctx.db, ctx.workspaceId, input.push_id, ctx.services.stores);
  await audit(ctx, 'push.undone', `push ${input.push_id}`, { undo_push_id: pushId });
  return { push_id: pushId };
};
