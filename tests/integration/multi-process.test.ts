// Postgres as the engine that scales: two app processes (`npm start` with WORKER_CONCURRENCY=0)
// and two worker processes (`npm run worker`) against one PostgreSQL. A run created through one app and read
// through the other is finished by the workers, each product written exactly once.
import net from 'node:net';
import Papa from 'papaparse';
import { afterAll, describe, expect, it, onTestFailed } from 'vitest';
import type { FunctionName, FunctionRequest } from '../../src/common/contract/functions';
import { answerOf } from '../support/answers';
import { setupFakeOpenAIApp } from '../support/pipeline';
import { countSettled, describeQueue } from '../support/run-state';
import { syntheticProduct } from '../support/synthetic-products';
import { waitUntil } from '../support/wait-until';
import {
  killAllWorkerProcesses,
  spawnServerProcess,
  spawnWorkerProcess,
  stopWorkerProcess,
  type WorkerProcess,
} from '../support/worker-process';

const GPT35 = 1;
const API_KEY = 'sk-multi-process';
const PRODUCT_COUNT = 120;
const AUTH_SECRET = 'test-secret-that-is-long-enough-for-better-auth';

const t = setupFakeOpenAIApp({ apiKey: API_KEY, behaviour: { latencyMs: 100 } });
const children: WorkerProcess[] = [];
afterAll(async () => {
  await Promise.all(children.map((child) => stopWorkerProcess(child, 5_000)));
  killAllWorkerProcesses();
});

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('N app processes and M worker processes on one PostgreSQL', () => {
  it('2 apps + 2 workers finish a run with each product written exactly once', {
    timeout: 150_000,
  }, async () => {
    onTestFailed(() => {
      for (const child of children) console.error(`--- ${child.name} output ---\n${child.output.join('')}`);
    });
    const { pool, url } = t.app.database;
    const common = {
      DATABASE_URL: url,
      AUTH_SECRET,
      NODE_ENV: 'test',
      OPENAI_API_KEY: API_KEY,
      OPENAI_BASE_URL: t.fake.url,
    };
    const appUrls: string[] = [];
    for (const name of ['app A', 'app B']) {
      const port = await freePort();
      appUrls.push(`http://127.0.0.1:${port}`);
      // One at a time: each must start within 30 s, and four loading at once on a busy machine may not.
      const app = spawnServerProcess(name, {
        ...common,
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_URL: `http://127.0.0.1:${port}`,
        // An app process that serves requests only: the worker processes run the jobs.
        WORKER_CONCURRENCY: '0',
        DATABASE_POOL_SIZE: '5',
      });
      children.push(app);
      await app.ready;
    }
    for (const name of ['worker 1', 'worker 2']) {
      const worker = spawnWorkerProcess(name, {
        ...common,
        WORKER_CONCURRENCY: '4',
        IMAGE_WORKER_CONCURRENCY: '2',
        WORKER_DEAD_AFTER_SECONDS: '10',
      });
      children.push(worker);
      await worker.ready;
    }

    const call = <N extends FunctionName>(baseUrl: string, name: N, body: FunctionRequest<N>) =>
      fetch(`${baseUrl}/functions/v1/${name}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${t.user.token}` },
        body: JSON.stringify(body),
      });
    const rows = Array.from({ length: PRODUCT_COUNT }, (_, i) => {
      const product = syntheticProduct(i);
      return [product.title, product.brand, product.kind];
    });
    const created = await call(appUrls[0]!, 'new-bundle', {
      bundle_name: 'Many processes',
      columns: ['title', 'brand', 'description'],
      raw_csv: Papa.unparse(rows),
      workflow_id: GPT35,
    });
    const { bundle_id: bundleId, bundle_workflow_id: runId } = await answerOf('new-bundle', created);

    // Both worker processes beat, each for its four pools (generation, images, webhooks, stores); the apps
    // run none.
    const heartbeats = await waitUntil('both workers beat for every pool', async () => {
      const { rows: beats } = await pool.query<{ count: number }>(
        'select count(*)::int from worker_heartbeats',
      );
      return (beats[0]?.count ?? 0) >= 8 ? beats[0]!.count : undefined;
    });
    expect(heartbeats).toBe(8);

    await waitUntil(
      'the run is settled',
      async () => (await countSettled(pool, runId)).settled === PRODUCT_COUNT,
      {
        timeoutMs: 120_000,
        intervalMs: 250,
        describe: () => describeQueue(pool, runId),
      },
    );
    // Read through the other app process.
    const viewed = await call(appUrls[1]!, 'view-bundle-workflow', {
      bundle_id: bundleId,
      workflow_id: GPT35,
    });
    const view = await answerOf('view-bundle-workflow', viewed);
    expect(view.totals).toMatchObject({ total: PRODUCT_COUNT, done: PRODUCT_COUNT, failed: 0 });

    // Each product's copy saved exactly once, and both worker processes took a share of the jobs.
    const { rows: saves } = await pool.query<{ product_id: number; saved: number }>(
      `select product_id, count(*) filter (where event = 'Copy saved')::int as saved
       from logs where bundle_workflow_id = $1 and type = 'general' group by product_id`,
      [runId],
    );
    expect(saves).toHaveLength(PRODUCT_COUNT);
    expect(saves.filter((row) => row.saved !== 1)).toEqual([]);
    const { rows: left } = await pool.query<{ count: number }>(
      `select count(*)::int from graphile_worker._private_jobs where task_id in
         (select id from graphile_worker._private_tasks where identifier = 'generate-product')`,
    );
    expect(left[0]?.count).toBe(0);
  });
});
