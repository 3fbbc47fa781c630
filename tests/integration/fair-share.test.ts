// Fair share across users: with one user's 1,500-product AI run in progress through a provider that
// takes 400 ms a call, another user's 10-product run completes in seconds, not behind the whole backlog.
// First in, first out it would wait for about 1,500 × 0.4 s ÷ 4 slots = 150 s.
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningWorker } from '../../src/server/runner/start-worker';
import { startWorker } from '../../src/server/runner/start-worker';
import { setupFakeOpenAIApp } from '../support/pipeline';
import { countSettled, describeQueue } from '../support/run-state';
import { syntheticProduct } from '../support/synthetic-products';
import { callFunction, createTestUser, type TestUser } from '../support/test-app';
import { waitUntil } from '../support/wait-until';

const GPT35 = 1;
const t = setupFakeOpenAIApp({ apiKey: 'sk-fair', behaviour: { latencyMs: 400 } });
let worker: RunningWorker | undefined;
let newcomer: TestUser;

beforeAll(async () => {
  newcomer = await createTestUser(t.app);
  // As the server runs it: generation and images in separate pools, WORKER_CONCURRENCY's default of 4.
  worker = await startWorker({
    ...t.app.services.queue,
    concurrency: 4,
    imageConcurrency: 4,
    heartbeatMs: 1_000,
  });
});
afterAll(() => worker?.stop());

function productList(count: number, offset: number) {
  const rows = Array.from({ length: count }, (_, i) => {
    const product = syntheticProduct(offset + i);
    return [product.title, product.brand, product.kind];
  });
  return { columns: ['title', 'brand', 'description'], raw_csv: Papa.unparse(rows) };
}

async function newRun(user: TestUser, name: string, count: number, offset: number) {
  const created = await callFunction(
    t.app,
    'new-bundle',
    { bundle_name: name, ...productList(count, offset), workflow_id: GPT35 },
    user.token,
  );
  expect(created.status).toBe(200);
  return created.data.bundle_workflow_id;
}

describe('fair share across users', () => {
  it('a new user’s 10-product AI run completes in < 20 s behind another user’s 1,500-product run', async () => {
    const pool = t.app.database.pool;
    const bigRun = await newRun(t.user, 'Big catalogue', 1_500, 0);
    // The big run is under way: the worker is busy with it before the newcomer arrives.
    await waitUntil(
      'the big run has products done',
      async () => (await countSettled(pool, bigRun)).settled >= 8,
      {
        timeoutMs: 20_000,
      },
    );

    const started = Date.now();
    const smallRun = await newRun(newcomer, 'Small catalogue', 10, 10_000);
    await waitUntil(
      'the small run is settled',
      async () => (await countSettled(pool, smallRun)).settled === 10,
      {
        timeoutMs: 20_000,
        intervalMs: 100,
        describe: () => describeQueue(pool, smallRun),
      },
    );
    const tookMs = Date.now() - started;
    const small = await countSettled(pool, smallRun);
    const big = await countSettled(pool, bigRun);
    console.log(`small run: ${tookMs} ms; big run meanwhile at ${big.settled} of 1500`);
    expect(small.done).toBe(10);
    expect(tookMs).toBeLessThan(20_000);
    // The big run was still in progress throughout: the small one did not just wait for it to end.
    expect(big.settled).toBeLessThan(1_500);
    expect(big.settled).toBeGreaterThanOrEqual(8);
  }, 90_000);
});
