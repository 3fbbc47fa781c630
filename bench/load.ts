// Load bench: 50 signed-in users, each with a 2,000-product bundle in the queue, watch their
// runs as the web client does: the first page and the rest behind it, then view-bundle-workflow every 5 s with
// since (the last cursor) and If-None-Match (the last ETag), and job-queue-event-loop
// every 30 s, over HTTP on loopback, for a bounded time. Generation runs as under `npm start`: a worker in the
// app's process against the fake provider. The provider and the users each run in a process of their own, as
// they would on other machines. It prints the polls' p50/p95/p99 latency, the error count, and generation
// throughput under load ÷ without (quiet phases before and after the load).
// `npx tsx bench/load.ts`; LOAD_USERS and LOAD_SECONDS change the size and the length of the load phase.
import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUNDLE_POLL_INTERVAL_MS, JOB_LOOP_INTERVAL_MS } from '../src/common/contract/constants';
import { startWorker } from '../src/server/runner/start-worker';
import { spawnFakeOpenAI } from '../tests/support/fake-openai';
import { TSX_LOADER } from '../tests/support/worker-process';
import { listenOnLoopback, signUpUser, syntheticProductList, withBenchApp } from './support';
import type { FromClients, LoadClientResults, LoadUser, Poll, ToClients } from './support-load-clients';

const USERS = Number(process.env.LOAD_USERS ?? 50);
const PRODUCTS_PER_USER = 2_000;
const LOAD_MS = Number(process.env.LOAD_SECONDS ?? 60) * 1000;
const QUIET_MS = 20_000;
const WARM_UP_MS = 10_000;
/** Short, so that a call ends within the phase; one loop runs at a time, the others get already_running. */
const JOB_LOOP_EXIT_AFTER_SECONDS = 2;
const GPT35_WORKFLOW = 1;
const API_KEY = 'sk-load-bench';
/** Bundles created at once: two cores, and each creation is mostly Postgres work. */
const CREATE_CONCURRENCY = 2;
// The goals: p95 under 10% of the poll interval, no errors, throughput kept to 90%.
const GOAL_P95_SHARE = 0.1;
const GOAL_THROUGHPUT_RATIO = 0.9;
const clientsEntry = path.join(path.dirname(fileURLToPath(import.meta.url)), 'support-load-clients.ts');

