// Product image compression (issue 5): queue one job per image, run the job (safe fetch → compress → store),
// and read the result back, always scoped to the bundle's owner.
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FunctionRequest } from '../../common/functions';
import { AppError } from '../app-error';
import { requireOwnedRun } from '../bundles/bundle-access';
import type { Database, Queryable } from '../db/client';
import { bundles, bundleWorkflowProductImages, bundleWorkflowProducts, bundleWorkflows } from '../db/schema';
import { COMPRESS_IMAGE_TASK } from '../jobs/queue';
import {
  type CompressedImage,
  type CompressOptions,
  compressImage,
  ImageCompressionError,
} from './compress-image';
import { createPostgresImageStore, type ImageStore } from './image-store';
import { ImageFetchError, type SafeFetchOptions, safeFetch } from './safe-fetch';

/** Three tries, then the image is marked failed; expected failures never throw, so they use only one. */
export const COMPRESS_IMAGE_MAX_ATTEMPTS = 3;

export const compressImageJobSchema = z.object({
  imageId: z.number().int().positive(),
  /** The request this job serves; a newer request for the same image supersedes it. */
  processingId: z.string().min(1).optional(),
});
export type CompressImageJob = z.infer<typeof compressImageJobSchema>;

export type QueuedJob = { identifier: string; payload: object; jobKey: string; maxAttempts: number };
/** Queues jobs inside the caller's transaction, so the marked rows and their jobs commit together. */
export type AddJobs = (tx: Queryable, jobs: QueuedJob[]) => Promise<void>;

export function compressImageJobKey(imageId: number): string {
  return `${COMPRESS_IMAGE_TASK}:${imageId}`;
}

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
    // One text parameter rather than one per id: a run can have tens of thousands of images.
    const onlyListed = ids ? sql`and i.id = any(${`{${ids.join(',')}}`}::int[])` : sql``;
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

export type CompressImageDeps = {
  /** allowPrivateHosts from ALLOW_PRIVATE_IMAGE_HOSTS; tests inject a resolver and a shorter deadline. */
  fetch?: SafeFetchOptions;
  /** maxEdge from IMAGE_MAX_EDGE. */
  compress?: CompressOptions;
  /** Storage bound to the transaction that marks the row complete. Defaults to Postgres. */
  createStore?: (db: Queryable) => ImageStore;
};

/** The job's core, with no database: fetch safely, then compress. Throws ImageFetchError / ImageCompressionError. */
export async function fetchAndCompressImage(
  url: string,
  deps: CompressImageDeps = {},
): Promise<CompressedImage> {
  const { bytes } = await safeFetch(url, deps.fetch);
  return compressImage(bytes, deps.compress);
}

/** The reason to show for an expected failure, or null when the error is a bug or a shutdown. */
export function describeImageFailure(error: unknown): string | null {
  if (error instanceof ImageFetchError || error instanceof ImageCompressionError) return error.reason;
  return null;
}

export type CompressImageOutcome =
  | { status: 'compressed'; originalBytes: number; compressedBytes: number }
  | { status: 'failed'; reason: string }
  | { status: 'skipped'; why: 'missing' | 'complete' | 'not_requested' | 'superseded' };

/**
 * The compress-image job. Safe to retry: it skips work already done. An expected failure (blocked address,
 * too large, not an image…) is recorded on the row and returned, never thrown, so the worker moves on and
 * the UI stops showing the image as compressing. Anything else is rethrown for the worker to retry.
 */
