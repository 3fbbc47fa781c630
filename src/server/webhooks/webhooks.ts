// Webhook endpoints (issue 25): create (the signing secret is in that answer only, and sealed at rest: see
// webhook-secrets.ts), list with their latest attempts, delete, and test. Events are emitted by src/server/webhook-events.
import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { WEBHOOK_LIMITS, type Webhook, type WebhookEvent } from '../../common/functions/webhooks';
import { AppError } from '../app-error';
import type { Queryable } from '../db/client';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../db/schema';
import { liveWebhookOf } from '../ownership/conditions';
import { queueWebhookDelivery } from '../queue/webhook-jobs';
import { sealSecret } from '../secrets/seal';
import { eventBody } from '../webhook-events/emit';
import { checkWebhookUrl, type WebhookAddressOptions } from './webhook-address';

type EndpointRow = typeof webhookEndpoints.$inferSelect;

const owned = (userId: string, webhookId: number) =>
  and(eq(webhookEndpoints.id, webhookId), liveWebhookOf(userId));

export async function createWebhook(
  db: Queryable,
  userId: string,
  input: { url: string; events: WebhookEvent[] },
  address: WebhookAddressOptions,
  /** The key that seals the secret at rest (src/server/secrets/seal.ts). */
  secretsKey: Buffer,
): Promise<{ secret: string; webhook: Webhook }> {
  const url = await checkWebhookUrl(input.url, address);
  const [held] = await db.select({ n: count() }).from(webhookEndpoints).where(liveWebhookOf(userId));
  if ((held?.n ?? 0) >= WEBHOOK_LIMITS.maxEndpointsPerUser) {
    throw new AppError(
      'bad_input',
      `You have ${WEBHOOK_LIMITS.maxEndpointsPerUser} webhooks, the most allowed; delete one first.`,
    );
  }
  // Standard Webhooks: "whsec_" and a base64 key of 24 to 64 bytes.
  const secret = `whsec_${randomBytes(32).toString('base64')}`;
  const [row] = await db
    .insert(webhookEndpoints)
    .values({ userId, url, events: [...new Set(input.events)], sealedSecret: sealSecret(secretsKey, secret) })
    .returning();
  return { secret, webhook: toWebhook(row!, []) };
}

export async function listWebhooks(db: Queryable, userId: string): Promise<Webhook[]> {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(liveWebhookOf(userId))
    .orderBy(desc(webhookEndpoints.id));
  if (rows.length === 0) return [];
  // Each endpoint's newest attempts only: ranked per endpoint in the database, not all loaded.
  const ranked = db.$with('ranked').as(
    db
      .select({
        endpointId: webhookDeliveries.endpointId,
        deliveryId: webhookAttempts.deliveryId,
        eventType: webhookDeliveries.eventType,
        attempt: webhookAttempts.attempt,
        statusCode: webhookAttempts.statusCode,
        error: webhookAttempts.error,
        durationMs: webhookAttempts.durationMs,
        createdAt: webhookAttempts.createdAt,
        rank: sql<number>`row_number() over (partition by ${webhookDeliveries.endpointId} order by ${webhookAttempts.id} desc)`.as(
          'rank',
        ),
      })
      .from(webhookAttempts)
      .innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookAttempts.deliveryId))
      .where(
        inArray(
          webhookDeliveries.endpointId,
          rows.map((r) => r.id),
        ),
      ),
  );
  const attempts = await db
    .with(ranked)
    .select()
    .from(ranked)
    .where(lte(ranked.rank, WEBHOOK_LIMITS.attemptsShown))
    .orderBy(asc(ranked.rank));
  return rows.map((row) =>
    toWebhook(
      row,
      attempts.filter((a) => a.endpointId === row.id),
    ),
  );
}

export async function deleteWebhook(db: Queryable, userId: string, webhookId: number): Promise<void> {
  const deleted = await db
    .update(webhookEndpoints)
    .set({ deletedAt: new Date(), enabled: false })
    .where(owned(userId, webhookId))
    .returning({ id: webhookEndpoints.id });
  if (deleted.length === 0) throw new AppError('bad_input', `There is no webhook ${webhookId} of yours.`);
}

/** Queues a webhook.test event to one endpoint, enabled or not (testing is how a fixed endpoint is checked). */
export async function testWebhook(db: Queryable, userId: string, webhookId: number): Promise<void> {
  const [endpoint] = await db.select().from(webhookEndpoints).where(owned(userId, webhookId));
  if (!endpoint) throw new AppError('bad_input', `There is no webhook ${webhookId} of yours.`);
  await db.transaction(async (tx) => {
    const [delivery] = await tx
      .insert(webhookDeliveries)
      .values({
        endpointId: endpoint.id,
        messageId: `msg_${randomUUID()}`,
        eventType: 'webhook.test',
        payload: eventBody('webhook.test', { webhook_id: endpoint.id }),
      })
      .returning({ id: webhookDeliveries.id });
    await queueWebhookDelivery(tx, delivery!.id);
  });
}

type AttemptRow = {
  deliveryId: number;
  eventType: string;
  attempt: number;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  createdAt: Date;
};

function toWebhook(row: EndpointRow, attempts: AttemptRow[]): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEvent[],
    enabled: row.enabled,
    disabled_reason: row.disabledReason,
    created_at: row.createdAt.toISOString(),
    recent_attempts: attempts.map((a) => ({
      delivery_id: a.deliveryId,
      event_type: a.eventType,
      attempt: a.attempt,
      status_code: a.statusCode,
      error: a.error,
      duration_ms: a.durationMs,
      created_at: a.createdAt.toISOString(),
    })),
  };
}
