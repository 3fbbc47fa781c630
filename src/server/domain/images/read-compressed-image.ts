// view-compressed-image: the compressed JPEG of one of the owner's images.
import type { Queryable } from '../../db/client';
import { AppError } from '../../leaves/app-error/app-error';
import { requireOwnedImage } from '../../leaves/ownership/lookups';
import { createPostgresImageStore, type ImageStore } from './image-store';

/** The compressed JPEG of one of the owner's images. Another user's image reads exactly like a missing one. */
export async function readCompressedImage(
  db: Queryable,
  ownerId: string,
  imageId: number,
  createStore: (db: Queryable) => ImageStore = createPostgresImageStore,
): Promise<Uint8Array<ArrayBuffer>> {
  const { image } = await requireOwnedImage(db, ownerId, imageId);
  const row = { complete: image.compressionComplete, error: image.compressionError };
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
