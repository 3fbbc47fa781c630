// The push-to-store job: one per push or undo, keyed by it so that a retry never runs two at once,
// and in its store's named queue, so that a store has one job in flight at a time.
import { z } from 'zod';
import type { Queryable } from '../../db/client';
import { addJob } from './job-queue';
import { storeQueueName } from './store-queue';

export const PUSH_TO_STORE_TASK = 'push-to-store';
export const pushPayloadSchema = z.object({ pushId: z.number().int().positive() });

export function queuePush(db: Queryable, push: { pushId: number; storeId: number }): Promise<void> {
  return addJob(
    db,
    PUSH_TO_STORE_TASK,
    { pushId: push.pushId },
    { jobKey: `push-to-store:${push.pushId}`, maxAttempts: 10, queueName: storeQueueName(push.storeId) },
  );
}
