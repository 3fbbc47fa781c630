// A database that can blink: the app runs as `npm start` does (its own process, embedded
// PostgreSQL), a run is moving, and the postmaster is killed with SIGKILL. The app must stay up, answer again
// within 45 s, and finish the run with every product done exactly once.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { findFreePort } from '../../src/server/db/embedded';
import { answerOf } from '../support/answers';
import { embeddedServerOf } from '../support/embedded-app-database';
import { type FakeOpenAI, startFakeOpenAI } from '../support/fake-openai';
import { type HttpUser, signUpOverHttp } from '../support/http-user';
import { spawnServerProcess, stopWorkerProcess, type WorkerProcess } from '../support/worker-process';

const API_KEY = 'sk-blink-test-key';
const GPT35 = 1;
const PRODUCT_COUNT = 40;
const KILL_AFTER_DONE = 6;
const RECOVERY_LIMIT_MS = 45_000;

let fake: FakeOpenAI;
let dataDir: string;
let server: WorkerProcess;
let baseUrl: string;
let user: HttpUser;
const problems: string[] = [];

beforeAll(async () => {
  fake = await startFakeOpenAI({ apiKey: API_KEY, behaviour: { latencyMs: 250 } });
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'copyloom-blink-'));
  const port = await findFreePort();
  baseUrl = `http://localhost:${port}`;
  server = spawnServerProcess('server', {
    NODE_ENV: 'development',
    PORT: String(port),
    DATA_DIR: dataDir,
    AUTH_SECRET: 'blink-test-secret-that-is-long-enough',
    OPENAI_API_KEY: API_KEY,
    OPENAI_BASE_URL: fake.url,
    WORKER_CONCURRENCY: '2',
    // Jobs whose release was lost with the database are taken back after this long.
    WORKER_DEAD_AFTER_SECONDS: '10',
    LOG_LEVEL: 'info',
  });
  // Request lines crowd the kept output: keep what went wrong apart, to explain a failure.
  server.child.stdout?.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (/"level":[4-6]0/.test(line)) problems.push(line);
  });
  await server.ready;
  user = await signUpOverHttp(baseUrl);
});

afterAll(async () => {
  if (server) await stopWorkerProcess(server);
  await fake?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function waitFor<T>(what: string, timeoutMs: number, check: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await check().catch(() => undefined);
    if (result !== undefined) return result;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const products = Array.from(
  { length: PRODUCT_COUNT },
  (_, i) => `Field Notebook No. ${i + 1},Inkwell,A5 stitched notebook with 96 pages (edition ${i + 1})`,
);

describe('the embedded PostgreSQL killed mid-run', () => {
  it('keeps the app up, answers again within 45 s, and finishes the run exactly once', {
    timeout: 180_000,
  }, async () => {
    onTestFailed(async () => {
      console.error(`--- server warnings and errors ---\n${problems.join('\n')}`);
      const client = new pg.Client({ connectionString: (await embeddedServerOf(dataDir)).url });
      client.on('error', () => {});
      await client.connect();
      const statuses = await client.query(
        'select status, count(*)::int from bundle_workflow_products group by status',
      );
      const jobs = await client.query(
        'select task_id, locked_by, locked_at, attempts, last_error from graphile_worker._private_jobs limit 20',
      );
      console.error(JSON.stringify({ statuses: statuses.rows, jobs: jobs.rows }, null, 1));
      await client.end();
    });
    const created = await user.call('new-bundle', {
      bundle_name: 'Blink',
      columns: ['title', 'brand', 'description'],
      raw_csv: products.join('\n'),
      custom_fields: {
        keywords: 'notebook',
        url_template: '/{{keywords}}',
        business_type: 'shop',
        tone_of_voice: 'plain',
      },
      workflow_id: GPT35,
    });
    const bundle = await answerOf('new-bundle', created);
    const totals = async () => {
      const response = await user.call('view-bundle-workflow', {
        bundle_id: bundle.bundle_id,
        workflow_id: GPT35,
      });
      if (response.status !== 200) return undefined;
      return (await answerOf('view-bundle-workflow', response)).totals;
    };

    await waitFor(
      'the first products',
      60_000,
      async () => ((await totals())?.done ?? 0) >= KILL_AFTER_DONE || undefined,
    );
    const before = await embeddedServerOf(dataDir);
    process.kill(before.pid, 'SIGKILL');
    const killedAt = Date.now();

    // The killed postmaster's backends serve a pooled connection for a moment after it died, so a 200 counts
    // only once a new postmaster runs.
    await waitFor('list-bundles to answer 200 from a new postmaster', RECOVERY_LIMIT_MS, async () => {
      if ((await embeddedServerOf(dataDir)).pid === before.pid) return undefined;
      const response = await user.call('list-bundles', {});
      return response.status === 200 || undefined;
    });
    const recoveredMs = Date.now() - killedAt;
    expect(server.isRunning(), 'the app process is still running').toBe(true);
    expect(recoveredMs).toBeLessThan(RECOVERY_LIMIT_MS);
    const after = await embeddedServerOf(dataDir);
    expect(after.pid, 'a new postmaster runs').not.toBe(before.pid);

    const final = await waitFor('the run to finish', 120_000, async () => {
      const current = await totals();
      return current && current.done + current.failed === PRODUCT_COUNT ? current : undefined;
    });
    expect(final).toMatchObject({ done: PRODUCT_COUNT, failed: 0 });

    const client = new pg.Client({ connectionString: after.url });
    client.on('error', () => {});
    await client.connect();
    try {
      const { rows } = await client.query<{ product_id: number; saves: number }>(
        `select p.product_id, count(l.id)::int as saves
         from bundle_workflow_products p
         left join logs l on l.product_id = p.product_id and l.bundle_workflow_id = p.bundle_workflow_id
           and l.event = 'Copy saved'
         where p.bundle_workflow_id = $1 group by p.product_id`,
        [bundle.bundle_workflow_id],
      );
      expect(rows).toHaveLength(PRODUCT_COUNT);
      expect(
        rows.filter((row) => row.saves !== 1),
        'products saved other than exactly once',
      ).toEqual([]);
    } finally {
      await client.end();
    }
    console.log(`database blink: the app answered again ${recoveredMs} ms after the kill`);
  });
});
