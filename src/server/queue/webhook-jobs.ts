// Webhook deliveries go through the job queue: one job per attempt, the next queued with its own delay.
import { z } from 'zod';
import type { Queryable } from '../db/client';
import { addJob } from './job-queue';

export const DELIVER_WEBHOOK_TASK = 'deliver-webhook';
export const deliverWebhookPayloadSchema = z.object({ deliveryId: z.number().int().positive() });

export async function queueWebhookDelivery(db: Queryable, deliveryId: number, runAt?: Date): Promise<void> {
  // Three tries of the job itself, for a crash mid-attempt; the receiver's failures are retried by the task.
  await addJob(db, DELIVER_WEBHOOK_TASK, { deliveryId }, { maxAttempts: 3, ...(runAt ? { runAt } : {}) });
}
