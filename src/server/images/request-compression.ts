// compress-images: marks a run's images for compression and queues one compress-image job each, always
// scoped to the bundle's owner.
import { sql } from 'drizzle-orm';
import type { FunctionRequest } from '../../common/functions';
import { requireOwnedRun } from '../bundles/bundle-access';
import type { Database } from '../db/client';
import {
  type AddJobs,
  COMPRESS_IMAGE_MAX_ATTEMPTS,
  COMPRESS_IMAGE_TASK,
  type CompressImageJob,
  compressImageJobKey,
} from '../queue/image-jobs';

type CompressionRequest = Pick<
  FunctionRequest<'compress-images'>,
  'bundle_workflow_id' | 'bundle_workflow_products_images_ids'
>;

/**
 * Marks the run's images for compression and queues one job each. Images already requested or complete are
 * left alone, so a second call queues nothing; an image that failed is queued again only when named in
 * `bundle_workflow_products_images_ids` (an explicit retry).
 */
export async function requestCompression(
  db: Database,
  ownerId: string,
  input: CompressionRequest,
  addJobs: AddJobs,
): Promise<{ queued: number }> {
  return db.transaction(async (tx) => {
    const { run } = await requireOwnedRun(tx, ownerId, input.bundle_workflow_id);

    const ids = input.bundle_workflow_products_images_ids;
    if (ids?.length === 0) return { queued: 0 };
    // One array parameter rather than one per id: a run can have tens of thousands of images.
    const onlyListed = ids ? sql`and i.id = any(${sql.param(ids)}::int[])` : sql``;
    const retryFailed = ids ? sql`or i.compression_error is not null` : sql``;
    // Row locks make a concurrent second call wait, then see the rows as requested and skip them.
    const { rows } = await tx.execute<{ id: number; compression_processing_id: string }>(sql`
      update bundle_workflow_product_images i
      set compression_requested = true,
          compression_processing_id = gen_random_uuid()::text,
          compression_error = null,
          updated_at = now()
      from bundle_workflow_products p
      where p.id = i.bundle_workflow_product_id
        and p.bundle_workflow_id = ${run.id}
        and not i.compression_complete
        and (not i.compression_requested ${retryFailed})
        ${onlyListed}
      returning i.id, i.compression_processing_id`);

    rows.sort((a, b) => a.id - b.id);
    await addJobs(
      tx,
      rows.map((row) => ({
        identifier: COMPRESS_IMAGE_TASK,
        payload: {
          imageId: row.id,
          processingId: row.compression_processing_id,
        } satisfies CompressImageJob,
        jobKey: compressImageJobKey(row.id),
        maxAttempts: COMPRESS_IMAGE_MAX_ATTEMPTS,
      })),
    );
    return { queued: rows.length };
  });
}
