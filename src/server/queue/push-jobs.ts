// The push-to-store job (issue 24): one per push or undo, keyed by it so that a retry never runs two at once.
import { z } from 'zod';
import type { Queryable } from '../db/client';
import { addJob } from './job-queue';

export const PUSH_TO_STORE_TASK = 'push-to-store';
export const pushPayloadSchema = z.object({ pushId: z.number().int().positive() });

export function queuePush(db: Queryable, pushId: number): Promise<void> {
  return addJob(db, PUSH_TO_STORE_TASK, { pushId }, { jobKey: `push-to-store:${pushId}`, maxAttempts: 10 });
}
