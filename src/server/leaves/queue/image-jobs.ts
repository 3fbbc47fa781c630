// The compress-image job: its name, its payload, and the SQL that queues jobs inside the caller's
// transaction, so the marked rows and their jobs commit together.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Queryable } from '../../db/client';
import { computedRow, rawRows } from '../../db/raw-rows';
import { addJob, fairPriorities } from './job-queue';

export const COMPRESS_IMAGE_TASK = 'compress-image';

/** Three tries, then the image is marked failed; expected failures never throw, so they use only one. */
export const COMPRESS_IMAGE_MAX_ATTEMPTS = 3;

export const compressImageJobSchema = z.object({
  imageId: z.number().int().positive(),
  /** The request this job serves; a newer request for the same image supersedes it. */
  processingId: z.string().min(1).optional(),
  /** The image's owner: the fair share across owners, and the owner's image queues. */
  ownerId: z.string().optional(),
});
export type CompressImageJob = z.infer<typeof compressImageJobSchema>;

export function compressImageJobKey(imageId: number): string {
  return `${COMPRESS_IMAGE_TASK}:${imageId}`;
}

/** The fan-out job of a big compress-images request: it marks and queues the request's images in batches. */
export const QUEUE_COMPRESSIONS_TASK = 'queue-image-compressions';
export const queueCompressionsPayloadSchema = z.object({
  requestId: z.string().min(1),
  ownerId: z.string().min(1),
  bundleWorkflowId: z.number().int().positive(),
  /** Only these images (an explicit list, which retries failed ones); unset, every one not yet requested. */
  imageIds: z.array(z.number().int().positive()).optional(),
});
export type CompressionRequest = z.infer<typeof queueCompressionsPayloadSchema>;

/** The tasks of the image pool (runner/start-worker.ts splits the task list by these names; decision 011). */
export const IMAGE_TASKS: ReadonlySet<string> = new Set([COMPRESS_IMAGE_TASK, QUEUE_COMPRESSIONS_TASK]);

/**
 * Image fetches of one owner that may run at once, in every worker process together: the owner's image jobs
 * are spread over this many graphile-worker job queues ("images:<owner>:<n>"), and a named queue runs one job
 * at a time. So one user's slow hosts hold at most this many image slots.
 */
export const IMAGE_FETCHES_PER_USER = 2;

/** The owner's image queue an image's job goes in (the same expression as in queueMarkedCompressions). */
export function imageQueueName(ownerId: string, imageId: number): string {
  return `images:${ownerId}:${imageId % IMAGE_FETCHES_PER_USER}`;
}

/** A request's images are marked with `<requestId>:<imageId>` as processing id: one request, one prefix. */
export function requestIdOf(processingId: string | undefined): string | undefined {
  if (!processingId) return undefined;
  const colon = processingId.lastIndexOf(':');
  return colon > 0 ? processingId.slice(0, colon) : processingId;
}

/** Up to this many images are queued inside the request; a bigger request goes to the fan-out job. */
export const INLINE_COMPRESSIONS = 1_000;
export const COMPRESSIONS_PER_BATCH = 2_000;

/**
 * Queues compress-image jobs for the images a request marked (processing id `<requestId>:<id>`) with ids
 * above `afterId`, at most `limit`, in one statement: fair priorities, the owner's image queues, and the job
 * key that makes a repeat harmless. Answers how many were queued and the last image id.
 */
export async function queueMarkedCompressions(
  db: Queryable,
  request: CompressionRequest,
  afterId: number,
  limit: number,
): Promise<{ queued: number; lastId: number | null }> {
  const marked = sql`
    select i.id, i.compression_processing_id as processing_id,
           ${request.ownerId}::text as owner_id, row_number() over (order by i.id) as n
    from bundle_workflow_product_images i
    join bundle_workflow_products p on p.id = i.bundle_workflow_product_id
    where p.bundle_workflow_id = ${request.bundleWorkflowId}
      and i.compression_processing_id like ${`${request.requestId}:%`}
      and i.compression_requested and not i.compression_complete and i.id > ${afterId}
    order by i.id
    limit ${limit}`;
  const rows = await rawRows(
    db,
    computedRow({ queued: z.number(), last_id: z.number().nullable() }),
    sql`
    with marked as materialized (${marked}),
    fair as materialized (${fairPriorities(COMPRESS_IMAGE_TASK, sql`select owner_id, n from marked`)}),
    added as (
      select count(*)::int as queued from graphile_worker.add_jobs(array(
        select row(
          ${COMPRESS_IMAGE_TASK}::text,
          json_build_object('imageId', m.id, 'processingId', m.processing_id, 'ownerId', m.owner_id),
          'images:' || m.owner_id || ':' || (m.id % ${IMAGE_FETCHES_PER_USER}),
          null::timestamptz,
          ${COMPRESS_IMAGE_MAX_ATTEMPTS}::smallint,
          ${COMPRESS_IMAGE_TASK}::text || ':' || m.id,
          fair.priority,
          null::text[])::graphile_worker.job_spec
        from marked m join fair on fair.n = m.n
        order by m.n))
    )
    select (select queued from added) as queued, (select max(id) from marked)::int as last_id`,
  );
  return { queued: rows[0]?.queued ?? 0, lastId: rows[0]?.last_id ?? null };
}

/**
 * Queues a request's image jobs: the marked ones inside its transaction, or (with `fanOut`, the request's
 * selection) the fan-out job that marks and queues them in batches.
 */
export type QueueCompressions = (
  tx: Queryable,
  request: Omit<CompressionRequest, 'imageIds'> & { marked: number; fanOut?: { imageIds?: number[] } },
) => Promise<void>;

export const queueCompressions: QueueCompressions = async (tx, request) => {
  const { requestId, ownerId, bundleWorkflowId } = request;
  if (!request.fanOut) {
    if (request.marked > 0) await queueMarkedCompressions(tx, request, 0, request.marked);
    return;
  }
  await addJob(
    tx,
    QUEUE_COMPRESSIONS_TASK,
    { requestId, ownerId, bundleWorkflowId, ...request.fanOut } satisfies CompressionRequest,
    // Ahead of the image jobs themselves: it only writes rows.
    { jobKey: `${QUEUE_COMPRESSIONS_TASK}:${requestId}`, priority: -5, maxAttempts: 10 },
  );
};
