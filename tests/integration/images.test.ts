// Product images against a real database and a local image server: compress-images queues one job
// per image, graphile-worker runs the compress-image task, and view-compressed-image returns the JPEG.
// SSRF and abuse cases end with the image marked failed, the server untouched, and the worker moving on.
import { lookup } from 'node:dns/promises';
import { inArray, sql } from 'drizzle-orm';
import { Logger, runMigrations, runOnce } from 'graphile-worker';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bundles,
  bundleWorkflowProductImages,
  bundleWorkflowProducts,
  bundleWorkflows,
  products,
} from '../../src/server/db/schema';
import { type CompressImageDeps, compressStoredImage } from '../../src/server/domain/images/compress-image';
import { hasLocation } from '../../src/server/domain/images/image-metadata';
import { readCompressedImage } from '../../src/server/domain/images/read-compressed-image';
import { requestCompression } from '../../src/server/domain/images/request-compression';
import { compressImagesFunction } from '../../src/server/functions/compress-images';
import { functionRegistry } from '../../src/server/functions/registry';
import type { FunctionContext } from '../../src/server/functions/types';
import { viewCompressedImageFunction } from '../../src/server/functions/view-compressed-image';
import { AppError } from '../../src/server/leaves/app-error/app-error';
import { IMAGE_FETCHES_PER_USER, QUEUE_COMPRESSIONS_TASK } from '../../src/server/leaves/queue/image-jobs';
import { createApp } from '../../src/server/main/app';
import { imageTaskList } from '../../src/server/runner/task-list';
import { type ImageServer, startImageServer } from '../support/image-server';
import { callFunction, createTestUser, setupTestApp, type TestUser } from '../support/test-app';
import type { TestDatabase } from '../support/test-database';

const t = setupTestApp();
let database: TestDatabase;
let server: ImageServer;
let aliceUser: TestUser;
let alice: string;
let bob: string;
const silent = new Logger(() => () => {});

beforeAll(async () => {
  server = await startImageServer();
  database = t.app.database;
  // graphile-worker's own schema (the server migrates it at boot; the test template may already have it).
  await runMigrations({ pgPool: database.pool, logger: silent });
  aliceUser = t.user;
  alice = t.user.userId;
  bob = (await createTestUser(t.app)).userId;
});
afterAll(() => server?.close());
beforeEach(() => server.reset());

/** A bundle with one run of one product whose images are `urls`, owned by `ownerId`. */
async function createRun(ownerId: string, urls: string[]) {
  const db = database.db;
  const [bundle] = await db
    .insert(bundles)
    .values({
      ownerId,
      name: 'Images',
      columns: ['title', 'image_urls'],
      customFields: { keywords: '', url_template: '', business_type: '', tone_of_voice: '' },
    })
    .returning();
  const [product] = await db
    .insert(products)
    .values({ bundleId: bundle!.id, position: 0, details: { title: 'Lamp' } })
    .returning();
  const [run] = await db.insert(bundleWorkflows).values({ bundleId: bundle!.id, workflowId: 4 }).returning();
  const [row] = await db
    .insert(bundleWorkflowProducts)
    .values({ bundleWorkflowId: run!.id, productId: product!.id })
    .returning();
  const images = await db
    .insert(bundleWorkflowProductImages)
    .values(urls.map((url, position) => ({ bundleWorkflowProductId: row!.id, position, url })))
    .returning({ id: bundleWorkflowProductImages.id });
  return { bundleWorkflowId: run!.id, imageIds: images.map((i) => i.id) };
}

function context(userId: string): FunctionContext {
  return {
    db: database.db,
    userId,
    workspaceId: userId,
    member: { workspaceId: userId, userId, role: 'owner' },
    services: undefined as never,
    signal: new AbortController().signal,
    requestHeaders: new Headers(),
    responseHeaders: new Headers(),
  };
}

