// The import-store task: a store's catalogue read into the bundle made for it (run-import.ts).
import type { Task } from 'graphile-worker';
import type { Database } from '../../db/client';
import type { Logger } from '../../leaves/logger/logger';
import { importPayloadSchema } from '../../leaves/queue/import-jobs';
import { runImport } from './run-import';
import type { StoreAccess } from './store-access';

export function importStoreTask(db: Database, access: StoreAccess, log?: Logger): Task {
  return async (payload, helpers) => {
    const { importId } = importPayloadSchema.parse(payload);
    await runImport(
      db,
      access,
      importId,
      { attempt: helpers.job.attempts, maxAttempts: helpers.job.max_attempts },
      log,
    );
  };
}
