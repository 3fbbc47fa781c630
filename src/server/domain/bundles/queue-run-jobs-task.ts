// The queue-run-jobs task: a big new-bundle queues this instead of its generate jobs (queue/run-jobs.ts).
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { Task } from 'graphile-worker';
import type { Database, Queryable } from '../../db/client';
import { bundleWorkflowProducts } from '../../db/schema';
import { queueGenerateJobs } from '../../leaves/queue/generate-jobs';
import { queueRunJobsPayloadSchema } from '../../leaves/queue/run-jobs';

export function queueRunJobsTask(db: Database): Task {
  return async (payload) => {
    await queueRunJobsInBatches(db, queueRunJobsPayloadSchema.parse(payload).bundleWorkflowId);
  };
}

/** Generate jobs queued per transaction by the queue-run-jobs job. */
const RUN_JOBS_BATCH = 1_000;

/**
 * The queue-run-jobs job: queues a generate-product job for every product of the run still waiting for its
 * first one (queued, and not a variant: variants are queued when their parent finishes), a batch at a time by
 * id. The job keys make a retry after a crash harmless. Answers how many were queued.
 */
export async function queueRunJobsInBatches(db: Queryable, bundleWorkflowId: number): Promise<number> {
  let queued = 0;
  for (let after = 0; ; ) {
    const p = bundleWorkflowProducts;
    const rows = await db
      .select({ id: p.id })
      .from(p)
      .where(
        and(
          eq(p.bundleWorkflowId, bundleWorkflowId),
          gt(p.id, after),
          eq(p.status, 'queued'),
          isNull(p.isMultipleOf),
        ),
      )
      .orderBy(asc(p.id))
      .limit(RUN_JOBS_BATCH);
    if (rows.length === 0) return queued;
    queued += await queueGenerateJobs(
      db,
      rows.map((row) => row.id),
    );
    after = rows[rows.length - 1]!.id;
  }
}