/** view-compressed-image's handler, as the route calls it. */
async function viewImage(userId: string, imageId: number): Promise<Uint8Array> {
  const bytes = await viewCompressedImageFunction(context(userId), {
    bundle_workflow_products_image_id: imageId,
  });
  if (!(bytes instanceof Uint8Array)) throw new Error('expected bytes');
  return bytes;
}

async function imageRows(ids: number[]) {
  const rows = await database.db
    .select()
    .from(bundleWorkflowProductImages)
    .where(inArray(bundleWorkflowProductImages.id, ids));
  return ids.map((id) => rows.find((r) => r.id === id)!);
}

/** Jobs still queued after the worker ran, with why they failed: none means every image settled. */
async function leftoverJobs() {
  const { rows } = await database.db.execute<{ key: string; attempts: number; last_error: string | null }>(
    sql`select key, attempts, last_error from graphile_worker.jobs where task_identifier = 'compress-image'`,
  );
  return rows;
}

async function queuedJobKeys(): Promise<string[]> {
  const { rows } = await database.db.execute<{ key: string }>(
    // add_jobs groups the jobs by the owner's image queues, so their ids follow the queues, not the images.
    sql`select key from graphile_worker.jobs where task_identifier = 'compress-image'
        order by substring(key from '[0-9]+$')::int`,
  );
  return rows.map((r) => r.key);
}

