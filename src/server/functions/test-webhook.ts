import { testWebhook } from '../domain/webhooks/webhooks';
import type { FunctionHandler } from './types';

export const testWebhookFunction: FunctionHandler<'test-webhook'> = async (ctx, input) => {
  await testWebhook(ctx.db, ctx.workspaceId, input.webhook_id);
  return { queued: true };
};
