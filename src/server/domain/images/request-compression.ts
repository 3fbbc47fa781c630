// compress-images: marks a run's images for compression and queues one compress-image job each (a big
// request through one fan-out job), always scoped to the bundle's owner.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FunctionRequest } from '../../../common/contract/functions';
import type { Database, Queryable } from '../../db/client';
import { computedRow, rawRows } from '../../db/raw-rows';
import { requireOwnedRun } from '../../leaves/ownership/lookups';
import { INLINE_COMPRESSIONS, type QueueCompressions } from '../../leaves/queue/image-jobs';

const markedRow = computedRow({ marked: z.number(), last_id: z.number().nullable() });
const eligibleRow = computedRow({ eligible: z.number() });

type CompressionRequest = Pick<
  FunctionRequest<'compress-images'>,
  'bundle_workflow_id' | 'bundle_workflow_products_images_ids'
>;

/** Which of a run's images a request takes: all not yet requested, or the listed ones (failed ones again). */
export type CompressionSelection = { imageIds?: number[] };

function eligible(bundleWorkflowId: number, selection: CompressionSelection) {
  const ids = selection.imageIds;
  // One array parameter rather than one per id: a run can have tens of thousands of images.
  const onlyListed = ids ? sql`and i.id = any(${sql.param(ids)}::int[])` : sql``;
  const retryFailed = ids ? sql`or i.compression_error is not null` : sql``;
  return sql`
    from bundle_workflow_product_images i
    join bundle_workflow_products p on p.id = i.bundle_workflow_product_id
    where p.bundle_workflow_id = ${bundleWorkflowId}
      and not i.compression_complete
      and (not i.compression_requested ${retryFailed})
      ${onlyListed}`;
}

/**
 * Marks up to `limit` eligible images with ids above `afterId` as requested by `requestId`, in one statement,
 * and answers how many and the last id. Row locks make a concurrent caller wait, then see them requested.
 */
export async function markForCompression(
  db: Queryable,
  request: { requestId: string; bundleWorkflowId: number },
  selection: CompressionSelection,
  afterId: number,
  limit: number,
): Promise<{ marked: number; lastId: number | null }> {
  const rows = await rawRows(
    db,
    markedRow,
    sql`
    with picked as (
      select i.id ${eligible(request.bundleWorkflowId, selection)} and i.id > ${afterId}
      order by i.id limit ${limit}
      for update of i),
    marked as (
      update bundle_workflow_product_images i
      set compression_requested = true,
          compression_processing_id = ${request.requestId}::text || ':' || i.id,
          compression_error = null,
          updated_at = now()
      from picked where picked.id = i.id
      returning i.id)
    select count(*)::int as marked, max(id)::int as last_id from marked`,
  );
  return { marked: rows[0]?.marked ?? 0, lastId: rows[0]?.last_id ?? null };
}

/**
 * Requests compression of a run's images. Images already requested or complete are left alone, so a second
 * call queues nothing; an image that failed is queued again only when named in
 * `bundle_workflow_products_images_ids` (an explicit retry). Up to INLINE_COMPRESSIONS images are marked and
 * queued in this transaction; a bigger request is counted here and handed whole to one fan-out job that
 * marks and queues its images in batches, so 100,000 images answer at once. Each marked image's processing
 * id is `<request id>:<image id>`: the request is what a host's timeouts are counted in (fetch-limits.ts).
 */
export async function requestCompression(
  db: Database,
  ownerId: string,
  input: CompressionRequest,
  queueCompressions: QueueCompressions,
): Promise<{ queued: number }> {
  return db.transaction(async (tx) => {
    const { run } = await requireOwnedRun(tx, ownerId, input.bundle_workflow_id);

    const ids = input.bundle_workflow_products_images_ids;
    if (ids?.length === 0) return { queued: 0 };
    const selection: CompressionSelection = ids ? { imageIds: ids } : {};
    const request = { requestId: randomUUID(), ownerId, bundleWorkflowId: run.id };
    const rows = await rawRows(
      tx,
      eligibleRow,
      sql`select count(*)::int as eligible ${eligible(run.id, selection)}`,
    );
    const count = rows[0]?.eligible ?? 0;
    if (count === 0) return { queued: 0 };
    if (count <= INLINE_COMPRESSIONS) {
      const { marked } = await markForCompression(tx, request, selection, 0, INLINE_COMPRESSIONS);
      await queueCompressions(tx, { ...request, marked });
      return { queued: marked };
    }
    await queueCompressions(tx, { ...request, marked: 0, fanOut: selection });
    return { queued: count };
  });
}