const fake = await spawnFakeOpenAI({
  apiKey: API_KEY,
  seed: 6,
  // As in bench/throughput: a chat completion of a few hundred tokens.
  behaviour: { latencyMs: { mean: 300, jitter: 100 } },
});
let clients: ChildProcess | undefined;
try {
  await withBenchApp(
    async ({ app, services, database }) => {
      const { pool } = database;
      const setupStarted = Date.now();
      const users: LoadUser[] = [];
      // Sign-up hashes a password (scrypt), so a few at a time, each from an address of its own.
      for (let start = 0; start < USERS; start += 5) {
        const batch = Array.from({ length: Math.min(5, USERS - start) }, (_, i) => start + i);
        const signedUp = await Promise.all(
          batch.map((index) => signUpUser(app, services, `10.60.${index >> 8}.${index & 255}`)),
        );
        for (const [i, { token }] of signedUp.entries()) users.push({ index: batch[i]!, token, bundleId: 0 });
      }
      const list = syntheticProductList(PRODUCTS_PER_USER);
      let next = 0;
      await Promise.all(
        Array.from({ length: CREATE_CONCURRENCY }, async () => {
          for (let user = users[next++]; user; user = users[next++]) {
            const response = await app.request('/functions/v1/new-bundle', {
              method: 'POST',
              headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
              body: JSON.stringify({
                bundle_name: `Load ${user.index}`,
                ...list,
                workflow_id: GPT35_WORKFLOW,
              }),
            });
            const created = (await response.json()) as { bundle_id: number };
            if (response.status !== 200) {
              throw new Error(`new-bundle failed: ${response.status} ${JSON.stringify(created)}`);
            }
            user.bundleId = created.bundle_id;
          }
        }),
      );
      console.log(
        `load: ${USERS} users signed up, ${(USERS * PRODUCTS_PER_USER).toLocaleString('en-US')} products queued in ${((Date.now() - setupStarted) / 1000).toFixed(0)} s`,
      );

      const server = await listenOnLoopback(app);
      // The worker `npm start` runs in the app's process. It takes more jobs at once than the provider cap
      // (8 calls in flight), so the cap, not the worker, bounds throughput, and the job loops' worker adds none.
      const worker = await startWorker({
        pool,
        concurrency: services.queue.concurrency,
        taskList: services.queue.taskList,
      });
      try {
        const countDone = async () => {
          const { rows } = await pool.query<{ done: number }>(
            `select count(*)::int as done from bundle_workflow_products where status = 'done'`,
          );
          return rows[0]!.done;
        };
        // The app's process serves and generates: how busy it is, and whether queries wait for a
        // connection, tell what a slow phase waited for.
        const phases: string[] = [];
        const measureThroughput = async (ms: number, phase: string) => {
          const before = await countDone();
          const cpuBefore = process.cpuUsage();
          const started = performance.now();
          const waiting: number[] = [];
          const sampler = setInterval(() => waiting.push(pool.waitingCount), 100);
          await sleep(ms);
          clearInterval(sampler);
          const elapsed = performance.now() - started;
          const cpu = process.cpuUsage(cpuBefore);
          const rate = ((await countDone()) - before) / (elapsed / 1000);
          phases.push(
            `  ${phase.padEnd(16)} ${rate.toFixed(1).padStart(5)} products/s over ${(elapsed / 1000).toFixed(0)} s; app process CPU ${(((cpu.user + cpu.system) / 1000 / elapsed) * 100).toFixed(0)}% of a core; queries waiting for a connection: mean ${(waiting.reduce((a, b) => a + b, 0) / Math.max(1, waiting.length)).toFixed(1)}, max ${Math.max(0, ...waiting)}`,
          );
          return rate;
        };

        // new-bundle leaves a big list's run rows and jobs to its prepare-run and queue-run-jobs jobs (issue
        // 15): the phases measure generation once every run is written and queued, as the inline import did.
        const preparedStarted = Date.now();
        for (;;) {
          const { rows } = await pool.query<{ pending: number }>(
            `select count(*)::int as pending from graphile_worker.jobs
             where task_identifier in ('prepare-run', 'queue-run-jobs')`,
          );
          if (rows[0]!.pending === 0) break;
          await sleep(500);
        }
        console.log(
          `load: runs prepared and queued by their jobs in ${((Date.now() - preparedStarted) / 1000).toFixed(0)} s`,
        );
        await sleep(WARM_UP_MS);
        const quietBefore = await measureThroughput(QUIET_MS, 'no load');

        const started = startClients();
        clients = started.child;
        clients.send({
          type: 'start',
          settings: {
            baseUrl: server.url,
            users,
            workflowId: GPT35_WORKFLOW,
            pollIntervalMs: BUNDLE_POLL_INTERVAL_MS,
            jobLoopIntervalMs: JOB_LOOP_INTERVAL_MS,
            jobLoopExitAfterSeconds: JOB_LOOP_EXIT_AFTER_SECONDS,
          },
        } satisfies ToClients);
        // Every page loads the whole run once, all within one poll interval; measuring starts one interval
        // after the last has loaded, when the users only poll.
        await started.loaded;
        await sleep(BUNDLE_POLL_INTERVAL_MS);
        clients.send({ type: 'measure' } satisfies ToClients);
        const underLoad = await measureThroughput(LOAD_MS, 'under load');
        clients.send({ type: 'stop' } satisfies ToClients);
        const results = await started.results;
        const quietAfter = await measureThroughput(QUIET_MS, 'no load (after)');
        report(results, { quietBefore, underLoad, quietAfter }, phases);
      } finally {
        await worker.stop();
        await server.close();
      }
    },
    {
      env: {
        OPENAI_API_KEY: API_KEY,
        OPENAI_BASE_URL: fake.url,
        WORKER_CONCURRENCY: '16',
        AI_MAX_CONCURRENCY: '8',
      },
      // As `npm start` opens it (src/server/main/boot.ts).
      poolSize: 20,
    },
  );
} finally {
  if (clients && clients.exitCode === null) clients.kill('SIGKILL');
  await fake.close();
}