/** Runs every queued job through graphile-worker, one at a time, as the server's worker would. */
async function runWorker(deps: CompressImageDeps): Promise<void> {
  await runOnce({
    pgPool: database.pool,
    taskList: imageTaskList(database.db, deps),
    logger: silent,
    concurrency: 1,
  });
  // graphile-worker 0.17 completes or fails the last job without awaiting it, so runOnce can return while
  // that job is still locked. Wait until every job is released, or the assertions race the worker.
  for (const deadline = Date.now() + 5_000; Date.now() < deadline; ) {
    const { rows } = await database.db.execute<{ locked: number }>(
      sql`select count(*)::int as locked from graphile_worker.jobs where locked_at is not null`,
    );
    if (rows[0]?.locked === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('graphile-worker left a job locked for 5 s after runOnce returned');
}

async function appError(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const allowServer = (): CompressImageDeps => ({ fetch: { allowPrivateHosts: [server.hostPort] } });

describe('compress-images → compress-image task → view-compressed-image', () => {
  it('turns PNG, JPEG and WebP into JPEGs of the expected size, and records the sizes', async () => {
    const paths = [
      '/photo.png',
      '/photo.jpg',
      '/photo.webp',
      '/rotated.jpg',
      '/transparent.png',
      '/small.gif',
    ];
    const { bundleWorkflowId, imageIds } = await createRun(alice, paths.map(server.url));

    const queued = await compressImagesFunction(context(alice), { bundle_workflow_id: bundleWorkflowId });
    expect(queued).toEqual({ queued: paths.length });
    expect(await queuedJobKeys()).toEqual(imageIds.map((id) => `compress-image:${id}`));
    const marked = await imageRows(imageIds);
    expect(marked.every((r) => r.compressionRequested && !r.compressionComplete)).toBe(true);
    expect(new Set(marked.map((r) => r.compressionProcessingId)).size).toBe(paths.length);

    await runWorker(allowServer());
    expect(await leftoverJobs()).toEqual([]);

    const expected = [
      [2048, 1024], // 3000×1500 shrunk to the 2048 px long edge
      [1600, 1200],
      [1024, 768],
      [200, 400], // EXIF orientation 6 applied
      [300, 200],
      [64, 48],
    ];
    const rows = await imageRows(imageIds);
    // view-bundle-workflow's ETag follows the images' updated_at, so every change must move it.
    for (const [index, row] of rows.entries()) expect(row.updatedAt > marked[index]!.updatedAt).toBe(true);
    for (const [index, row] of rows.entries()) {
      const served = server.images[paths[index]!]!;
      expect(row).toMatchObject({ compressionComplete: true, compressionError: null });
      expect(row.originalBytes).toBe(served.bytes.length);

      const bytes = await viewImage(alice, row.id);
      expect(row.compressedBytes).toBe(bytes.length);
      const metadata = await sharp(bytes).metadata();
      expect(metadata.format).toBe('jpeg');
      expect([metadata.width, metadata.height]).toEqual(expected[index]);
      expect(hasLocation(metadata.exif)).toBe(false);
    }
    // The big photos got lighter.
    expect(rows[0]!.compressedBytes!).toBeLessThan(rows[0]!.originalBytes! / 10);
    expect(rows[1]!.compressedBytes!).toBeLessThan(rows[1]!.originalBytes!);

    // A second call queues nothing new, and nothing is fetched again.
    server.reset();
    expect(await compressImagesFunction(context(alice), { bundle_workflow_id: bundleWorkflowId })).toEqual({
      queued: 0,
    });
    expect(await leftoverJobs()).toEqual([]);
    await runWorker(allowServer());
    expect(server.requestCount()).toBe(0);
  });

  it('a second call before the worker runs queues nothing new', async () => {
    const { bundleWorkflowId, imageIds } = await createRun(alice, [
      server.url('/photo.jpg'),
      server.url('/photo.webp'),
    ]);
    const input = { bundle_workflow_id: bundleWorkflowId };
    expect(await compressImagesFunction(context(alice), input)).toEqual({ queued: 2 });
    const before = await imageRows(imageIds);
    const again = await Promise.all([
      compressImagesFunction(context(alice), input),
      compressImagesFunction(context(alice), input),
    ]);
    expect(again).toEqual([{ queued: 0 }, { queued: 0 }]);
    expect(await queuedJobKeys()).toEqual(imageIds.map((id) => `compress-image:${id}`));
    // The processing ids of the first request still stand.
    expect((await imageRows(imageIds)).map((r) => r.compressionProcessingId)).toEqual(
      before.map((r) => r.compressionProcessingId),
    );
    await runWorker(allowServer());
    expect(server.requestCount()).toBe(2);
  });

  it('compresses only the listed images, and re-queues a failed one only when it is listed', async () => {
    const { bundleWorkflowId, imageIds } = await createRun(alice, [
      server.url('/photo.jpg'),
      server.url('/missing.png'),
      server.url('/photo.webp'),
    ]);
    const [jpg, missing, webp] = imageIds as [number, number, number];
    const listed = {
      bundle_workflow_id: bundleWorkflowId,
      bundle_workflow_products_images_ids: [jpg, missing],
    };
    expect(await requestCompression(database.db, alice, listed, addNoJobs)).toEqual({ queued: 2 });
    await compressStoredImage(database.db, { imageId: jpg }, allowServer());
    await compressStoredImage(database.db, { imageId: missing }, allowServer());
    const [, failed, untouched] = await imageRows(imageIds);
    expect(failed).toMatchObject({
      compressionComplete: false,
      compressionError: 'The image server answered with status 404.',
    });
    expect(untouched).toMatchObject({ compressionRequested: false, compressionProcessingId: null });

    // Without ids: only the image never requested. The failure is finished work, not queued again.
    const all = { bundle_workflow_id: bundleWorkflowId };
    expect(await requestCompression(database.db, alice, all, addNoJobs)).toEqual({ queued: 1 });
    // Naming the failed image retries it, with its error cleared and a fresh processing id.
    const retry = {
      bundle_workflow_id: bundleWorkflowId,
      bundle_workflow_products_images_ids: [missing, jpg],
    };
    expect(await requestCompression(database.db, alice, retry, addNoJobs)).toEqual({ queued: 1 });
    const retried = (await imageRows([missing]))[0]!;
    expect(retried).toMatchObject({ compressionRequested: true, compressionError: null });
    expect(retried.compressionProcessingId).not.toBe(failed!.compressionProcessingId);
    expect(webp).toBeGreaterThan(0);
  });

  it('skips a job whose request was superseded, and a job for an image already done', async () => {
    const { bundleWorkflowId, imageIds } = await createRun(alice, [server.url('/photo.jpg')]);
    await requestCompression(database.db, alice, { bundle_workflow_id: bundleWorkflowId }, addNoJobs);
    const stale = { imageId: imageIds[0]!, processingId: 'an-older-request' };
    expect(await compressStoredImage(database.db, stale, allowServer())).toEqual({
      status: 'skipped',
      why: 'superseded',
    });
    expect(server.requestCount()).toBe(0);
    const current = (await imageRows(imageIds))[0]!.compressionProcessingId!;
    const job = { imageId: imageIds[0]!, processingId: current };
    expect(await compressStoredImage(database.db, job, allowServer())).toMatchObject({
      status: 'compressed',
    });
    expect(await compressStoredImage(database.db, job, allowServer())).toEqual({
      status: 'skipped',
      why: 'complete',
    });
    expect(server.requestCount()).toBe(1);
  });
});

describe('ownership', () => {
  it('another user’s run is unknown_bundle, and nothing is marked', async () => {
    const { bundleWorkflowId, imageIds } = await createRun(alice, [server.url('/photo.jpg')]);
    const error = await appError(
      compressImagesFunction(context(bob), { bundle_workflow_id: bundleWorkflowId }),
    );
    expect(error.type).toBe('unknown_bundle');
    expect((await imageRows(imageIds))[0]!.compressionRequested).toBe(false);
    expect((await appError(compressImagesFunction(context(bob), { bundle_workflow_id: 999_999 }))).type).toBe(
      'unknown_bundle',
    );
  });

  it('another user’s image reads exactly like a missing one', async () => {
    const { bundleWorkflowId, imageIds } = await createRun(alice, [server.url('/photo.webp')]);
    await requestCompression(database.db, alice, { bundle_workflow_id: bundleWorkflowId }, addNoJobs);
    await compressStoredImage(database.db, { imageId: imageIds[0]! }, allowServer());
    expect((await viewImage(alice, imageIds[0]!)).length).toBeGreaterThan(0);
    // The same words as for an id that names no image at all.
    expect((await appError(viewImage(bob, imageIds[0]!))).toBody()).toEqual({
      error: { type: 'unknown_bundle', message: `There is no image ${imageIds[0]}.` },
    });
    expect((await appError(viewImage(bob, 999_999))).toBody()).toEqual({
      error: { type: 'unknown_bundle', message: 'There is no image 999999.' },
    });
  });

  it('an image not yet compressed, or failed, answers not_created with the reason', async () => {
    const { bundleWorkflowId, imageIds } = await createRun(alice, [
      server.url('/photo.jpg'),
      server.url('/not-an-image.jpg'),
    ]);
    const [pending, broken] = imageIds as [number, number];
    expect((await appError(readCompressedImage(database.db, alice, pending))).toBody()).toEqual({
      error: { type: 'not_created', message: 'This image has not been compressed yet.' },
    });
    await requestCompression(database.db, alice, { bundle_workflow_id: bundleWorkflowId }, addNoJobs);
    await compressStoredImage(database.db, { imageId: broken }, allowServer());
    expect((await appError(readCompressedImage(database.db, alice, broken))).publicMessage).toBe(
      'This image could not be compressed: The file at this address is not an image (expected JPEG, PNG, WebP, GIF, AVIF or TIFF).',
    );
  });
});

describe('SSRF', () => {
  const notAllowed = (address: string) =>
    `The image address points to a private network (${address}), which is not allowed.`;

  it('with the allow-list unset, no local address is fetched, and each image is marked failed', async () => {
    const port = server.port;
    const cases: [string, string][] = [
      [`http://127.0.0.1:${port}/photo.png`, notAllowed('127.0.0.1')],
      [`http://localhost:${port}/photo.png`, notAllowed('localhost')],
      [`http://[::1]:${port}/photo.png`, notAllowed('::1')],
      [`http://[::ffff:127.0.0.1]:${port}/photo.png`, notAllowed('::ffff:7f00:1')],
      ['http://10.0.0.1/x.png', notAllowed('10.0.0.1')],
      [
        'http://169.254.169.254/latest/meta-data',
        'The image address points to a cloud metadata service (169.254.169.254), which is not allowed.',
      ],
      // A name whose DNS answer is 127.0.0.1 (the resolver stands in for DNS; there is none here).
      [`http://images.example:${port}/photo.png`, notAllowed('127.0.0.1')],
      [`http://2130706433:${port}/photo.png`, notAllowed('127.0.0.1')],
    ];
    const { bundleWorkflowId, imageIds } = await createRun(
      alice,
      cases.map(([url]) => url),
    );
    await compressImagesFunction(context(alice), { bundle_workflow_id: bundleWorkflowId });
    await runWorker({
      fetch: { resolve: imagesExampleIsLoopback },
    });

    expect(server.requestCount()).toBe(0);
    const rows = await imageRows(imageIds);
    expect(rows.map((r) => r.compressionError)).toEqual(cases.map(([, reason]) => reason));
    expect(rows.every((r) => r.compressionRequested && !r.compressionComplete)).toBe(true);
    expect(await leftoverJobs()).toEqual([]);
  });

  it('an allowed host that redirects into the local network is stopped at the redirect', async () => {
    const { bundleWorkflowId, imageIds } = await createRun(alice, [
      server.url('/redirect-to-localhost.png'),
      server.url('/redirect-to-metadata'),
      server.url('/redirect-to-file'),
    ]);
    await compressImagesFunction(context(alice), { bundle_workflow_id: bundleWorkflowId });
    // Only 127.0.0.1:<port> is allowed; its redirect goes to localhost:<port>, which is not on the list.
    await runWorker(allowServer());

    expect(server.requests).toEqual([
      '/redirect-to-localhost.png',
      '/redirect-to-metadata',
      '/redirect-to-file',
    ]);
    expect(server.requestCount('/photo.png')).toBe(0);
    expect((await imageRows(imageIds)).map((r) => r.compressionError)).toEqual([
      notAllowed('localhost'),
      'The image address points to a cloud metadata service (169.254.169.254), which is not allowed.',
      'Only http and https image addresses are allowed (got file).',
    ]);
  });

  it('an allowed name that redirects to 127.0.0.1 is stopped at the redirect', async () => {
    const allowedName = `images.example:${server.port}`;
    const { bundleWorkflowId, imageIds } = await createRun(alice, [
      `http://${allowedName}/redirect-to-loopback.png`,
    ]);
    await compressImagesFunction(context(alice), { bundle_workflow_id: bundleWorkflowId });
    await runWorker({ fetch: { allowPrivateHosts: [allowedName], resolve: imagesExampleIsLoopback } });

    expect(server.requests).toEqual(['/redirect-to-loopback.png']);
    expect((await imageRows(imageIds))[0]!.compressionError).toBe(notAllowed('127.0.0.1'));
  });
});

describe('abuse', () => {
  it('each abusive image ends failed with its reason, and the worker goes on to the next image', async () => {
    const paths = [
      '/huge-declared.jpg',
      '/huge-chunked.jpg',
      '/bomb.png',
      '/not-an-image.jpg',
      '/hang.jpg',
      '/redirect-chain/5',
      '/photo.jpg',
    ];
    const { bundleWorkflowId, imageIds } = await createRun(alice, paths.map(server.url));
    await compressImagesFunction(context(alice), { bundle_workflow_id: bundleWorkflowId });

    // A 2 s deadline instead of 20 s keeps the never-answering server from slowing CI.
    await runWorker({ fetch: { allowPrivateHosts: [server.hostPort], timeoutMs: 2_000 } });

    const rows = await imageRows(imageIds);
    expect(rows.map((r) => r.compressionError)).toEqual([
      'The image is larger than the 25 MB limit.',
      'The image is larger than the 25 MB limit.',
      'The image is too large to process (20000 × 20000 pixels; the limit is 50 megapixels).',
      'The file at this address is not an image (expected JPEG, PNG, WebP, GIF, AVIF or TIFF).',
      'The image server did not answer within 2 seconds.',
      'Too many redirects (more than 3).',
      null,
    ]);
    expect(rows.map((r) => r.compressionComplete)).toEqual([false, false, false, false, false, false, true]);
    expect(rows[6]!.compressedBytes).toBeGreaterThan(0);
    // Every job finished: none is left to retry or stuck "compressing".
    expect(await leftoverJobs()).toEqual([]);
  });

  it('a bug is retried by the worker, and after the last attempt the image is marked failed', async () => {
    const { bundleWorkflowId, imageIds } = await createRun(alice, [server.url('/photo.jpg')]);
    await compressImagesFunction(context(alice), { bundle_workflow_id: bundleWorkflowId });
    const broken: CompressImageDeps = {
      ...allowServer(),
      createStore: () => ({
        put: async () => {
          throw new Error('storage is down');
        },
        get: async () => undefined,
      }),
    };
    // Make every retry due now rather than after graphile-worker's exponential back-off.
    for (let attempt = 1; attempt <= 3; attempt++) {
      await runWorker(broken);
      await database.db.execute(sql`update graphile_worker._private_jobs set run_at = now()`);
    }
    const [row] = await imageRows(imageIds);
    expect(row).toMatchObject({
      compressionComplete: false,
      compressionError: 'Compression failed unexpectedly. Please try again later.',
    });
    const { rows } = await database.db.execute<{ attempts: number }>(
      sql`select attempts from graphile_worker.jobs where key = ${`compress-image:${imageIds[0]}`}`,
    );
    expect(rows).toEqual([{ attempts: 3 }]);
    await database.db.execute(sql`select graphile_worker.remove_job(${`compress-image:${imageIds[0]}`})`);
  });
});

describe('over HTTP', () => {
  // Until the registry names them, the two functions are mounted here the way the registry will.
  const app = () =>
    createApp(t.app.services, {
      ...functionRegistry,
      'compress-images': compressImagesFunction,
      'view-compressed-image': viewCompressedImageFunction,
    });

  it('compress-images queues, and view-compressed-image answers bytes only with X-Response-Format', async () => {
    const http = { app: app() };
    const { bundleWorkflowId, imageIds } = await createRun(alice, [server.url('/photo.webp')]);
    const queued = await callFunction(
      http,
      'compress-images',
      { bundle_workflow_id: bundleWorkflowId },
      aliceUser.token,
    );
    expect(queued.status).toBe(200);
    expect(queued.data).toEqual({ queued: 1 });
    await runWorker(allowServer());

    const body = { bundle_workflow_products_image_id: imageIds[0]! };
    const withoutHeader = await callFunction(http, 'view-compressed-image', body, aliceUser.token);
    expect(withoutHeader.status).toBe(400);
    expect(withoutHeader.error?.type).toBe('bad_input');

    const headers = { 'x-response-format': 'Uint8Array' };
    const response = await callFunction(http, 'view-compressed-image', body, aliceUser.token, headers);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/octet-stream');
    const metadata = await sharp(response.data).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['jpeg', 1024, 768]);
  });

  it('another user gets 404 unknown_bundle for the run and for the image', async () => {
    const http = { app: app() };
    const bobUser = await createTestUser(t.app);
    const { bundleWorkflowId, imageIds } = await createRun(alice, [server.url('/photo.webp')]);
    const run = await callFunction(
      http,
      'compress-images',
      { bundle_workflow_id: bundleWorkflowId },
      bobUser.token,
    );
    expect(run.status).toBe(404);
    expect(run.error).toEqual({ type: 'unknown_bundle' });
    const image = await callFunction(
      http,
      'view-compressed-image',
      { bundle_workflow_products_image_id: imageIds[0]! },
      bobUser.token,
      { 'x-response-format': 'Uint8Array' },
    );
    expect(image.status).toBe(404);
    expect(image.error).toEqual({ type: 'unknown_bundle', message: `There is no image ${imageIds[0]}.` });
  });
});

/** There is no DNS here: images.example answers 127.0.0.1, anything else goes to the system resolver. */
async function imagesExampleIsLoopback(hostname: string) {
  if (hostname === 'images.example') return [{ address: '127.0.0.1', family: 4 }];
  return lookup(hostname, { all: true });
}

/** For tests that run the task directly rather than through the worker. */
async function addNoJobs(): Promise<void> {}

describe('compress-images at scale', () => {
  const PRODUCTS = 50_000;
  const IMAGES = PRODUCTS * 2 + 1;
  it('answers within 3 s for 100,001 images (it only counts them), and its fan-out job queues one job each', async () => {
    const db = database.db;
    const { bundleWorkflowId } = await createRun(alice, ['https://images.example/first.jpg']);
    // 50,000 products with two images each, written set-based (as new-bundle would leave them).
    await db.execute(sql`
      with run as (select bundle_id from bundle_workflows where id = ${bundleWorkflowId}),
      made as (
        insert into products (bundle_id, position, details)
        select run.bundle_id, n, jsonb_build_object('title', 'Lamp ' || n) from run, generate_series(1, ${PRODUCTS}::int) n
        returning id),
      rows as (
        insert into bundle_workflow_products (bundle_workflow_id, product_id)
        select ${bundleWorkflowId}, id from made returning id)
      insert into bundle_workflow_product_images (bundle_workflow_product_id, position, url)
      select rows.id, k, 'https://images.example/' || rows.id || '-' || k || '.jpg'
      from rows, generate_series(0, 1) k`);

    const started = performance.now();
    const answer = await compressImagesFunction(context(alice), { bundle_workflow_id: bundleWorkflowId });
    const tookMs = performance.now() - started;
    console.log(`compress-images on 100,000 images answered in ${tookMs.toFixed(0)} ms`);
    expect(answer).toEqual({ queued: IMAGES });
    // Marking and queueing 100,000 images in the request took 26.6 s; counting takes well under a second on
    // a quiet machine (74–198 ms), and this bound leaves room for a loaded one.
    expect(tookMs).toBeLessThan(3_000);
    // The request only counted them: marking and queueing are its one fan-out job's.
    expect(await queuedJobKeys()).toEqual([]);
    const { rows: fanOutJobs } = await db.execute<{ count: number }>(
      sql`select count(*)::int from graphile_worker.jobs where task_identifier = ${QUEUE_COMPRESSIONS_TASK}`,
    );
    expect(fanOutJobs[0]?.count).toBe(1);

    const fanOut = imageTaskList(db)[QUEUE_COMPRESSIONS_TASK]!;
    await runOnce({ pgPool: database.pool, taskList: { [QUEUE_COMPRESSIONS_TASK]: fanOut }, logger: silent });
    const { rows: jobs } = await db.execute<{ jobs: number; keys: number; queues: number }>(sql`
      select count(*)::int as jobs, count(distinct key)::int as keys, count(distinct queue_name)::int as queues
      from graphile_worker.jobs where task_identifier = 'compress-image'`);
    const { rows: marked } = await db.execute<{ requested: number; prefixes: number }>(sql`
      select count(*) filter (where i.compression_requested)::int as requested,
             count(distinct split_part(i.compression_processing_id, ':', 1))::int as prefixes
      from bundle_workflow_product_images i join bundle_workflow_products p on p.id = i.bundle_workflow_product_id
      where p.bundle_workflow_id = ${bundleWorkflowId}`);
    expect(marked[0]).toEqual({ requested: IMAGES, prefixes: 1 });
    // One job per image, spread over the owner's image queues.
    expect(jobs[0]).toEqual({ jobs: IMAGES, keys: IMAGES, queues: IMAGE_FETCHES_PER_USER });
    await db.execute(sql`delete from graphile_worker._private_jobs where task_id in
      (select id from graphile_worker._private_tasks where identifier = 'compress-image')`);
    // The fan-out job's own pace is not what this asserts: it took 32–37 s in most CI runs and passed 120 s in
    // one (the fair-share statement over a fresh, unanalysed queue), so the bound leaves it room.
  }, 300_000);
});
