// view-compressed-image: the compressed JPEG of one of the owner's images.
import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import {
  bundles,
  bundleWorkflowProductImages,
  bundleWorkflowProducts,
  bundleWorkflows,
} from '../../db/schema';
import { AppError } from '../../leaves/app-error/app-error';
import { liveBundleOf } from '../../leaves/ownership/conditions';
import { createPostgresImageStore, type ImageStore } from './image-store';

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
    .where(and(eq(bundleWorkflowProductImages.id, imageId), liveBundleOf(ownerId)));
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