export async function compressImageTask(
  db: Database,
  job: CompressImageJob,
  deps: CompressImageDeps = {},
): Promise<CompressImageOutcome> {
  const [row] = await db
    .select({
      url: bundleWorkflowProductImages.url,
      requested: bundleWorkflowProductImages.compressionRequested,
      complete: bundleWorkflowProductImages.compressionComplete,
      processingId: bundleWorkflowProductImages.compressionProcessingId,
    })
    .from(bundleWorkflowProductImages)
    .where(eq(bundleWorkflowProductImages.id, job.imageId));
  if (!row) return { status: 'skipped', why: 'missing' };
  if (row.complete) return { status: 'skipped', why: 'complete' };
  if (!row.requested) return { status: 'skipped', why: 'not_requested' };
  if (job.processingId && row.processingId !== job.processingId)
    return { status: 'skipped', why: 'superseded' };

  // Only the request this job read may be finished by it; a newer request will run its own job.
  const sameRequest = and(
    eq(bundleWorkflowProductImages.id, job.imageId),
    row.processingId === null
      ? sql`${bundleWorkflowProductImages.compressionProcessingId} is null`
      : eq(bundleWorkflowProductImages.compressionProcessingId, row.processingId),
    eq(bundleWorkflowProductImages.compressionComplete, false),
  );

  let image: CompressedImage;
  try {
    // No transaction is held open across the fetch: it can take the whole 20 s deadline.
    image = await fetchAndCompressImage(row.url, deps);
  } catch (error) {
    const reason = describeImageFailure(error);
    if (reason === null) throw error;
    await db.update(bundleWorkflowProductImages).set({ compressionError: reason }).where(sameRequest);
    return { status: 'failed', reason };
  }

  const createStore = deps.createStore ?? createPostgresImageStore;
  const written = await db.transaction(async (tx) => {
    const updated = await tx
      .update(bundleWorkflowProductImages)
      .set({
        compressionComplete: true,
        compressionError: null,
        originalBytes: image.originalBytes,
        compressedBytes: image.compressedBytes,
      })
      .where(sameRequest)
      .returning({ id: bundleWorkflowProductImages.id });
    if (updated.length === 0) return false;
    await createStore(tx).put(job.imageId, image.bytes, { width: image.width, height: image.height });
    return true;
  });
  if (!written) return { status: 'skipped', why: 'superseded' };
  return { status: 'compressed', originalBytes: image.originalBytes, compressedBytes: image.compressedBytes };
}

/** Records a failure the task could not classify, once the worker has given up retrying it. */
export async function markCompressionFailed(db: Queryable, imageId: number, reason: string): Promise<void> {
  await db
    .update(bundleWorkflowProductImages)
    .set({ compressionError: reason })
    .where(
      and(
        eq(bundleWorkflowProductImages.id, imageId),
        eq(bundleWorkflowProductImages.compressionComplete, false),
      ),
    );
}

/** The compressed JPEG of one of the owner's images. Another user's image reads exactly like a missing one. */
export async function readCompressedImage(
  db: Queryable,
  ownerId: string,
  imageId: number,
  createStore: (db: Queryable) => ImageStore = createPostgresImageStore,
): Promise<Uint8Array<ArrayBuffer>> {
  const [row] = await db
    .select({
      complete: bundleWorkflowProductImages.compressionComplete,
      error: bundleWorkflowProductImages.compressionError,
    })
    .from(bundleWorkflowProductImages)
    .innerJoin(
      bundleWorkflowProducts,
      eq(bundleWorkflowProducts.id, bundleWorkflowProductImages.bundleWorkflowProductId),
    )
    .innerJoin(bundleWorkflows, eq(bundleWorkflows.id, bundleWorkflowProducts.bundleWorkflowId))
    .innerJoin(bundles, eq(bundles.id, bundleWorkflows.bundleId))
    .where(and(eq(bundleWorkflowProductImages.id, imageId), eq(bundles.ownerId, ownerId)));
  if (!row) throw new AppError('unknown_bundle');
  const bytes = row.complete ? await createStore(db).get(imageId) : undefined;
  if (!bytes) {
    throw new AppError(
      'not_created',
      row.error
        ? `This image could not be compressed: ${row.error}`
        : 'This image has not been compressed yet.',
    );
  }
  return bytes;
}
