// Hostile imports against a real server process: the files, and a measurement of one refusal —
// how long the 400 took, how slow /api/health was meanwhile, and how much the server's resident memory grew.
// No test-framework imports, so the bench (bench/hostile-import.ts) uses it too.
import { readFileSync } from 'node:fs';
import { errorBodySchema } from '../../src/common/contract/functions';
import { findFreePort } from '../../src/server/db/embedded';
import { signUpOverHttp } from './http-user';
import type { TestDatabase } from './test-database';
import { spawnServerProcess, stopWorkerProcess, type WorkerProcess } from './worker-process';

/** A Shopify export of `rows` products, one row each (about 16 bytes a row: 1,000,000 rows ≈ 17 MB). */
export function millionRowShopifyExport(rows = 1_000_000): string {
  const lines = ['Handle,Title,Variant SKU'];
  for (let i = 1; i <= rows; i++) lines.push(`h${i},T${i},`);
  return lines.join('\n');
}

/** One product followed by `rows` image-only rows of the same handle. */
export function imageRowsShopifyExport(rows = 50_000): string {
  const lines = [
    'Handle,Title,Body (HTML),Image Src,Image Position',
    'chair,Oak chair,<p>Oak.</p>,https://cdn.example.com/0.jpg,1',
  ];
  for (let i = 1; i <= rows; i++) lines.push(`chair,,,https://cdn.example.com/${i}.jpg,${i + 1}`);
  return lines.join('\n');
}

/** A pasted list that is one line of `bytes` characters. */
export const singleLineList = (bytes = 20 * 1024 * 1024) => 'x'.repeat(bytes);

export type HostileServer = {
  url: string;
  pid: number;
  token: string;
  process: WorkerProcess;
  stop: () => Promise<void>;
};

export async function startHostileServer(database: Pick<TestDatabase, 'url'>): Promise<HostileServer> {
  const port = await findFreePort();
  const url = `http://127.0.0.1:${port}`;
  const server = spawnServerProcess('hostile-import', {
    DATABASE_URL: database.url,
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: url,
    AUTH_SECRET: 'test-secret-that-is-long-enough-for-better-auth',
    NODE_ENV: 'test',
    // One slot, for the confirmation mail; no AI jobs run here.
    WORKER_CONCURRENCY: '1',
  });
  await server.ready;
  const user = await signUpOverHttp(url);
  return {
    url,
    pid: server.child.pid!,
    token: user.token,
    process: server,
    stop: async () => {
      await stopWorkerProcess(server, 5_000);
    },
  };
}

/** Resident memory of a process, in MB (Linux /proc). */
export function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

export type Refusal = {
  status: number;
  message: string;
  /** From the first byte sent to the answer. */
  elapsedMs: number;
  /** Every /api/health answer time while the request ran and for half a second after. */
  healthMs: number[];
  rssGrowthMb: number;
};

const HEALTH_EVERY_MS = 50;
const AFTER_MS = 500;

/** Posts new-bundle with `body` while /api/health is asked every 50 ms, and the server's RSS is sampled. */
export function measureNewBundle(server: HostileServer, body: object): Promise<Refusal> {
  return measureFunction(server, 'new-bundle', { bundle_name: 'Hostile', ...body });
}

/** Posts the function `name` with `body`, measured as measureNewBundle measures. */
export async function measureFunction(server: HostileServer, name: string, body: object): Promise<Refusal> {
  const json = JSON.stringify(body);
  const rssBefore = residentMb(server.pid);
  let rssPeak = rssBefore;
  const healthMs: number[] = [];
  let polling = true;
  const poll = (async () => {
    while (polling) {
      const started = performance.now();
      await askHealth(server.url);
      healthMs.push(performance.now() - started);
      rssPeak = Math.max(rssPeak, residentMb(server.pid));
      await new Promise((resolve) => setTimeout(resolve, HEALTH_EVERY_MS));
    }
  })();
  const started = performance.now();
  const response = await fetch(`${server.url}/functions/v1/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${server.token}` },
    body: json,
  });
  const text = await response.text();
  const elapsedMs = performance.now() - started;
  await new Promise((resolve) => setTimeout(resolve, AFTER_MS));
  polling = false;
  await poll;
  rssPeak = Math.max(rssPeak, residentMb(server.pid));
  let message = text;
  try {
    const answer = errorBodySchema.safeParse(JSON.parse(text));
    message = (answer.success ? answer.data.error.message : undefined) ?? text;
  } catch {
    // Not JSON: the text is the message.
  }
  return { status: response.status, message, elapsedMs, healthMs, rssGrowthMb: rssPeak - rssBefore };
}

/**
 * /api/health, asked again once if the connection fails: the first poll after a big file was built may take a
 * kept-alive socket the server has just closed for idling ("other side closed"), which is no stall. The time
 * of both attempts counts.
 */
async function askHealth(url: string): Promise<void> {
  try {
    await (await fetch(`${url}/api/health`)).arrayBuffer();
  } catch {
    await (await fetch(`${url}/api/health`)).arrayBuffer();
  }
}

/** The pth percentile of a list of numbers (nearest rank). */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return (
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN
  );
}
