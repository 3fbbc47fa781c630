// The push-to-store task: a push's or an undo's journal written to the store (run-push.ts).
import type { Task } from 'graphile-worker';
import type { Database } from '../../db/client';
import type { Logger } from '../../leaves/logger/logger';
import { pushPayloadSchema } from '../../leaves/queue/push-jobs';
import { runPush } from './run-push';
import type { StoreAccess } from './store-access';

export function pushToStoreTask(db: Database, access: StoreAccess, log?: Logger): Task {
  return async (payload, helpers) => {
    const { pushId } = pushPayloadSchema.parse(payload);
    const attempt = { attempt: helpers.job.attempts, maxAttempts: helpers.job.max_attempts };
    await runPush(db, access, pushId, attempt, log);
  };
}
