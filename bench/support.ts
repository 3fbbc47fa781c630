// Shared set-up for benches that need the whole app: a database of their own (an embedded PostgreSQL server in
// a temporary folder, or a fresh database on TEST_DATABASE_URL), migrated and seeded as at boot, the app
// wired as in production with no in-process worker, and a signed-in user. Everything is removed afterwards,
// also when the bench throws or is interrupted.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import Papa from 'papaparse';
import type pg from 'pg';
import type { FunctionName } from '../src/common/contract/functions';
import { connectDatabase, type DatabaseHandle } from '../src/server/db/client';
import { startEmbeddedPostgres } from '../src/server/db/embedded';
import { deliverQueuedMail } from '../src/server/domain/auth/send-mail-task';
import { createApp } from '../src/server/main/app';
import { buildServices } from '../src/server/main/boot';
import { loadConfig } from '../src/server/main/config';
import { prepareDatabase } from '../src/server/main/prepare-database';
import type { Services } from '../src/server/main/services';
import { adminQuery, withDatabase } from '../tests/support/global-setup';

export type BenchApp = {
  app: ReturnType<typeof createApp>;
  services: Services;
  /** Session token of a signed-up, verified user. */
  token: string;
  database: DatabaseHandle;
  /** POST /functions/v1/{name} as the bench user, in process (no socket). */
  call: (name: FunctionName, body: unknown, headers?: Record<string, string>) => Promise<Response>;
};

export type BenchOptions = {
  /** Extra configuration, as environment variables (e.g. OPENAI_API_KEY). */
  env?: Record<string, string>;
  /** Set-up progress; silent by default so a bench prints only its results. */
  log?: (message: string) => void;
  /** Connections in the app's pool; 10 as in the tests, 20 as `npm start` has. */
  poolSize?: number;
};

type Cleanup = () => Promise<void>;

/** What a bench has to undo, run newest first and once, also when it throws or is interrupted. */
export type CleanupStack = {
  push(cleanup: Cleanup): void;
  /** Runs the clean-ups; a second call (Ctrl-C during the first) waits for the same run. */
  run(): Promise<void>;
};

/**
 * Newest first, so a pool closes before its server stops and the server stops before its folder goes. Ctrl-C
 * or SIGTERM mid-bench runs them before exiting: nothing (a database server, a browser, a folder) is left behind.
 */
