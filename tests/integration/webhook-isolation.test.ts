// A user's silent webhook receivers stall nobody else (docs/decisions/020): deliveries run in a pool of
// their own, one at a time per endpoint and at most WEBHOOK_DELIVERIES_PER_USER at once per user, and
// test-webhook is capped per user. The receiver is a local HTTP server that takes every request and never
// answers, so each attempt waits for its whole deadline.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { WEBHOOK_LIMITS } from '../../src/common/contract/functions/webhooks';
import { WEBHOOK_DELIVERIES_PER_USER, webhookQueueName } from '../../src/server/leaves/queue/webhook-jobs';
import { emitWebhookEvent } from '../../src/server/leaves/webhook-events/emit';
import { type RunningWorker, startWorker } from '../../src/server/runner/start-worker';
import { countSettled, describeQueue } from '../support/run-state';
import { callFunction, createTestUser, setupTestApp, type TestUser } from '../support/test-app';
import { waitUntil } from '../support/wait-until';

const BUILT_IN_WRITER = 4;
const ENDPOINTS = 15;

type HangingReceiver = {
  hostPort: string;
  /** Requests open now, in all. */
  open: () => number;
  /** The most requests open at once, in all and per path. */
  maxOpen: () => number;
  maxOpenPerPath: () => Map<string, number>;
  total: () => number;
  close: () => Promise<void>;
};

