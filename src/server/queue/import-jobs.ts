// The import-store job (issue 24): one per store import, keyed by it so that a retry never runs two at once.
import { z } from 'zod';
import type { Queryable } from '../db/client';
import { addJob } from './job-queue';

export const IMPORT_STORE_TASK = 'import-store';
export const importPayloadSchema = z.object({ importId: z.number().int().positive() });

/** Attempts: a worker that dies mid-import is retried, and each attempt reads the catalogue again. */
export const IMPORT_MAX_ATTEMPTS = 5;

export function queueImport(db: Queryable, importId: number): Promise<void> {
  return addJob(
    db,
    IMPORT_STORE_TASK,
    { importId },
    { jobKey: `import-store:${importId}`, maxAttempts: IMPORT_MAX_ATTEMPTS },
  );
}
