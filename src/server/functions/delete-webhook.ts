import { deleteWebhook } from '../domain/webhooks/webhooks';
import { audit } from '../leaves/audit/audit-log';
import type { FunctionHandler } from './types';

export const deleteWebhookFunction: FunctionHandler<'delete-webhook'> = async (ctx, input) => {
  await deleteWebhook(ctx.db, ctx.workspaceId, input.webhook_id);
  await audit(ctx, 'webhook.deleted', `webhook ${input.webhook_id}`);
  return { deleted: true };
};