/** Takes every request and never answers: a delivery to it holds its slot until its attempt's deadline. */
async function startHangingReceiver(): Promise<HangingReceiver> {
  const openPerPath = new Map<string, number>();
  const maxPerPath = new Map<string, number>();
  let open = 0;
  let maxOpen = 0;
  let total = 0;
  const server: Server = createServer((request, response) => {
    const path = request.url ?? '/';
    total++;
    open++;
    maxOpen = Math.max(maxOpen, open);
    const now = (openPerPath.get(path) ?? 0) + 1;
    openPerPath.set(path, now);
    maxPerPath.set(path, Math.max(maxPerPath.get(path) ?? 0, now));
    request.resume();
    // The client giving up (its attempt's deadline) closes the socket, and with it this response.
    response.on('close', () => {
      open--;
      openPerPath.set(path, (openPerPath.get(path) ?? 1) - 1);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    hostPort: `127.0.0.1:${port}`,
    open: () => open,
    maxOpen: () => maxOpen,
    maxOpenPerPath: () => new Map(maxPerPath),
    total: () => total,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

let hanging: HangingReceiver;
// Before the app: its config names the receiver's address.
beforeAll(async () => {
  hanging = await startHangingReceiver();
});
const t = setupTestApp({
  env: () => ({
    ALLOW_PRIVATE_WEBHOOK_HOSTS: hanging.hostPort,
    WEBHOOK_RETRY_DELAYS_SECONDS: '1',
    // More webhook slots than one user's 15 endpoints: only the named queues keep one user at its share and
    // each endpoint at one delivery; without them, the receiver would see many at once.
    WEBHOOK_WORKER_CONCURRENCY: '16',
  }),
});
let worker: RunningWorker | undefined;
let other: TestUser;
beforeAll(async () => {
  other = await createTestUser(t.app);
  const queue = t.app.services.queue;
  worker = await startWorker({ ...queue, concurrency: 4, heartbeatMs: 1_000 });
}, 30_000);
afterAll(async () => {
  // Closing the receiver first ends the hanging attempts, so the worker stops without waiting them out.
  await hanging?.close();
  await worker?.stop();
});

/** An 8-product run of the built-in writer for `user`; answers how long it took to settle, in ms. */
async function timedRun(user: TestUser, name: string): Promise<number> {
  const pool = t.app.database.pool;
  const started = Date.now();
  const rows = Array.from({ length: 8 }, (_, i) => `${name} product ${i + 1},Hemma`).join('\n');
  const created = await callFunction(
    t.app,
    'new-bundle',
    { bundle_name: name, columns: ['title', 'brand'], raw_csv: rows, workflow_id: BUILT_IN_WRITER },
    user.token,
  );
  expect(created.status).toBe(200);
  const runId = created.data.bundle_workflow_id;
  await waitUntil('the run is settled', async () => (await countSettled(pool, runId)).settled === 8, {
    timeoutMs: 120_000,
    intervalMs: 50,
    describe: () => describeQueue(pool, runId),
  });
  expect((await countSettled(pool, runId)).done).toBe(8);
  return Date.now() - started;
}

const queueRow = z.object({ delivery_id: z.coerce.number(), queue_name: z.string().nullable() });

describe('webhook isolation', () => {
  it('15 silent receivers of one user leave another user’s 8-product run within 3× its time at rest, one delivery per endpoint at a time', async () => {
    const hostile = await createTestUser(t.app);
    await timedRun(other, 'Warm-up');
    const restMs = await timedRun(other, 'At rest');

    const endpoints: number[] = [];
    for (let i = 0; i < ENDPOINTS; i++) {
      const created = await callFunction(
        t.app,
        'create-webhook',
        { url: `http://${hanging.hostPort}/hook-${i}`, events: ['run.completed'] },
        hostile.token,
      );
      expect(created.status).toBe(200);
      endpoints.push(created.data.webhook.id);
    }
    // Two events to every endpoint, and as many tests as the cap allows: 40 deliveries, 2 or 3 an endpoint.
    for (const key of ['first', 'second']) {
      const queued = await emitWebhookEvent(t.app.database.db, hostile.userId, 'run.completed', {}, key);
      expect(queued).toBe(ENDPOINTS);
    }
    for (const id of endpoints.slice(0, WEBHOOK_LIMITS.testsPerMinute)) {
      const tested = await callFunction(t.app, 'test-webhook', { webhook_id: id }, hostile.token);
      expect(tested.status).toBe(200);
    }
    await waitUntil('the receivers hold deliveries', () => hanging.open() >= WEBHOOK_DELIVERIES_PER_USER);

    const loadedMs = await timedRun(other, 'Beside silent receivers');
    console.log(
      `8-product run: ${restMs} ms at rest, ${loadedMs} ms beside ${ENDPOINTS} silent receivers (${hanging.total()} requests so far)`,
    );
    expect(loadedMs).toBeLessThanOrEqual(3 * restMs);
    // The receivers were still hanging throughout, and never held more than the user's share.
    expect(hanging.open()).toBeGreaterThan(0);
    expect(hanging.maxOpen()).toBe(WEBHOOK_DELIVERIES_PER_USER);
    for (const [path, most] of hanging.maxOpenPerPath()) expect({ path, most }).toEqual({ path, most: 1 });

    // The first attempts run out (10 s) and their retries are queued: every delivery job, first or retry, is
    // in its endpoint's queue.
    await waitUntil(
      'a retry is queued',
      async () => {
        const { rows } = await t.app.database.pool.query(
          'select count(*)::int as n from webhook_attempts a join webhook_deliveries d on d.id = a.delivery_id where d.endpoint_id = any($1::int[])',
          [endpoints],
        );
        return z.object({ n: z.number() }).parse(rows[0]).n > 0;
      },
      { timeoutMs: 30_000, intervalMs: 200 },
    );
    const { rows } = await t.app.database.db.execute(sql`
      select (j.payload->>'deliveryId')::int as delivery_id, q.queue_name
      from graphile_worker._private_jobs j
      join graphile_worker._private_tasks k on k.id = j.task_id
      left join graphile_worker._private_job_queues q on q.id = j.job_queue_id
      where k.identifier = 'deliver-webhook'`);
    const jobs = z.array(queueRow).parse(rows);
    expect(jobs.length).toBeGreaterThan(0);
    const { rows: deliveries } = await t.app.database.pool.query(
      'select id, endpoint_id from webhook_deliveries where endpoint_id = any($1::int[])',
      [endpoints],
    );
    const endpointOf = new Map(
      z
        .array(z.object({ id: z.number(), endpoint_id: z.number() }))
        .parse(deliveries)
        .map((d) => [d.id, d.endpoint_id]),
    );
    for (const job of jobs) {
      const endpointId = endpointOf.get(job.delivery_id);
      expect(endpointId).toBeDefined();
      expect(job.queue_name).toBe(webhookQueueName(hostile.userId, endpointId!));
    }
  }, 180_000);

  it('the 11th test-webhook of a user in a minute is 429 rate_limited with Retry-After; another user is not held back', async () => {
    const user = await createTestUser(t.app);
    const created = await callFunction(
      t.app,
      'create-webhook',
      { url: `http://${hanging.hostPort}/limited`, events: ['run.completed'] },
      user.token,
    );
    expect(created.status).toBe(200);
    const webhookId = created.data.webhook.id;
    for (let i = 0; i < WEBHOOK_LIMITS.testsPerMinute; i++) {
      const tested = await callFunction(t.app, 'test-webhook', { webhook_id: webhookId }, user.token);
      expect(tested.status).toBe(200);
    }
    const refused = await callFunction(t.app, 'test-webhook', { webhook_id: webhookId }, user.token);
    expect(refused.status).toBe(429);
    expect(refused.error?.type).toBe('rate_limited');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // The refused call queued nothing.
    const { rows } = await t.app.database.pool.query(
      'select count(*)::int as n from webhook_deliveries where endpoint_id = $1',
      [webhookId],
    );
    expect(z.object({ n: z.number() }).parse(rows[0]).n).toBe(WEBHOOK_LIMITS.testsPerMinute);

    // Another user's tests, made all at once: exactly the cap gets through.
    const second = await createTestUser(t.app);
    const theirs = await callFunction(
      t.app,
      'create-webhook',
      { url: `http://${hanging.hostPort}/theirs`, events: ['run.completed'] },
      second.token,
    );
    const statuses = await Promise.all(
      Array.from({ length: 15 }, () =>
        callFunction(t.app, 'test-webhook', { webhook_id: theirs.data.webhook.id }, second.token).then(
          (answer) => answer.status,
        ),
      ),
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(WEBHOOK_LIMITS.testsPerMinute);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15 - WEBHOOK_LIMITS.testsPerMinute);
  }, 60_000);
});
