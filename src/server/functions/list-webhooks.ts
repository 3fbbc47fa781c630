import { listWebhooks } from '../domain/webhooks/webhooks';
import type { FunctionHandler } from './types';

export const listWebhooksFunction: FunctionHandler<'list-webhooks'> = async (ctx) => ({
  webhooks: await listWebhooks(ctx.db, ctx.workspaceId),
});
