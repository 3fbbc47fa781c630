// Webhook endpoints: create (the signing secret is in that answer only, and sealed at rest: see
// webhook-secrets.ts), list with their latest attempts, delete, and test. Events are emitted by src/server/leaves/webhook-events.
import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { WEBHOOK_LIMITS, type Webhook, type WebhookEvent } from '../../../common/contract/functions/webhooks';
import type { Queryable } from '../../db/client';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { AppError, RateLimited } from '../../leaves/app-error/app-error';
import { anyWebhookOf, liveWebhookOf } from '../../leaves/ownership/conditions';
import type { Membership } from '../../leaves/ownership/membership';
import { queueWebhookDelivery } from '../../leaves/queue/webhook-jobs';
import { sealSecret } from '../../leaves/secrets/seal';
import { eventBody } from '../../leaves/webhook-events/emit';
import { checkWebhookUrl, type WebhookAddressOptions } from './webhook-address';

type EndpointRow = typeof webhookEndpoints.$inferSelect;

const owned = (ownerId: string, webhookId: number) =>
  and(eq(webhookEndpoints.id, webhookId), liveWebhookOf(ownerId));

/** An endpoint of the member's workspace, registered by them. */
export async function createWebhook(
  db: Queryable,
  member: Membership,
  input: { url: string; events: WebhookEvent[] },
  address: WebhookAddressOptions,
  /** The key that seals the secret at rest (src/server/leaves/secrets/seal.ts). */
  secretsKey: Buffer,
): Promise<{ secret: string; webhook: Webhook }> {
  const url = await checkWebhookUrl(input.url, address);
  const [held] = await db
    .select({ n: count() })
    .from(webhookEndpoints)
    .where(liveWebhookOf(member.workspaceId));
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
    .values({
      userId: member.userId,
      ownerId: member.workspaceId,
      url,
      events: [...new Set(input.events)],
      sealedSecret: sealSecret(secretsKey, secret),
    })
    .returning();
  return { secret, webhook: toWebhook(row!, []) };
}

export async function listWebhooks(db: Queryable, ownerId: string): Promise<Webhook[]> {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(liveWebhookOf(ownerId))
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

export async function deleteWebhook(db: Queryable, ownerId: string, webhookId: number): Promise<void> {
  const deleted = await db
    .update(webhookEndpoints)
    .set({ deletedAt: new Date(), enabled: false })
    .where(owned(ownerId, webhookId))
    .returning({ id: webhookEndpoints.id });
  if (deleted.length === 0) throw new AppError('bad_input', `There is no webhook ${webhookId} of yours.`);
}

/** The advisory lock's first key that makes one user's test-webhooks count one at a time; the second is the user. */
const TEST_WEBHOOK_LOCK_KEY = 72_610_003;

/**
 * Queues a webhook.test event to one endpoint, enabled or not (testing is how a fixed endpoint is checked).
 * At most WEBHOOK_LIMITS.testsPerMinute a minute per user: each test is a request from our address to one the
 * user chose, and without a cap test-webhook would make us a tool for hammering someone else's server.
 */
export async function testWebhook(db: Queryable, ownerId: string, webhookId: number): Promise<void> {
  const [endpoint] = await db.select().from(webhookEndpoints).where(owned(ownerId, webhookId));
  if (!endpoint) throw new AppError('bad_input', `There is no webhook ${webhookId} of yours.`);
  await db.transaction(async (tx) => {
    await refusePastTestRate(tx, ownerId);
    const [delivery] = await tx
      .insert(webhookDeliveries)
      .values({
        endpointId: endpoint.id,
        messageId: `msg_${randomUUID()}`,
        eventType: 'webhook.test',
        payload: eventBody('webhook.test', { webhook_id: endpoint.id }),
      })
      .returning({ id: webhookDeliveries.id });
    await queueWebhookDelivery(tx, {
      deliveryId: delivery!.id,
      endpointId: endpoint.id,
      userId: endpoint.userId,
    });
  });
}

/**
 * The test deliveries themselves are the count: the user's webhook.test rows of the last minute (deleted
 * endpoints' too). Counting and the insert after it are one step per user, under a transaction-scoped advisory
 * lock, so concurrent calls cannot all slip under the cap. Retry-After is when the oldest test that still
 * counts leaves the minute. No table of its own, so no migration.
 */
async function refusePastTestRate(tx: Queryable, ownerId: string): Promise<void> {
  const limit = WEBHOOK_LIMITS.testsPerMinute;
  await tx.execute(sql`select pg_advisory_xact_lock(${TEST_WEBHOOK_LOCK_KEY}, hashtext(${ownerId}))`);
  const recent = await tx
    .select({
      secondsLeft: sql<number>`extract(epoch from (${webhookDeliveries.createdAt} + interval '1 minute' - now()))::float8`,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(
      and(
        anyWebhookOf(ownerId),
        eq(webhookDeliveries.eventType, 'webhook.test'),
        gt(webhookDeliveries.createdAt, sql`now() - interval '1 minute'`),
      ),
    )
    .orderBy(desc(webhookDeliveries.createdAt))
    .limit(limit);
  if (recent.length < limit) return;
  const retryAfter = Math.max(1, Math.ceil(recent[limit - 1]!.secondsLeft));
  throw new RateLimited(
    retryAfter,
    `You sent ${limit} test events in the last minute, the most allowed; wait ${retryAfter} s.`,
  );
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