function startClients(): {
  child: ChildProcess;
  loaded: Promise<void>;
  results: Promise<LoadClientResults>;
} {
  const child = fork(clientsEntry, [], { execArgv: ['--import', TSX_LOADER], stdio: 'inherit' });
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`The load clients exited early (code ${code})`))),
  );
  exited.catch(() => {});
  const next = (type: FromClients['type']) =>
    Promise.race([
      new Promise<FromClients>((resolve) => {
        const onMessage = (message: FromClients) => {
          if (message.type !== type) return;
          child.off('message', onMessage);
          resolve(message);
        };
        child.on('message', onMessage);
      }),
      exited,
    ]);
  return {
    child,
    loaded: next('loaded').then(() => {}),
    results: next('results').then((message) => (message as { results: LoadClientResults }).results),
  };
}

function report(
  { pageLoads, polls, errors, jobLoops }: LoadClientResults,
  rates: { quietBefore: number; underLoad: number; quietAfter: number },
  phases: string[],
) {
  const withoutLoad = (rates.quietBefore + rates.quietAfter) / 2;
  const throughputRatio = rates.underLoad / withoutLoad;
  const times = polls.map((p) => p.ms);
  const changed = polls.filter((p) => p.status === 200);
  const unchanged = polls.filter((p) => p.status === 304);
  const p95 = percentile(times, 0.95);
  const spread = (label: string, samples: Poll[]) => {
    const values = samples.map((p) => p.ms);
    return `  ${label} p50 ${formatMs(percentile(values, 0.5))}  p95 ${formatMs(percentile(values, 0.95))}  p99 ${formatMs(percentile(values, 0.99))}  max ${formatMs(Math.max(...values))}`;
  };
  console.log(
    `polls over ${LOAD_MS / 1000} s from ${USERS} users: ${polls.length}, ${changed.length} changed (200, the whole run, for the ${new Set(changed.map((p) => p.user)).size} users whose runs were moving; the queue runs in order) and ${unchanged.length} unchanged (304)`,
  );
  console.log(spread('all polls      ', polls));
  if (changed.length > 0) console.log(spread('changed (200)  ', changed));
  if (unchanged.length > 0) console.log(spread('unchanged (304)', unchanged));
  console.log(
    `page loads (the whole run, 50 × ${PRODUCTS_PER_USER.toLocaleString('en-US')} products within one poll interval, not in the figures above):`,
  );
  console.log(spread('page loads     ', pageLoads));
  console.log(
    `job-queue-event-loop: ${jobLoops.calls} calls, ${jobLoops.ran} ran a loop, ${jobLoops.alreadyRunning} got already_running`,
  );
  const errorKinds = new Map<string, number>();
  for (const error of errors) errorKinds.set(error, (errorKinds.get(error) ?? 0) + 1);
  console.log(`errors: ${errors.length}`);
  for (const [error, count] of errorKinds) console.log(`  ${count} × ${error}`);
  console.log('generation:');
  for (const phase of phases) console.log(phase);
  console.log(
    `  under load ÷ without: ${rates.underLoad.toFixed(1)} ÷ ${withoutLoad.toFixed(1)} products/s = ${throughputRatio.toFixed(3)}`,
  );
  console.log(`RESULT load_errors ${errors.length} (goal = 0)`);
  console.log(
    `RESULT load_throughput_ratio ${throughputRatio.toFixed(3)} (goal >= ${GOAL_THROUGHPUT_RATIO})`,
  );
  console.log(
    `RESULT load_poll_p95_share ${(p95 / BUNDLE_POLL_INTERVAL_MS).toFixed(4)} (goal <= ${GOAL_P95_SHARE})`,
  );
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}

/** Nearest-rank percentile. */
function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]!;
}

function formatMs(ms: number): string {
  return `${ms.toFixed(1).padStart(7)} ms`;
}