export function createCleanupStack(): CleanupStack {
  const cleanups: Cleanup[] = [];
  let cleaning: Promise<void> | undefined;
  function run(): Promise<void> {
    cleaning ??= (async () => {
      for (let cleanup = cleanups.pop(); cleanup; cleanup = cleanups.pop()) {
        await cleanup().catch((error: unknown) => console.error(`bench clean-up failed: ${String(error)}`));
      }
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    })();
    return cleaning;
  }
  function onSignal(signal: NodeJS.Signals): void {
    void run().then(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  }
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  return { push: (cleanup) => void cleanups.push(cleanup), run };
}

export async function withBenchApp<T>(
  run: (bench: BenchApp) => Promise<T>,
  { env = {}, log = () => {}, poolSize = 10 }: BenchOptions = {},
): Promise<T> {
  const cleanups = createCleanupStack();
  try {
    const { database, dataDir } = await openBenchDatabase(cleanups, log, poolSize);
    const config = loadConfig({
      // As in the tests: mail goes to the dev outbox (so sign-up can be confirmed) and no worker runs in
      // process; a bench that wants one starts it itself.
      NODE_ENV: 'test',
      AUTH_SECRET: randomBytes(32).toString('base64url'),
      APP_URL: 'http://localhost:3000',
      DATA_DIR: dataDir,
      WORKER_CONCURRENCY: '0',
      ...env,
    });
    const services = buildServices(config, database);
    const app = createApp(services);
    const { token } = await signUpUser(app, services, '10.0.0.1');
    const call: BenchApp['call'] = async (name, body, headers = {}) =>
      app.request(`/functions/v1/${name}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...headers },
        body: JSON.stringify(body),
      });
    return await run({ app, services, token, database, call });
  } finally {
    await cleanups.run();
  }
}

async function openBenchDatabase(
  cleanups: CleanupStack,
  log: (message: string) => void,
  poolSize: number,
): Promise<{ database: DatabaseHandle; dataDir: string }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'copyloom-bench-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  let url: string;
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `copyloom_bench_${randomBytes(5).toString('hex')}`;
    await adminQuery(serverUrl, `create database "${name}"`);
    cleanups.push(() => adminQuery(serverUrl, `drop database if exists "${name}" with (force)`));
    url = withDatabase(serverUrl, name);
    log(`Using database ${name} on TEST_DATABASE_URL`);
  } else {
    const embedded = await startEmbeddedPostgres(dataDir);
    cleanups.push(embedded.stop);
    url = embedded.url;
    log(`Started an embedded PostgreSQL server in ${dataDir}`);
  }
  const database = connectDatabase(url, poolSize);
  cleanups.push(database.close);
  await prepareDatabase(database.pool, database.db);
  return { database, dataDir };
}

/**
 * Signs up through the auth routes, confirms the address with the mailed link and signs in. Requests made in
 * process have no socket, so the auth rate limits key on `address` (X-Forwarded-For): give each user its own.
 */
export async function signUpUser(
  app: BenchApp['app'],
  services: Services,
  address: string,
): Promise<{ email: string; token: string }> {
  const email = `bench-${randomBytes(4).toString('hex')}@example.com`;
  const password = 'correct horse battery staple';
  const headers = {
    'content-type': 'application/json',
    origin: services.config.APP_URL,
    'x-forwarded-for': address,
  };
  const post = (route: string, body: unknown) =>
    app.request(`/api/auth${route}`, { method: 'POST', headers, body: JSON.stringify(body) });

  const signUp = await post('/sign-up/email', { email, password, name: 'Bench' });
  if (!signUp.ok) throw new Error(`Bench sign-up failed: ${signUp.status} ${await signUp.text()}`);
  await deliverQueuedMail(services.queue.pool, services.mailer);
  const link = services.outbox
    ?.list()
    .find((entry) => entry.to === email)
    ?.links.find((l) => l.includes('/verify-email'));
  if (!link) throw new Error(`No confirmation mail for ${email} in the dev outbox`);
  const confirmUrl = new URL(link);
  const confirmed = await app.request(`${confirmUrl.pathname}${confirmUrl.search}`, { headers });
  if (confirmed.status >= 400) throw new Error(`Bench confirmation failed: ${confirmed.status}`);
  const signIn = await post('/sign-in/email', { email, password });
  const token = signIn.headers.get('set-auth-token');
  if (!signIn.ok || !token) throw new Error(`Bench sign-in failed: ${signIn.status} ${await signIn.text()}`);
  return { email, token };
}

/** Serves the app on a free loopback port, for benches that measure what a browser would receive. */
export async function listenOnLoopback(
  app: BenchApp['app'],
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = await new Promise<Server>((resolve) => {
    const started = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () =>
      resolve(started as Server),
    );
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const KINDS = ['Canvas Tote', 'Wool Beanie', 'Linen Shirt', 'Leather Belt', 'Cotton Hoodie', 'Denim Jacket'];
const BRANDS = ['Northwind', 'Fjord Supply', 'Harbour Goods', 'Alder & Pine'];
const COLOURS = ['Black', 'Navy', 'Olive', 'Burgundy', 'Charcoal', 'Teal', 'Cream'];

/**
 * A store-like product list of `count` rows in the SPEC columns, as new-bundle takes it: two image URLs, a
 * colour, dimensions and a sentence or two of description per product.
 */
export function syntheticProductList(count: number): { columns: string[]; raw_csv: string } {
  const rows = Array.from({ length: count }, (_, i) => {
    const kind = KINDS[i % KINDS.length]!;
    const n = i + 1;
    return [
      `${kind} Edition ${n}`,
      BRANDS[i % BRANDS.length]!,
      `https://shop.example.com/products/${kind.toLowerCase().replace(/\s+/g, '-')}-${n}`,
      `https://cdn.example.com/p/${n}-front.jpg|https://cdn.example.com/p/${n}-back.jpg`,
      COLOURS[i % COLOURS.length]!,
      `${30 + (i % 20)} x ${20 + (i % 15)} cm`,
      `A hard-wearing ${kind.toLowerCase()} for everyday use, cut from durable fabric and finished by hand. ` +
        'Machine washable and made to last for years.',
    ];
  });
  return {
    columns: ['title', 'brand', 'url', 'image_urls', 'colour', 'dimensions', 'description'],
    raw_csv: Papa.unparse(rows),
  };
}

/** Until no product of the run is queued or running (five minutes at most). */
export async function waitForRunSettled(pool: pg.Pool, bundleWorkflowId: number): Promise<void> {
  const deadline = Date.now() + 5 * 60_000;
  for (;;) {
    const { rows } = await pool.query<{ open: number }>(
      `select count(*) filter (where status not in ('done', 'failed'))::int as open
       from bundle_workflow_products where bundle_workflow_id = $1`,
      [bundleWorkflowId],
    );
    if (rows[0]!.open === 0) return;
    if (Date.now() > deadline) throw new Error(`Run ${bundleWorkflowId} did not settle`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
