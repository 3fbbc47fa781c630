// Emitting a webhook event: one delivery per enabled endpoint of the owner that asked for it,
// queued for the deliver-webhook task. Its own folder, so that domain code (generation, spending caps,
// batches) can emit without depending on the endpoints' address checks.
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type {
  WebhookDeliveryEvent,
  WebhookEvent,
  WebhookEventData,
} from '../../../common/contract/functions/webhooks';
import type { Queryable } from '../../db/client';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { liveWebhookOf } from '../ownership/conditions';
import { queueWebhookDelivery } from '../queue/webhook-jobs';

/** The delivered JSON: Standard Webhooks' recommended { type, timestamp, data } (webhookEventBodySchema). */
export function eventBody<E extends WebhookDeliveryEvent>(type: E, data: WebhookEventData<E>) {
  return { type, timestamp: new Date().toISOString(), data };
}

/**
 * Queues `type` to each enabled endpoint of the owner that asked for it. `dedupeKey` names the happening
 * (a run finishing): sent twice, it is delivered once per endpoint.
 */
export async function emitWebhookEvent<E extends WebhookEvent>(
  db: Queryable,
  ownerId: string,
  type: E,
  data: WebhookEventData<E>,
  dedupeKey: string,
): Promise<number> {
  const endpoints = await db
    .select({ id: webhookEndpoints.id, userId: webhookEndpoints.userId })
    .from(webhookEndpoints)
    .where(
      and(
        liveWebhookOf(ownerId),
        eq(webhookEndpoints.enabled, true),
        sql`${type} = any(${webhookEndpoints.events})`,
      ),
    );
  let queued = 0;
  for (const endpoint of endpoints) {
    const [delivery] = await db
      .insert(webhookDeliveries)
      .values({
        endpointId: endpoint.id,
        messageId: `msg_${randomUUID()}`,
        eventType: type,
        payload: eventBody(type, data),
        dedupeKey,
      })
      .onConflictDoNothing()
      .returning({ id: webhookDeliveries.id });
    if (!delivery) continue;
    await queueWebhookDelivery(db, {
      deliveryId: delivery.id,
      endpointId: endpoint.id,
      userId: endpoint.userId,
    });
    queued++;
  }
  return queued;
}
