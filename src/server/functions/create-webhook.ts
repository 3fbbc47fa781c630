import { createWebhook } from '../domain/webhooks/webhooks';
import type { FunctionHandler } from './types';

/** The URL passes the address guard (ALLOW_PRIVATE_WEBHOOK_HOSTS aside); the secret is in this answer only. */
export const createWebhookFunction: FunctionHandler<'create-webhook'> = (ctx, input) =>
  createWebhook(
    ctx.db,
    ctx.member,
    input,
    { allowPrivateHosts: ctx.services.config.ALLOW_PRIVATE_WEBHOOK_HOSTS },
    ctx.services.secretsKey,
  );
