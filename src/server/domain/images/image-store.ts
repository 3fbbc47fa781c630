// Where compressed JPEGs live. Postgres (bytea) for now, behind a small interface so S3 can come later
// (DESIGN.md, data model). Ownership is not the store's concern: callers check it before `get`.
import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { compressedImages } from '../../db/schema';

export type StoredImageMeta = { width: number; height: number };

export interface ImageStore {
  /** Writes or replaces the JPEG of an image row; a retried job just overwrites. */
  put(imageId: number, bytes: Uint8Array, meta: StoredImageMeta): Promise<void>;
  get(imageId: number): Promise<Uint8Array<ArrayBuffer> | undefined>;
}

/** Given the transaction that also updates the image row, the bytes and the row commit together. */
export function createPostgresImageStore(db: Queryable): ImageStore {
  return {
    async put(imageId, bytes, { width, height }) {
      const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      await db
        .insert(compressedImages)
        .values({ imageId, bytes: data, width, height })
        .onConflictDoUpdate({
          target: compressedImages.imageId,
          set: { bytes: data, width, height, createdAt: new Date() },
        });
    },
    async get(imageId) {
      const [row] = await db
        .select({ bytes: compressedImages.bytes })
        .from(compressedImages)
        .where(eq(compressedImages.imageId, imageId));
      // A copy: pg's Buffer may be a view into a shared pool, and callers hand the bytes to a Response.
      return row ? new Uint8Array(row.bytes) : undefined;
    },
  };
}
