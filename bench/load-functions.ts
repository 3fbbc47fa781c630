// Load bench across the newer functions: 20 signed-up users, each with a Shopify store (the fake) and a
// webhook receiver on loopback, for a bounded time call a mix of webhooks (create, list, test), stores
// (connect, list, import, preview and push, view the push), Search Console data (import, view priorities),
// API keys (create, list) and bundles (new-bundle, view-bundle-workflow) over HTTP against a real server, as
// a person in the app or (half the users) an integration with an API key would. The app runs as under
// `npm start`: a worker in its process writes the runs (the built-in writer), pushes and delivers webhooks.
// The users and their stores run in a process of their own (support-load-functions-clients.ts), as they
// would on other machines. Each user first sets up (a webhook, a store, a key, a bundle and a store import,
// and waits for the import's copy), all at once; then the mix runs for the load's time. It prints each
// function's p50/p95 and error count for both phases (answers other than 2xx, with the expected 429s of a busy
// API key counted apart), and checks what the calls should have caused: webhook deliveries received, every
// push ended done, no product written twice. The p95 RESULT is the slowest function's under the mix.
// `npx tsx bench/load-functions.ts`; LOAD_FUNCTIONS_USERS (20, at most 50) and LOAD_FUNCTIONS_SECONDS (60, at
// most 300) change the size and the length of the load.
import { type ChildProcess, fork } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FunctionName } from '../src/common/contract/functions';
import { startWorker } from '../src/server/runner/start-worker';
import { TSX_LOADER } from '../tests/support/worker-process';
import { listenOnLoopback, signUpUser, withBenchApp } from './support';
import type {
  FromFunctionsClients,
  FunctionsResults,
  ToFunctionsClients,
} from './support-load-functions-clients';
import type { Call, FunctionsUser } from './support-load-functions-user';

const USERS = Math.min(50, Number(process.env.LOAD_FUNCTIONS_USERS ?? 20));
const LOAD_MS = Math.min(300, Number(process.env.LOAD_FUNCTIONS_SECONDS ?? 60)) * 1000;
const SEED = 20;
/** Every function of the mix must have been called, or the bench measured less than it says. */
const MIX: FunctionName[] = [
  'create-webhook',
  'list-webhooks',
  'test-webhook',
  'connect-store',
  'list-stores',
  'import-store',
  'preview-push',
  'push-to-store',
  'view-push',
  'import-search-data',
  'view-search-priorities',
  'create-api-key',
  'list-api-keys',
  'new-bundle',
  'view-bundle-workflow',
];
/** A person waits for a click to answer; a second is where they notice. */
const GOAL_P95_MS = 1_000;
const clientsEntry = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'support-load-functions-clients.ts',
);

const clients = startClients();
try {
  const world = await clients.listening;
  await withBenchApp(
    async ({ app, services, database }) => {
      const users: FunctionsUser[] = [];
      // Sign-up hashes a password (scrypt), so a few at a time, each from an address of its own.
      for (let start = 0; start < USERS; start += 5) {
        const batch = Array.from({ length: Math.min(5, USERS - start) }, (_, i) => start + i);
        const signedUp = await Promise.all(
          batch.map((index) => signUpUser(app, services, `10.61.${index >> 8}.${index & 255}`)),
        );
        for (const [i, { token }] of signedUp.entries()) users.push({ index: batch[i]!, token });
      }
      const server = await listenOnLoopback(app);
      // The worker `npm start` runs in the app's process: it writes the runs, pushes and sends webhooks.
      const worker = await startWorker({
        pool: database.pool,
        concurrency: services.queue.concurrency,
        taskList: services.queue.taskList,
      });
      try {
        const started = performance.now();
        clients.child.send({
          type: 'start',
          settings: { baseUrl: server.url, users, loadMs: LOAD_MS, seed: SEED },
        } satisfies ToFunctionsClients);
        const results = await clients.results;
        report(results, performance.now() - started);
      } finally {
        await worker.stop();
        await server.close();
      }
    },
    {
      env: {
        ALLOW_PRIVATE_STORE_HOSTS: world.stores.map((store) => store.hostPort).join(','),
        ALLOW_PRIVATE_WEBHOOK_HOSTS: world.receiver,
        WORKER_CONCURRENCY: '4',
      },
      // As `npm start` opens it (src/server/main/boot.ts).
      poolSize: 20,
    },
  );
} finally {
  if (clients.child.exitCode === null) clients.child.kill('SIGKILL');
}

