// Compressing one stored image: safe fetch → compress → store. The compress-image task
// (compress-image-task.ts) runs it for each job.
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../../db/client';
import { bundleWorkflowProductImages } from '../../db/schema';
import { OutboundError } from '../../leaves/outbound/outbound-error';
import { type CompressImageJob, requestIdOf } from '../../leaves/queue/image-jobs';
import {
  type CompressedImage,
  type CompressOptions,
  compressImage,
  ImageCompressionError,
} from './encode-jpeg';
import { type FetchLimits, hostOf } from './fetch-limits';
import { createPostgresImageStore, type ImageStore } from './image-store';
import { type SafeFetchOptions, safeFetch } from './safe-fetch';

export type CompressImageDeps = {
  /** allowPrivateHosts from ALLOW_PRIVATE_IMAGE_HOSTS; tests inject a resolver and a shorter deadline. */
  fetch?: SafeFetchOptions;
  /** maxEdge from IMAGE_MAX_EDGE. */
  compress?: CompressOptions;
  /** Storage bound to the transaction that marks the row complete. Defaults to Postgres. */
  createStore?: (db: Queryable) => ImageStore;
  /** Per-host limits and skipped hosts (fetch-limits.ts); the worker shares one per process. */
  limits?: FetchLimits;
};

/**
 * Outside production the app's own address is allowed too, so the sample stores (whose images this app
 * serves at APP_URL) work on a local install with no set-up. In production only the explicit list counts.
 */
export function compressImageDepsFromConfig(config: {
  ALLOW_PRIVATE_IMAGE_HOSTS: string[];
  IMAGE_MAX_EDGE: number;
  NODE_ENV: string;
  APP_URL: string;
}): CompressImageDeps {
  const allowPrivateHosts = [...config.ALLOW_PRIVATE_IMAGE_HOSTS];
  if (config.NODE_ENV !== 'production') allowPrivateHosts.push(...ownHostPorts(config.APP_URL));
  return {
    fetch: { allowPrivateHosts },
    compress: { maxEdge: config.IMAGE_MAX_EDGE },
  };
}

function ownHostPorts(appUrl: string): string[] {
  const url = new URL(appUrl);
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  const hosts = [url.hostname.toLowerCase()];
  if (url.hostname === 'localhost') hosts.push('127.0.0.1', '[::1]');
  return hosts.map((host) => `${host}:${port}`);
}

/** The job's core, with no database: fetch safely, then compress. Throws OutboundError / ImageCompressionError. */
export async function fetchAndCompressImage(
  url: string,
  deps: CompressImageDeps = {},
): Promise<CompressedImage> {
  const { bytes } = await safeFetch(url, deps.fetch);
  return compressImage(bytes, deps.compress);
}

/** The reason to show for an expected failure, or null when the error is a bug or a shutdown. */
export function describeImageFailure(error: unknown): string | null {
  if (error instanceof OutboundError || error instanceof ImageCompressionError) return error.reason;
  return null;
}

export type CompressImageOutcome =
  | { status: 'compressed'; originalBytes: number; compressedBytes: number }
  | { status: 'failed'; reason: string }
  /** The host has its share of fetches in flight: run this job again a little later. */
  | { status: 'deferred' }
  | { status: 'skipped'; why: 'missing' | 'complete' | 'not_requested' | 'superseded' };

/**
 * One compress-image job's work. Safe to retry: it skips work already done. An expected failure (blocked address,
 * too large, not an image…) is recorded on the row and returned, never thrown, so the worker moves on and
 * the UI stops showing the image as compressing. Anything else is rethrown for the worker to retry.
 */
export async function compressStoredImage(
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

  const host = hostOf(row.url);
  const requestId = requestIdOf(row.processingId ?? undefined) ?? '';
  const skipped = deps.limits?.skipReason(requestId, host);
  if (skipped) {
    await db.update(bundleWorkflowProductImages).set({ compressionError: skipped }).where(sameRequest);
    return { status: 'failed', reason: skipped };
  }
  const release = deps.limits ? deps.limits.tryAcquire(host) : () => {};
  if (!release) return { status: 'deferred' };

  let image: CompressedImage;
  try {
    // No transaction is held open across the fetch: it can take the whole 20 s deadline.
    image = await fetchAndCompressImage(row.url, deps);
    deps.limits?.recordOutcome(requestId, host, false);
  } catch (error) {
    const reason = describeImageFailure(error);
    if (reason === null) throw error;
    const timedOut = error instanceof OutboundError && error.code === 'timeout';
    deps.limits?.recordOutcome(requestId, host, timedOut);
    await db.update(bundleWorkflowProductImages).set({ compressionError: reason }).where(sameRequest);
    return { status: 'failed', reason };
  } finally {
    release();
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
