// 200 sign-in attempts for one account at once, against the real server process, each from its own address
// behind a trusted proxy (so the per-address rate limit does not stop them before the lockout): none may
// answer 500, and a bystander's list-bundles, asked over and over during the burst, stays within 3× its time
// at rest. Counting an attempt is one statement, queued per account in memory (src/server/domain/auth/attempt-counter.ts),
// so the burst never holds the pool's connections while it waits.
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../../src/server/db/embedded';
import { percentile } from '../support/hostile-import';
import { type HttpUser, signUpOverHttp } from '../support/http-user';
import { randomClientAddress } from '../support/test-app';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { waitUntil } from '../support/wait-until';
import { spawnServerProcess, stopWorkerProcess, type WorkerProcess } from '../support/worker-process';

const ATTEMPTS = 200;
const REST_MS = 1_500;
const BYSTANDER_EVERY_MS = 50;
const BYSTANDER_IN_FLIGHT = 4;

let database: TestDatabase;
let server: WorkerProcess;
let url: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const port = await findFreePort();
  url = `http://127.0.0.1:${port}`;
  server = spawnServerProcess('sign-in-burst', {
    DATABASE_URL: database.url,
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: url,
    AUTH_SECRET: 'test-secret-that-is-long-enough-for-better-auth',
    NODE_ENV: 'test',
    TRUST_PROXY: 'true',
    // One slot, for the confirmation mails.
    WORKER_CONCURRENCY: '1',
    // The request log is written synchronously to this test's pipe, which the test's own 200 fetches keep it
    // from draining: left at info, the burst would time the harness's pipe, not the server.
    LOG_LEVEL: 'warn',
  });
  // At warn the server prints no ready line: it is ready when it answers.
  await waitUntil(
    'the server answers /api/health',
    async () => (await fetch(`${url}/api/health`).catch(() => null))?.ok === true,
    { timeoutMs: 60_000, intervalMs: 200 },
  );
}, 90_000);
afterAll(async () => {
  if (server) await stopWorkerProcess(server, 5_000);
  await database?.drop();
});

/** One list-bundles, which must answer 200. */
async function listBundles(user: HttpUser): Promise<void> {
  const response = await user.call('list-bundles', {});
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`list-bundles answered ${response.status}`);
}

/**
 * A bystander's list-bundles on a clock, one every BYSTANDER_EVERY_MS until `until` settles, at most
 * BYSTANDER_IN_FLIGHT at once so that the bystander does not load the server itself. Each call's time counts
 * from when it was due, not from when it could be sent: a stall shows in every call it delays, not in one.
 */
async function timeBystander(user: HttpUser, until: Promise<unknown>): Promise<number[]> {
  let isRunning = true;
  void until.finally(() => {
    isRunning = false;
  });
  const times: number[] = [];
  const inFlight = new Set<Promise<void>>();
  const started = performance.now();
  for (let tick = 0; isRunning; tick++) {
    const due = started + tick * BYSTANDER_EVERY_MS;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
    while (inFlight.size >= BYSTANDER_IN_FLIGHT) await Promise.race(inFlight);
    const call: Promise<void> = listBundles(user).then(() => {
      times.push(performance.now() - due);
      inFlight.delete(call);
    });
    inFlight.add(call);
  }
  await Promise.all(inFlight);
  return times;
}

/**
 * The burst, sent from a thread of its own: creating 200 requests at once takes the sending event loop a while,
 * and on this test's loop it would delay the bystander's clock, timing the harness instead of the server.
 */
function burstFromThread(email: string): Promise<number[]> {
  const addresses = Array.from({ length: ATTEMPTS }, () => randomClientAddress());
  const worker = new Worker(
    `const { parentPort, workerData: { url, email, origin, addresses } } = require('node:worker_threads');
     Promise.all(addresses.map((address, i) =>
       fetch(url + '/api/auth/sign-in/email', {
         method: 'POST',
         headers: { 'content-type': 'application/json', origin, 'x-forwarded-for': address },
         body: JSON.stringify({ email, password: 'wrong guess ' + i }),
       }).then(async (response) => { await response.arrayBuffer(); return response.status; })
     )).then((statuses) => parentPort.postMessage(statuses));`,
    { eval: true, workerData: { url, email, origin: url, addresses } },
  );
  return new Promise((resolve, reject) => {
    worker.once('message', (statuses: number[]) => {
      void worker.terminate();
      resolve(statuses);
    });
    worker.once('error', reject);
  });
}

describe('a burst of sign-ins for one account', () => {
  // Two more tries: the bystander's median at rest is about 10 ms, so one pause of the shared machine during the
  // burst can pass 3× by itself. Each try signs up its own accounts; a server that holds the bystander up
  // fails all three (before the gate it was 90–180×).
  it('answers no 500, and a bystander is not held up', { retry: 2, timeout: 120_000 }, async () => {
    const target = await signUpOverHttp(url, { clientAddress: randomClientAddress() });
    const bystander = await signUpOverHttp(url, { clientAddress: randomClientAddress() });
    for (let i = 0; i < 5; i++) await listBundles(bystander);
    const atRest = await timeBystander(bystander, new Promise((resolve) => setTimeout(resolve, REST_MS)));

    const started = performance.now();
    const burstDone = burstFromThread(target.email);
    const [responses, duringBurst] = await Promise.all([burstDone, timeBystander(bystander, burstDone)]);
    const burstMs = performance.now() - started;

    const tally = new Map<number, number>();
    for (const status of responses) tally.set(status, (tally.get(status) ?? 0) + 1);
    const rest = percentile(atRest, 50);
    const burst = percentile(duringBurst, 50);
    console.log(
      `burst of ${ATTEMPTS} in ${burstMs.toFixed(0)} ms: ${[...tally].map(([s, n]) => `${n}×${s}`).join(', ')}; ` +
        `bystander list-bundles median ${rest.toFixed(1)} ms at rest (p95 ${percentile(atRest, 95).toFixed(1)}), ` +
        `${burst.toFixed(1)} ms during (p95 ${percentile(duringBurst, 95).toFixed(1)}, ${duringBurst.length} calls)`,
    );
    expect(responses.filter((s) => s >= 500)).toEqual([]);
    expect(duringBurst.length).toBeGreaterThanOrEqual(3);
    expect(burst).toBeLessThanOrEqual(3 * rest);
  });
});
