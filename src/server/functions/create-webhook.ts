import { createWebhook } from '../domain/webhooks/webhooks';
import { audit } from '../leaves/audit/audit-log';
import type { FunctionHandler } from './types';

/** The URL passes the address guard (ALLOW_PRIVATE_WEBHOOK_HOSTS aside); the secret is in this answer only. */
export const createWebhookFunction: FunctionHandler<'create-webhook'> = async (ctx, input) => {
  const made = await createWebhook(
    ctx.db,
    ctx.member,
    input,
    { allowPrivateHosts: ctx.services.config.ALLOW_PRIVATE_WEBHOOK_HOSTS },
    ctx.services.secretsKey,
  );
  // The host only: a receiver's path or query may carry a token of theirs.
  await audit(ctx, 'webhook.created', `webhook ${made.webhook.id}`, { host: new URL(made.webhook.url).host });
  return made;
};
