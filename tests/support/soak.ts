// The soak: one run on several real worker processes, against a provider that
// fails a share of calls (mixed 500, 429 and broken JSON), while a random worker is killed with SIGKILL and
// started again. Afterwards the run's integrity is checked: every product done, or failed with a reason; none
// done twice; the run's totals equal to its logs; nothing stuck in the queue. `bench/soak.ts` runs it at
// 10,000 products and `tests/integration/soak.test.ts` at 500 with one kill, so it must also run outside
// vitest: nothing here may need the test runner.
import Papa from 'papaparse';
import type pg from 'pg';
import type { FunctionName, FunctionRequest } from '../../src/common/contract/functions';
import { costOf } from '../../src/server/leaves/ai/pricing';
import { answerOf } from './answers';
import { type FakeOpenAI, type Latency, seededRandom, startFakeOpenAI } from './fake-openai';
import { countSettled, describeQueue, readAiLogs, sumAiLogs } from './run-state';
import { syntheticProduct } from './synthetic-products';
import { waitUntil } from './wait-until';
import { spawnWorkerProcess, stopWorkerProcess, type WorkerProcess } from './worker-process';

const GPT35_WORKFLOW = 1;
const GPT35_MODEL = 'gpt-3.5-turbo';
/** The app that creates the run must have a key too, or it refuses an AI workflow; only workers use it. */
export const SOAK_API_KEY = 'sk-soak-key';
/** How often the soak looks at the run's progress and decides on a kill. */
const TICK_MS = 250;

export type SoakApp = {
  /** POST /functions/v1/{name} as the signed-in owner of the run. */
  call: <N extends FunctionName>(name: N, body: FunctionRequest<N>) => Promise<Response>;
  pool: pg.Pool;
  /** What the worker processes get as DATABASE_URL. */
  databaseUrl: string;
};

export type SoakOptions = {
  products: number;
  workers: number;
  /** WORKER_CONCURRENCY of each worker process. */
  workerConcurrency: number;
  /** WORKER_DEAD_AFTER_SECONDS: how long a killed worker's jobs stay locked before the others take them. */
  deadAfterSeconds: number;
  kills: {
    everyMs: number;
    /** No more kills than this. */
    max?: number;
    /** Hold the first kill until this many products are done, so that it lands mid-run. */
    notBeforeDone?: number;
  };
  /** Share of chat calls the provider fails, split evenly between 500, 429 and broken JSON. */
  failureRate: number;
  latency: Latency;
  /** Seeds the provider's failures and latencies and the choice of whom to kill. */
  seed: number;
  /** The run must settle within this, or the soak fails with where things stand. */
  timeoutMs: number;
  log?: (line: string) => void;
};

export type SoakCheck = { name: string; pass: boolean; detail: string };

export type SoakReport = {
  products: number;
  done: number;
  failed: number;
  kills: number;
  /** Products started again on a later attempt: the kills (and retried failures) hit work in flight. */
  rerunProducts: number;
  /** Provider calls retried after a failure, as logged. */
  retriedCalls: number;
  provider: FakeOpenAI['counters'];
  aiLogs: number;
  cost: number;
  minutes: number;
  checks: SoakCheck[];
  ok: boolean;
};

/** The soak's catalogue: synthetic products (none a variant of another), each with a colour and two images. */
export function soakCatalogue(count: number): { columns: string[]; raw_csv: string } {
  const colours = ['Black', 'Navy', 'Olive', 'Burgundy', 'Charcoal', 'Teal'];
  const rows = Array.from({ length: count }, (_, i) => {
    const { title, brand } = syntheticProduct(i);
    return [
      title,
      brand,
      colours[i % colours.length]!,
      `https://cdn.example.com/p/${i + 1}-front.jpg|https://cdn.example.com/p/${i + 1}-back.jpg`,
    ];
  });
  return { columns: ['title', 'brand', 'colour', 'image_urls'], raw_csv: Papa.unparse(rows) };
}

