// Webhook deliveries go through the job queue: one job per attempt, the next queued with its own delay.
// They run in the webhook pool (runner/worker-pools.ts), in the endpoint owner's named queues.
import { z } from 'zod';
import type { Queryable } from '../../db/client';
import { addJob } from './job-queue';

export const DELIVER_WEBHOOK_TASK = 'deliver-webhook';
export const deliverWebhookPayloadSchema = z.object({ deliveryId: z.number().int().positive() });

/** The tasks of the webhook pool: a receiver that never answers holds a webhook slot, never a generation one. */
export const WEBHOOK_TASKS: ReadonlySet<string> = new Set([DELIVER_WEBHOOK_TASK]);

/**
 * Deliveries of one user that may be in flight at once, in every worker process together: the user's
 * endpoints are spread over this many named queues, and a named queue runs one job at a time. So one user's
 * silent receivers hold at most this many webhook slots.
 */
export const WEBHOOK_DELIVERIES_PER_USER = 2;

/**
 * The named queue of an endpoint's deliveries: always the same one for an endpoint, so that endpoint never
 * has two deliveries in flight (a receiver sees its events one at a time, and a slow one is not hit twice).
 */
export function webhookQueueName(userId: string, endpointId: number): string {
  return `webhooks:${userId}:${endpointId % WEBHOOK_DELIVERIES_PER_USER}`;
}

/** Where a delivery goes: the endpoint and its owner pick the named queue. */
export type DeliveryTarget = { deliveryId: number; endpointId: number; userId: string };

export async function queueWebhookDelivery(
  db: Queryable,
  target: DeliveryTarget,
  runAt?: Date,
): Promise<void> {
  // Three tries of the job itself, for a crash mid-attempt; the receiver's failures are retried by the task.
  await addJob(
    db,
    DELIVER_WEBHOOK_TASK,
    { deliveryId: target.deliveryId },
    {
      maxAttempts: 3,
      queueName: webhookQueueName(target.userId, target.endpointId),
      ...(runAt ? { runAt } : {}),
    },
  );
}