function startClients(): {
  child: ChildProcess;
  listening: Promise<Extract<FromFunctionsClients, { type: 'listening' }>>;
  results: Promise<FunctionsResults>;
} {
  const child = fork(clientsEntry, [String(USERS)], { execArgv: ['--import', TSX_LOADER], stdio: 'inherit' });
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`The load clients exited early (code ${code})`))),
  );
  exited.catch(() => {});
  const next = <T extends FromFunctionsClients['type']>(type: T) =>
    Promise.race([
      new Promise<Extract<FromFunctionsClients, { type: T }>>((resolve) => {
        const onMessage = (message: FromFunctionsClients) => {
          if (message.type !== type) return;
          child.off('message', onMessage);
          resolve(message as Extract<FromFunctionsClients, { type: T }>);
        };
        child.on('message', onMessage);
      }),
      exited,
    ]);
  return {
    child,
    listening: next('listening'),
    results: next('results').then((message) => message.results),
  };
}

/** Each function's calls, p50, p95, max, errors and 429s, and all together; returns the slowest p95. */
function table(calls: Call[], errors: FunctionsResults['errors']): { name: string; p95: number } {
  console.log(
    `  ${'function'.padEnd(24)} ${'calls'.padStart(6)} ${'p50'.padStart(9)} ${'p95'.padStart(9)} ${'max'.padStart(9)} ${'errors'.padStart(7)} ${'429s'.padStart(5)}`,
  );
  const row = (label: string, of: Call[], errorCount: number) => {
    const times = of.filter((call) => call.status !== 429).map((call) => call.ms);
    const p95 = percentile(times, 0.95);
    console.log(
      `  ${label.padEnd(24)} ${String(of.length).padStart(6)} ${formatMs(percentile(times, 0.5))} ${formatMs(p95)} ${formatMs(Math.max(...times))} ${String(errorCount).padStart(7)} ${String(of.length - times.length).padStart(5)}`,
    );
    return p95;
  };
  let worst = { name: '', p95: 0 };
  for (const name of MIX) {
    const of = calls.filter((call) => call.name === name);
    if (of.length === 0) continue;
    const p95 = row(name, of, errors.filter((error) => error.name === name).length);
    if (p95 > worst.p95) worst = { name, p95 };
  }
  row('all', calls, errors.length);
  return worst;
}

function report(results: FunctionsResults, elapsedMs: number) {
  const byName = new Map<FunctionName, Call[]>();
  for (const call of results.calls) byName.set(call.name, [...(byName.get(call.name) ?? []), call]);
  const missing = MIX.filter((name) => !byName.get(name)?.some((call) => call.status === 200));
  if (results.calls.length === 0 || missing.length > 0) {
    for (const error of results.errors.slice(0, 20)) console.error(`  ${error.name}: ${error.what}`);
    throw new Error(
      `Nothing to measure for ${missing.join(', ') || 'any function'}: no call of it answered 200.`,
    );
  }
  const setUp = results.calls.filter((call) => call.phase === 'set-up');
  console.log(
    `load-functions: ${USERS} users, ${results.calls.length} calls answered in ${(elapsedMs / 1000).toFixed(0)} s`,
  );
  console.log(
    `set-up, all users at once: a webhook, a store, an API key, a bundle with its search data and a store import each, then view-bundle-workflow until the import's copy is written (${setUp.length} calls)`,
  );
  table(
    setUp,
    results.errors.filter((error) => error.phase === 'set-up'),
  );
  console.log(`load: ${LOAD_MS / 1000} s of the mix, each user pausing 250 to 750 ms between calls`);
  const worst = table(
    results.calls.filter((call) => call.phase === 'load'),
    results.errors.filter((error) => error.phase === 'load'),
  );
  const kinds = new Map<string, number>();
  for (const error of results.errors) {
    const kind = `${error.name} ${error.what}`;
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  }
  for (const [kind, count] of kinds) console.log(`  ${count} × ${kind}`);
  console.log(
    `what the calls caused: ${results.deliveries} webhook deliveries received; ${results.pushes.started} pushes, ${results.pushes.unfinished.length} not done${results.pushes.unfinished.length > 0 ? ` (${results.pushes.unfinished.slice(0, 5).join(', ')})` : ''}; ${results.productUpdates} productUpdates, ${results.productsWrittenTwice} products written more than once`,
  );
  // A push that did not end done, a product written twice or no webhook at all is the app failing too.
  const failures =
    results.errors.length +
    results.pushes.unfinished.length +
    results.productsWrittenTwice +
    (results.deliveries === 0 ? 1 : 0);
  const [oneMinute, fiveMinutes] = os.loadavg();
  const load = `load average ${oneMinute!.toFixed(1)}, ${fiveMinutes!.toFixed(1)} on ${os.availableParallelism()} cores`;
  // bench/run.ts reads a RESULT line only as it stands, so what goes beside it goes on the line before.
  console.log(`the slowest function at p95 under load: ${worst.name}; ${load}`);
  console.log(`RESULT load_functions_p95_ms ${worst.p95.toFixed(0)} (goal <= ${GOAL_P95_MS})`);
  console.log(`RESULT load_functions_errors ${failures} (goal <= 0)`);
}

/** Nearest-rank percentile. */
function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]!;
}

function formatMs(ms: number): string {
  return `${ms.toFixed(0).padStart(6)} ms`;
}
