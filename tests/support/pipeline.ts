// Helpers for pipeline tests: fixture catalogues as product lists, a worker, and waiting for a run to settle.
import Papa from 'papaparse';
import { afterAll, beforeAll, expect } from 'vitest';
import type { FunctionResponse } from '../../src/common/contract/functions';
import { type RunningWorker, startWorker } from '../../src/server/runner/start-worker';
import { type FakeOpenAI, type FakeOpenAIOptions, startFakeOpenAI } from './fake-openai';
import { type FixtureCatalogue, loadFixtureProducts } from './fixture-catalogues';
import { readFixture } from './fixture-path';
import {
  callFunction,
  type FunctionResult,
  setupTestApp,
  type TestApp,
  type TestAppFixture,
} from './test-app';
import { waitUntil } from './wait-until';

export const FIXTURE_COLUMNS = [
  'title',
  'brand',
  'image_urls',
  'size',
  'colour',
  'dimensions',
  'description',
];

/** A fixture catalogue mapped to the SPEC columns, as the import screen would send it. */
export function fixtureProductList(catalogue: FixtureCatalogue): { columns: string[]; raw_csv: string } {
  const rows = loadFixtureProducts(catalogue).map((product) => [
    product.details.product_name ?? '',
    product.details.brand ?? '',
    product.imageUrls.join('|'),
    product.details.size ?? '',
    product.details.colour ?? '',
    product.details.dimensions ?? '',
    product.details.description ?? '',
  ]);
  return { columns: FIXTURE_COLUMNS, raw_csv: Papa.unparse(rows) };
}

export async function startTestWorker(testApp: TestApp, concurrency = 4): Promise<RunningWorker> {
  return startWorker({
    pool: testApp.database.pool,
    concurrency,
    taskList: testApp.services.queue.taskList,
    heartbeatMs: 1_000,
  });
}

export type FakeOpenAIAppFixture = TestAppFixture & { fake: FakeOpenAI };

/**
 * setupTestApp writing through a fake OpenAI on loopback (started before the app, closed after it), and, with
 * `workerConcurrency`, a worker running the queue (stopped before the database goes).
 */
export function setupFakeOpenAIApp(
  fakeOptions: FakeOpenAIOptions & { apiKey: string },
  { workerConcurrency, env = {} }: { workerConcurrency?: number; env?: Record<string, string> } = {},
): FakeOpenAIAppFixture {
  let fake: FakeOpenAI | undefined;
  beforeAll(async () => {
    fake = await startFakeOpenAI(fakeOptions);
  });
  afterAll(() => fake?.close());
  const fixture = setupTestApp({
    env: () => ({ ...env, OPENAI_API_KEY: fakeOptions.apiKey, OPENAI_BASE_URL: fake!.url }),
  });
  if (workerConcurrency !== undefined) {
    let worker: RunningWorker | undefined;
    beforeAll(async () => {
      worker = await startTestWorker(fixture.app, workerConcurrency);
    });
    afterAll(() => worker?.stop());
  }
  return Object.defineProperty(fixture, 'fake', { get: () => fake }) as FakeOpenAIAppFixture;
}

/** view-bundle-workflow's answer, as callFunction parses it with the contract's response schema. */
export type RunBody = FunctionResponse<'view-bundle-workflow'>;

export async function viewRun(
  testApp: TestApp,
  token: string,
  bundleId: number,
  workflowId: number,
  headers: Record<string, string> = {},
): Promise<RunBody> {
  // The whole run, as before view-bundle-workflow answered by pages: it follows next_offset to the end.
  let run: RunBody | undefined;
  let offset: number | null = 0;
  while (offset !== null) {
    const response: FunctionResult<'view-bundle-workflow'> = await callFunction(
      testApp,
      'view-bundle-workflow',
      { bundle_id: bundleId, workflow_id: workflowId, limit: 2_000, offset },
      token,
      headers,
    );
    expect(response.status).toBe(200);
    const page: RunBody = response.data;
    run = run ? { ...page, products: [...run.products, ...page.products] } : page;
    offset = page.next_offset;
  }
  return run!;
}

/** Polls until every product is done or failed. */
export async function waitForRun(
  testApp: TestApp,
  token: string,
  bundleId: number,
  workflowId: number,
  timeoutMs = 60_000,
): Promise<RunBody> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const run = await viewRun(testApp, token, bundleId, workflowId);
    // A bundle still being imported from a store has no products yet: not a finished run.
    const importing = run.store_import?.state === 'queued' || run.store_import?.state === 'running';
    if (!importing && run.totals.done + run.totals.failed === run.totals.total) return run;
    if (Date.now() > deadline) {
      throw new Error(
        `Run did not settle: ${run.totals.done} done, ${run.totals.failed} failed of ${run.totals.total}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Product-list rows (title, brand, description) of `n` stoneware vases named after `stem`. */
export const vaseRows = (stem: string, n: number) =>
  Array.from(
    { length: n },
    (_, i) => `${stem} ${i + 1},Form,A stoneware vase with a matte glaze (number ${i + 1}).`,
  );

/** Polls until the run is paused with nothing left reserved (every call in flight settled). */
export async function waitForPause(testApp: TestApp, token: string, bundleId: number, workflowId: number) {
  return waitUntil(
    'the run pauses',
    async () => {
      const run = await viewRun(testApp, token, bundleId, workflowId);
      return run.paused_reason && run.totals.reserved_cost === 0 ? run : null;
    },
    { timeoutMs: 60_000, intervalMs: 200 },
  );
}

/** A bundle made from a store export in tests/fixtures, run by `workflowId` until every product settles. */
export async function runStoreExport(
  t: TestAppFixture,
  file: string,
  workflowId: number,
  timeoutMs = 120_000,
): Promise<RunBody> {
  const created = await t.call('new-bundle', {
    bundle_name: `${file} ${workflowId}`,
    store_export: { format: 'auto', text: readFixture(file) },
    workflow_id: workflowId,
  });
  expect(created.status, JSON.stringify(created.data)).toBe(200);
  return waitForRun(t.app, t.user.token, created.data.bundle_id, workflowId, timeoutMs);
}

/** A finished product's copy, field by field, alt texts as alt_texts[i], as the checks name them. */
type CopyTexts = Record<string, string> &
  Record<'page_title' | 'meta_description' | 'heading' | 'description' | 'fact_sheet', string>;
export const copyFieldsOf = (product: RunBody['products'][number]): CopyTexts => ({
  page_title: product.page_title ?? '',
  meta_description: product.meta_description ?? '',
  heading: product.heading ?? '',
  description: product.description ?? '',
  fact_sheet: product.fact_sheet ?? '',
  ...Object.fromEntries(
    (product.image_details ?? []).map((image, i) => [`alt_texts[${i}]`, image.alt_text ?? '']),
  ),
});