export async function runSoak(app: SoakApp, options: SoakOptions): Promise<SoakReport> {
  const log = options.log ?? (() => {});
  const random = seededRandom(options.seed);
  const share = options.failureRate / 3;
  const fake = await startFakeOpenAI({
    apiKey: SOAK_API_KEY,
    seed: options.seed,
    // A 10,000-product soak makes some 11,000 calls; their bodies are not needed.
    recordRequests: false,
    behaviour: {
      latencyMs: options.latency,
      // A 429 advises a short wait, as OpenAI's per-second quantised limits do.
      retryAfterMs: 500,
      failureRates: { server_error: share, rate_limit: share, broken_json: share },
    },
  });
  const env = {
    DATABASE_URL: app.databaseUrl,
    OPENAI_API_KEY: SOAK_API_KEY,
    OPENAI_BASE_URL: fake.url,
    WORKER_CONCURRENCY: String(options.workerConcurrency),
    WORKER_DEAD_AFTER_SECONDS: String(options.deadAfterSeconds),
    NODE_ENV: 'test',
  };
  const workers: WorkerProcess[] = [];
  let spawned = 0;
  const startWorker = () => {
    spawned += 1;
    return spawnWorkerProcess(`worker ${spawned}`, env);
  };

  try {
    for (let i = 0; i < options.workers; i++) workers.push(startWorker());
    await Promise.all(workers.map((worker) => worker.ready));
    log(`soak: ${options.workers} worker processes running; creating ${options.products} products`);

    const startedAt = Date.now();
    const response = await app.call('new-bundle', {
      bundle_name: 'Soak',
      ...soakCatalogue(options.products),
      custom_fields: {
        keywords: 'everyday wear',
        url_template: '/shop/{{keywords}}',
        business_type: 'clothing shop',
        tone_of_voice: 'warm',
      },
      workflow_id: GPT35_WORKFLOW,
    });
    // Throws, with the status and body, unless new-bundle answered 200 with what the contract says.
    const created = await answerOf('new-bundle', response);
    const runId = created.bundle_workflow_id;

    let kills = 0;
    let lastKillAt = Date.now();
    let lastReportAt = Date.now();
    const deadline = Date.now() + options.timeoutMs;
    for (;;) {
      const { done, settled } = await countSettled(app.pool, runId);
      if (settled === options.products) break;
      if (Date.now() > deadline) {
        throw new Error(
          `The run did not settle in ${options.timeoutMs / 1000} s: ${await describeQueue(app.pool, runId)}`,
        );
      }
      const isKillDue =
        kills < (options.kills.max ?? Number.POSITIVE_INFINITY) &&
        Date.now() - lastKillAt >= options.kills.everyMs &&
        done >= (options.kills.notBeforeDone ?? 0);
      if (isKillDue) {
        const index = Math.floor(random() * workers.length);
        const victim = workers[index]!;
        victim.child.kill('SIGKILL');
        const exit = await victim.exited;
        if (exit.signal !== 'SIGKILL') {
          throw new Error(
            `${victim.name} was not killed by SIGKILL: ${JSON.stringify(exit)}\n${victim.output.join('')}`,
          );
        }
        kills += 1;
        lastKillAt = Date.now();
        // Started again at once, as a supervisor would; the dead one's jobs wait for its heartbeat to lapse.
        workers[index] = startWorker();
        log(`soak: killed ${victim.name} with SIGKILL at ${done} done; started ${workers[index]!.name}`);
      }
      if (Date.now() - lastReportAt >= 15_000) {
        lastReportAt = Date.now();
        log(
          `soak: ${settled} of ${options.products} settled after ${((Date.now() - startedAt) / 1000).toFixed(0)} s`,
        );
      }
      await sleep(TICK_MS);
    }
    const minutes = (Date.now() - startedAt) / 60_000;

    // Jobs of a product already settled can still be queued (a dead worker's, released after the heartbeat
    // lapses); the survivors run them, find the product done and finish. Wait for that before stopping.
    await waitForQueueToDrain(app.pool, (options.deadAfterSeconds + 15) * 1000);
    // A worker started after the last kill may still be booting, before it handles SIGTERM.
    await Promise.allSettled(workers.map((worker) => worker.ready));
    const exits = await Promise.all(workers.map((worker) => stopWorkerProcess(worker)));
    const badExits = exits.filter((exit) => exit.code !== 0);

    const report = await checkIntegrity(app, fake, created.bundle_id, runId, options.products);
    report.checks.push({
      name: 'workers stop cleanly',
      pass: badExits.length === 0,
      detail: `${exits.length} stopped with SIGTERM; ${badExits.length} exited otherwise`,
    });
    return { ...report, kills, minutes, ok: report.checks.every((check) => check.pass) };
  } finally {
    await Promise.all(workers.map((worker) => stopWorkerProcess(worker, 5_000)));
    await fake.close();
  }
}

