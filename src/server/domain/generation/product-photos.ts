// The photos a workflow that sees sends with a product (decision 041): the first `max_images` of the
// product's images, each the app's own compressed copy as a data URL, never the store's URL. A photo not yet
// compressed is asked for and waited on a while; one that could not be compressed is left out, and the log says
// which and why. The built-in writer gets what sharp reads from each photo's pixels as well.
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { VisionDetail } from '../../../common/contract/entities';
import type { Database } from '../../db/client';
import { bundleWorkflowProductImages, bundleWorkflowProducts, compressedImages } from '../../db/schema';
import type { PhotoSet, ProductPhoto, WriteCopyInput } from '../../leaves/ai/copy-writer';
import { estimateImageTokens } from '../../leaves/ai/image-tokens';
import { OFFLINE_MODEL } from '../../leaves/ai/offline-writer';
import { readPixelFacts } from '../../leaves/ai/pixel-facts';
import { queueCompressions } from '../../leaves/queue/image-jobs';
import { type LogTarget, logGeneral } from '../../leaves/run-log/run-log';
import { markForCompression } from '../images/request-compression';
import type { ProductContext } from './product-store';

/** A product waits this many times for its photos to be compressed (IMAGE_WAIT_MS apart), then goes without. */
export const MAX_IMAGE_WAITS = 120;
export const IMAGE_WAIT_MS = 1_000;

export type PreparedPhotos = { status: 'waiting' } | { status: 'ready'; set: PhotoSet; leftOut: string[] };

type ImageRow = Awaited<ReturnType<typeof imageRowsOf>>[number];

async function imageRowsOf(db: Database, context: ProductContext, urls: string[]) {
  return db
    .select({
      id: bundleWorkflowProductImages.id,
      url: bundleWorkflowProductImages.url,
      requested: bundleWorkflowProductImages.compressionRequested,
      complete: bundleWorkflowProductImages.compressionComplete,
      error: bundleWorkflowProductImages.compressionError,
    })
    .from(bundleWorkflowProductImages)
    .innerJoin(
      bundleWorkflowProducts,
      eq(bundleWorkflowProducts.id, bundleWorkflowProductImages.bundleWorkflowProductId),
    )
    .where(
      and(
        eq(bundleWorkflowProducts.bundleWorkflowId, context.row.bundleWorkflowId),
        inArray(bundleWorkflowProductImages.url, urls),
      ),
    );
}

/** Asks for the compression of images nobody asked for yet, as compress-images would. */
async function requestMissing(db: Database, context: ProductContext, rows: ImageRow[]): Promise<void> {
  const missing = rows.filter((row) => !row.requested && !row.complete).map((row) => row.id);
  if (missing.length === 0 || !context.ownerId) return;
  await db.transaction(async (tx) => {
    const request = { requestId: randomUUID(), bundleWorkflowId: context.row.bundleWorkflowId };
    const { marked } = await markForCompression(tx, request, { imageIds: missing }, 0, missing.length);
    await queueCompressions(tx, { ...request, ownerId: context.ownerId!, marked });
  });
}

/** The product's photos for its calls, or `waiting` while some are still being compressed. */
export async function prepareProductPhotos(
  db: Database,
  context: ProductContext,
  imageWaits: number,
): Promise<PreparedPhotos> {
  const { imageDetail: detail, maxImages } = context.workflow;
  const urls = (context.imageUrls ?? []).slice(0, maxImages);
  if (urls.length === 0) return { status: 'ready', set: { detail, photos: [] }, leftOut: [] };
  const rows = await imageRowsOf(db, context, urls);
  await requestMissing(db, context, rows);
  const isPending = (row: ImageRow) => !row.complete && (row.error === null || !row.requested);
  if (rows.some(isPending) && imageWaits < MAX_IMAGE_WAITS) return { status: 'waiting' };

  const complete = rows.filter((row) => row.complete).map((row) => row.id);
  const stored = complete.length
    ? await db.select().from(compressedImages).where(inArray(compressedImages.imageId, complete))
    : [];
  const photos: ProductPhoto[] = [];
  const leftOut: string[] = [];
  for (const [position, url] of urls.entries()) {
    const row = rows.find((candidate) => candidate.url === url);
    const copy = row && stored.find((candidate) => candidate.imageId === row.id);
    if (!copy) {
      leftOut.push(`image ${position + 1}: ${row?.error ?? 'not compressed in time'}`);
      continue;
    }
    photos.push({
      imageId: copy.imageId,
      position,
      dataUrl: `data:image/jpeg;base64,${copy.bytes.toString('base64')}`,
      width: copy.width,
      height: copy.height,
      ...(context.workflow.model === OFFLINE_MODEL ? { pixels: await readPixelFacts(copy.bytes) } : {}),
    });
  }
  return { status: 'ready', set: { detail, photos }, leftOut };
}

/**
 * The photos a product's calls carry: none for a workflow that does not see, `waiting` while they are being
 * compressed, else the set, with a log line naming any left out.
 */
export async function photosForWriting(
  db: Database,
  context: ProductContext,
  target: LogTarget,
  imageWaits: number,
): Promise<PhotoSet | 'waiting' | undefined> {
  if (!context.workflow.seesImages) return undefined;
  const prepared = await prepareProductPhotos(db, context, imageWaits);
  if (prepared.status === 'waiting') return 'waiting';
  if (prepared.leftOut.length > 0) {
    await logGeneral(db, target, 'Photos left out: written without them', { images: prepared.leftOut });
  }
  return prepared.set;
}

/**
 * A photo's size before it is compressed is unknown to an estimate: a 1024×768 product photo stands in (4 tiles
 * at high detail; size does not matter at low).
 */
const STAND_IN_PHOTO = { width: 1024, height: 768 };

/** The photos a product's calls carry, at the stand-in size, for their tokens and the prompt's photo rules. */
export function standInPhotos(
  { detail, maxImages }: { detail: VisionDetail; maxImages: number },
  imageCount: number,
): PhotoSet {
  const photos = Array.from({ length: Math.min(imageCount, maxImages) }, (_, position) => ({
    imageId: 0,
    position,
    dataUrl: '',
    ...STAND_IN_PHOTO,
  }));
  return { detail, photos };
}

/** The photos' prompt tokens in a call (OpenAI's published count, or gpt-4o's standing in). */
export function photoTokensOf(input: WriteCopyInput): number {
  const set = input.photos;
  return set ? estimateImageTokens(input.model, set.detail, set.photos) : 0;
}

// What a model that sees answers about each photo beside the copy (decision 044), as the estimate reckons it:
// a colour, a material and what is in the picture.
const STAND_IN_FACTS = JSON.stringify([
  { image: 1, name: 'colour', value: 'dark green' },
  { image: 1, name: 'material', value: 'ceramic' },
  { image: 1, name: 'subject', value: 'table lamp' },
]);

/** The answer's photo_facts, as text to count, for `photoCount` photos (a call's, or a logged call's). */
export function standInPhotoFacts(photoCount: number): string {
  return STAND_IN_FACTS.repeat(photoCount);
}
