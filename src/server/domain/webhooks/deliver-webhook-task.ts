// The deliver-webhook task: one attempt at one delivery, signed per Standard Webhooks, with the
// attempt logged. On failure the next attempt is queued after WEBHOOK_RETRY_DELAYS_SECONDS (about 5 s, 30 s,
// then growing to hourly) until 24 hours have passed since the event; then the delivery has failed, and if the
// endpoint delivered nothing else meanwhile it is switched off and its owner is told by mail.
import { and, eq, gt } from 'drizzle-orm';
import type { Task } from 'graphile-worker';
import { Webhook } from 'standardwebhooks';
import type { Database } from '../../db/client';
import { user, webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { type Logger, silentLogger } from '../../leaves/logger/logger';
import { createMailQueue } from '../../leaves/queue/mail-jobs';
import { deliverWebhookPayloadSchema, queueWebhookDelivery } from '../../leaves/queue/webhook-jobs';
import { postWebhook } from './webhook-address';
import { webhookSigningSecret } from './webhook-secrets';

export const WEBHOOK_GIVE_UP_MS = 24 * 60 * 60 * 1000;
/**
 * One attempt holds a webhook slot at most this long: a receiver should acknowledge at once and do its work
 * afterwards; a slow one is retried later instead of holding the slot.
 */
const ATTEMPT_TIMEOUT_MS = 10_000;
/** A receiver that takes no connection at all is given up on sooner. */
const CONNECT_TIMEOUT_MS = 5_000;

export type WebhookDeliveryDeps = {
  db: Database;
  allowPrivateHosts: readonly string[];
  retryDelaysSeconds: readonly number[];
  appUrl: string;
  /** Opens the endpoints' sealed signing secrets (src/server/leaves/secrets/seal.ts). */
  secretsKey: Buffer;
  log?: Logger;
};

export function webhookDeliveryDepsFromConfig(
  config: { ALLOW_PRIVATE_WEBHOOK_HOSTS: string[]; WEBHOOK_RETRY_DELAYS_SECONDS: number[]; APP_URL: string },
  secretsKey: Buffer,
): Omit<WebhookDeliveryDeps, 'db' | 'log'> {
  return {
    allowPrivateHosts: config.ALLOW_PRIVATE_WEBHOOK_HOSTS,
    retryDelaysSeconds: config.WEBHOOK_RETRY_DELAYS_SECONDS,
    appUrl: config.APP_URL,
    secretsKey,
  };
}

/** The wait before attempt n + 1, after n attempts have failed: the list's nth entry, then its last. */
export function retryDelayMs(failedAttempts: number, delaysSeconds: readonly number[]): number {
  const index = Math.min(failedAttempts - 1, delaysSeconds.length - 1);
  return (delaysSeconds[Math.max(0, index)] ?? 3600) * 1000;
}

export function createDeliverWebhookTask(deps: WebhookDeliveryDeps): Task {
  return async (payload) => {
    await deliverWebhook(deps, deliverWebhookPayloadSchema.parse(payload).deliveryId);
  };
}

export async function deliverWebhook(deps: WebhookDeliveryDeps, deliveryId: number): Promise<void> {
  const { db } = deps;
  const log = (deps.log ?? silentLogger).child({ task: 'deliver-webhook', delivery_id: deliveryId });
  const [found] = await db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, deliveryId));
  if (found?.delivery.status !== 'pending' || found.endpoint.deletedAt) return;
  const { delivery, endpoint } = found;
  // A switched-off endpoint gets only its test events (how its owner checks it works again).
  if (!endpoint.enabled && delivery.eventType !== 'webhook.test') return;

  const body = JSON.stringify(delivery.payload);
  const secret = await webhookSigningSecret(db, deps.secretsKey, endpoint);
  const now = new Date();
  const headers = {
    'webhook-id': delivery.messageId,
    'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(delivery.messageId, now, body),
    'user-agent': 'Copyloom-Webhooks/1',
  };
  const started = performance.now();
  const result = await postWebhook(endpoint.url, headers, body, {
    allowPrivateHosts: deps.allowPrivateHosts,
    timeoutMs: ATTEMPT_TIMEOUT_MS,
    connectTimeoutMs: CONNECT_TIMEOUT_MS,
  });
  const ok = result.status !== null && result.status >= 200 && result.status < 300;
  const attempt = delivery.attempts + 1;
  const error = ok ? null : (result.error ?? `The receiver answered ${result.status}.`);
  await db.transaction(async (tx) => {
    await tx.insert(webhookAttempts).values({
      deliveryId,
      attempt,
      statusCode: result.status,
      error,
      durationMs: Math.round(performance.now() - started),
    });
    await tx
      .update(webhookDeliveries)
      .set({ attempts: attempt, ...(ok ? { status: 'delivered', deliveredAt: new Date() } : {}) })
      .where(eq(webhookDeliveries.id, deliveryId));
  });
  // The receiver's URL and answer are the user's; the log names only ids and the status.
  log.info({ attempt, status: result.status, ok, endpoint_id: endpoint.id }, 'webhook attempt');
  if (ok) return;

  const delay = retryDelayMs(attempt, deps.retryDelaysSeconds);
  if (Date.now() + delay - delivery.createdAt.getTime() <= WEBHOOK_GIVE_UP_MS) {
    const target = { deliveryId, endpointId: endpoint.id, userId: endpoint.userId };
    await queueWebhookDelivery(db, target, new Date(Date.now() + delay));
    return;
  }
  await giveUp(deps, delivery.id, endpoint.id, delivery.createdAt);
}

/** 24 hours of failures: the delivery has failed; an endpoint that delivered nothing since is switched off. */
async function giveUp(deps: WebhookDeliveryDeps, deliveryId: number, endpointId: number, since: Date) {
  await deps.db.transaction(async (tx) => {
    await tx.update(webhookDeliveries).set({ status: 'failed' }).where(eq(webhookDeliveries.id, deliveryId));
    const [delivered] = await tx
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.endpointId, endpointId),
          eq(webhookDeliveries.status, 'delivered'),
          gt(webhookDeliveries.deliveredAt, since),
        ),
      )
      .limit(1);
    if (delivered) return;
    const [disabled] = await tx
      .update(webhookEndpoints)
      .set({
        enabled: false,
        disabledReason: `Every delivery failed for 24 hours (since ${since.toISOString()}); switched off. Fix the receiver, check it with a test, and create the webhook again.`,
      })
      .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.enabled, true)))
      .returning({ url: webhookEndpoints.url, userId: webhookEndpoints.userId });
    if (!disabled) return;
    const [owner] = await tx.select({ email: user.email }).from(user).where(eq(user.id, disabled.userId));
    if (!owner) return;
    await createMailQueue(tx).send({
      kind: 'webhook-disabled',
      to: owner.email,
      subject: 'A Copyloom webhook was switched off',
      text: `Deliveries to ${disabled.url} failed for 24 hours, so Copyloom has switched this webhook off.\n\nSee the attempts on your account page: ${deps.appUrl}/account\n`,
    });
  });
}