async function checkIntegrity(
  app: SoakApp,
  fake: FakeOpenAI,
  bundleId: number,
  runId: number,
  productCount: number,
): Promise<Omit<SoakReport, 'kills' | 'minutes' | 'ok'>> {
  const { pool } = app;
  const checks: SoakCheck[] = [];

  const { rows: products } = await pool.query<{
    id: number;
    status: string;
    error: string | null;
    saved: number;
    failed_logs: number;
    started_late: number;
  }>(
    `select p.id, p.status, p.error,
            count(*) filter (where l.event = 'Copy saved')::int as saved,
            count(*) filter (where l.event = 'Generation failed')::int as failed_logs,
            count(*) filter (where l.event = 'Generation started'
                             and (l.details->'additional'->>'attempt')::int > 1)::int as started_late
     from bundle_workflow_products p
     left join logs l on l.bundle_workflow_id = p.bundle_workflow_id and l.product_id = p.product_id
       and l.type = 'general'
     where p.bundle_workflow_id = $1
     group by p.id`,
    [runId],
  );
  const done = products.filter((p) => p.status === 'done');
  const failed = products.filter((p) => p.status === 'failed');
  const unsettled = products.filter((p) => p.status !== 'done' && p.status !== 'failed');
  const failedWithoutReason = failed.filter((p) => !p.error?.trim());
  checks.push({
    name: 'every product done, or failed with a reason',
    pass: products.length === productCount && unsettled.length === 0 && failedWithoutReason.length === 0,
    detail: `${products.length} products: ${done.length} done, ${failed.length} failed (${failedWithoutReason.length} without a reason), ${unsettled.length} neither`,
  });

  const savedTwice = products.filter((p) => p.saved > 1);
  const doneUnsaved = done.filter((p) => p.saved !== 1);
  const failedBadly = failed.filter((p) => p.saved !== 0 || p.failed_logs !== 1);
  checks.push({
    name: 'no product done twice',
    pass: savedTwice.length === 0 && doneUnsaved.length === 0 && failedBadly.length === 0,
    detail: `'Copy saved' logged more than once for ${savedTwice.length}; done without exactly one for ${doneUnsaved.length}; failed with a save or without one 'Generation failed' for ${failedBadly.length}`,
  });

  const viewResponse = await app.call('view-bundle-workflow', {
    bundle_id: bundleId,
    workflow_id: GPT35_WORKFLOW,
  });
  const view = await answerOf('view-bundle-workflow', viewResponse);
  const aiLogs = await readAiLogs(pool, runId);
  const sum = sumAiLogs(aiLogs);
  const mispriced = aiLogs.filter(
    (entry) => Math.abs(Number(entry.cost) - (costOf(GPT35_MODEL, entry) ?? Number.NaN)) > 1e-9,
  );
  const savedLogs = products.reduce((acc, p) => acc + p.saved, 0);
  const failedLogs = products.reduce((acc, p) => acc + p.failed_logs, 0);
  const { totals } = view;
  checks.push({
    name: 'run totals equal the sum of the logs',
    pass:
      viewResponse.status === 200 &&
      totals.total === productCount &&
      totals.done === savedLogs &&
      totals.failed === failedLogs &&
      Math.abs(totals.cost - sum.cost) <= 1e-8 &&
      totals.prompt_tokens === sum.prompt_tokens &&
      totals.completion_tokens === sum.completion_tokens &&
      mispriced.length === 0,
    detail: `view: ${totals.done} done, ${totals.failed} failed, $${totals.cost.toFixed(6)}, ${totals.prompt_tokens}+${totals.completion_tokens} tokens; logs: ${savedLogs} saved, ${failedLogs} failed, $${sum.cost.toFixed(6)}, ${sum.prompt_tokens}+${sum.completion_tokens} tokens over ${aiLogs.length} ai entries (${mispriced.length} not at the list price)`,
  });

  // A call cut off by a kill stays 'started' at its reserved cost (it may have been paid); a call that failed
  // settles at 0 tokens. No answer is logged twice: the settled lines with tokens are at most the answers.
  const provider = fake.counters;
  const answeredLogs = aiLogs.filter((log) => log.call_state === 'settled' && log.prompt_tokens > 0);
  const answeredSum = sumAiLogs(answeredLogs);
  const startedLogs = aiLogs.filter((log) => log.call_state === 'started');
  checks.push({
    name: 'no provider answer logged twice',
    pass:
      answeredLogs.length <= provider.answered &&
      answeredSum.prompt_tokens <= provider.promptTokens &&
      answeredSum.completion_tokens <= provider.completionTokens,
    detail: `${answeredLogs.length} answered ai logs for ${provider.answered} answers (${startedLogs.length} started and never settled, ${aiLogs.length - answeredLogs.length - startedLogs.length} failed calls at 0); ${answeredSum.prompt_tokens} of ${provider.promptTokens} prompt and ${answeredSum.completion_tokens} of ${provider.completionTokens} completion tokens logged`,
  });
  // A line is written 'started' before its request goes out, so a kill can leave one the provider never
  // received; every settled line (an answer or a failure) is a request the provider did receive.
  const settledLogs = aiLogs.length - startedLogs.length;
  checks.push({
    name: 'every settled ai line is a call the provider received',
    pass: settledLogs <= provider.chatRequests,
    detail: `${settledLogs} settled ai lines (and ${startedLogs.length} started) for ${provider.chatRequests} chat requests`,
  });

  // graphile-worker 0.17 keeps jobs in _private_jobs (`jobs` is a view over it). A finished job is deleted; a
  // job still locked, or due to run again, is stuck once every product has settled.
  const { rows: queue } = await pool.query<{ total: number; locked: number; runnable: number }>(
    `select count(*)::int as total,
            count(*) filter (where locked_at is not null)::int as locked,
            count(*) filter (where attempts < max_attempts)::int as runnable
     from graphile_worker._private_jobs`,
  );
  const { total, locked, runnable } = queue[0]!;
  checks.push({
    name: 'queue empty of stuck jobs',
    pass: locked === 0 && runnable === 0,
    detail: `${total} jobs left: ${locked} locked, ${runnable} due to run again, ${total - runnable} failed for good`,
  });

  const { rows: retries } = await pool.query<{ count: number }>(
    `select count(*)::int as count from logs where bundle_workflow_id = $1 and event = 'Provider call failed; retrying'`,
    [runId],
  );
  return {
    products: products.length,
    done: done.length,
    failed: failed.length,
    rerunProducts: products.filter((p) => p.started_late > 0).length,
    retriedCalls: retries[0]!.count,
    provider,
    aiLogs: aiLogs.length,
    cost: sum.cost,
    checks,
  };
}

async function waitForQueueToDrain(pool: pg.Pool, timeoutMs: number): Promise<void> {
  const isDrained = async () =>
    (
      await pool.query<{ count: number }>(
        'select count(*)::int as count from graphile_worker._private_jobs where attempts < max_attempts',
      )
    ).rows[0]!.count === 0;
  // A queue that does not drain is not an error here: the checks afterwards report what is stuck.
  await waitUntil('the queue drains', isDrained, { timeoutMs, intervalMs: TICK_MS }).catch(() => {});
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
