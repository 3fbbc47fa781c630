// Throughput bench: how close Copyloom drives an LLM provider to its rate limit.
// 2,000 synthetic products go through the real pipeline (new-bundle, the job queue, a worker with the app's
// task list, the gpt-3.5-turbo workflow) against the fake provider on loopback, answering in 300 ± 100 ms
// and enforcing 3,000 RPM as OpenAI does. Prints products per minute over the steady part of the run against
// the limit, the share of calls that got a 429, and calls per product. `npx tsx bench/throughput.ts`.
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { startWorker } from '../src/server/runner/start-worker';
import { spawnFakeOpenAI } from '../tests/support/fake-openai';
import { syntheticProductList, withBenchApp } from './support';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 2_000);
const GPT35_WORKFLOW = 1;
/** The throughput floor this bench holds the app to. */
const RPM = Number(process.env.BENCH_RPM ?? 3_000);
/**
 * OpenAI's gpt-3.5-turbo at usage tier 2 allows 2,000,000 TPM; at about 340 tokens a call this run needs half
 * of it, so the request limit is the one that binds (the output reports the share used).
 */
const TPM = Number(process.env.BENCH_TPM ?? 2_000_000);
/**
 * OpenAI enforces limits over periods shorter than a minute ("quantized"); a bucket of one second's worth
 * keeps the limit binding for the whole run instead of letting 2,000 calls fit in one minute's allowance.
 */
const BURST_SECONDS = 1;
const LATENCY = { mean: 300, jitter: 100 };
// In flight at the limit: 50 calls a second × 0.3 s ≈ 15, up to 20 with the jitter; the cap leaves room for
// the pacing to be what holds the rate, not the cap.
const AI_MAX_CONCURRENCY = Number(process.env.BENCH_AI_MAX_CONCURRENCY ?? 32);
// Each product also spends time in the database before and after its call, so more products than calls are
// in progress at once.
const WORKER_CONCURRENCY = Number(process.env.BENCH_WORKER_CONCURRENCY ?? 48);
/** The steady part: from this share of products settled to the next, leaving out start-up and the tail. */
const STEADY_FROM = 0.1;
const STEADY_TO = 0.9;
const GOAL_RATIO = 0.9;
const GOAL_RATE_LIMITED_SHARE = 0.02;
const API_KEY = 'sk-bench-throughput';
const SAMPLE_MS = 100;

// In a process of its own, as the real provider would be: its tokenizing must not slow the pipeline down.
const fake = await spawnFakeOpenAI({
  apiKey: API_KEY,
  seed: 6,
  behaviour: { latencyMs: LATENCY },
  rateLimits: { rpm: RPM, tpm: TPM, burstSeconds: BURST_SECONDS },
});

try {
  await withBenchApp(
    async ({ call, database, services }) => {
      const createdResponse = await call('new-bundle', {
        bundle_name: 'Throughput bench',
        ...syntheticProductList(PRODUCTS),
        workflow_id: GPT35_WORKFLOW,
      });
      const created = (await createdResponse.json()) as { bundle_workflow_id: number };
      if (createdResponse.status !== 200) {
        throw new Error(`new-bundle failed: ${createdResponse.status} ${JSON.stringify(created)}`);
      }

      const settled = async () => {
        const { rows } = await database.pool.query<{ done: number; failed: number }>(
          `select count(*) filter (where status = 'done')::int as done,
                  count(*) filter (where status = 'failed')::int as failed
           from bundle_workflow_products where bundle_workflow_id = $1`,
          [created.bundle_workflow_id],
        );
        return rows[0]!;
      };

      const cpuBefore = process.cpuUsage();
      const eluBefore = performance.eventLoopUtilization();
      const machineBefore = readMachineCpu();
      const startedAt = performance.now();
      const worker = await startWorker({
        pool: database.pool,
        concurrency: WORKER_CONCURRENCY,
        taskList: services.queue.taskList,
      });
      const samples: Array<{ at: number; settled: number }> = [];
      let totals = { done: 0, failed: 0 };
      try {
        const deadline = startedAt + 10 * 60_000;
        while (totals.done + totals.failed < PRODUCTS) {
          if (performance.now() > deadline) throw new Error(`Run did not settle: ${JSON.stringify(totals)}`);
          await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
          totals = await settled();
          samples.push({ at: performance.now(), settled: totals.done + totals.failed });
          // Where the connections are and what they wait on, for finding a bottleneck.
          if (process.env.BENCH_DIAGNOSE) {
            const { rows } = await database.pool.query<{ wait: string; count: number }>(
              `select coalesce(wait_event_type, '-') || ':' || coalesce(wait_event, '-') || ':' || state as wait,
                      count(*)::int as count
               from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()
               group by 1 order by 2 desc`,
            );
            console.log(
              `${Math.round(performance.now() - startedAt)} ms: ${totals.done + totals.failed} settled; pool ${database.pool.totalCount} open, ${database.pool.waitingCount} waiting; ${rows.map((r) => `${r.wait} ${r.count}`).join(', ')}`,
            );
          }
        }
      } finally {
        await worker.stop();
      }
      const elapsedMs = performance.now() - startedAt;
      const cpu = process.cpuUsage(cpuBefore);
      const elu = performance.eventLoopUtilization(eluBefore);
      const machine = readMachineCpu();

      const crossing = (share: number) => samples.find((s) => s.settled >= share * PRODUCTS)!;
      const from = crossing(STEADY_FROM);
      const to = crossing(STEADY_TO);
      const steadyPerMinute = ((to.settled - from.settled) / (to.at - from.at)) * 60_000;
      const wholePerMinute = (PRODUCTS / elapsedMs) * 60_000;
      const counters = await fake.counters();
      const rateLimitedShare = counters.rateLimited / counters.chatRequests;
      const tokensPerCall = (counters.promptTokens + counters.completionTokens) / counters.answered;
      const pacing = services.writers.rateController.stats;
      const ratio = steadyPerMinute / RPM;
      // Log entries are stamped by the database, so the gaps between a product's steps show where its time went.
      const { rows: steps } = await database.pool.query<{ call_ms: number; check_ms: number }>(
        `select percentile_cont(0.5) within group (order by extract(epoch from written.created_at - started.created_at) * 1000) as call_ms,
                percentile_cont(0.5) within group (order by extract(epoch from saved.created_at - written.created_at) * 1000) as check_ms
         from logs started
         join logs written on written.bundle_workflow_id = started.bundle_workflow_id
           and written.product_id = started.product_id and written.event = 'Copy written'
         join logs saved on saved.bundle_workflow_id = started.bundle_workflow_id
           and saved.product_id = started.product_id and saved.event = 'Copy saved'
         where started.bundle_workflow_id = $1 and started.event = 'Generation started'`,
        [created.bundle_workflow_id],
      );

      console.log(
        `throughput: ${PRODUCTS.toLocaleString('en-US')} products, workflow ${GPT35_WORKFLOW} (gpt-3.5-turbo), fake provider ${RPM.toLocaleString('en-US')} RPM and ${TPM.toLocaleString('en-US')} TPM (buckets of ${BURST_SECONDS} s), latency ${LATENCY.mean} ± ${LATENCY.jitter} ms`,
      );
      console.log(
        `worker concurrency ${WORKER_CONCURRENCY}, AI_MAX_CONCURRENCY ${AI_MAX_CONCURRENCY} (cap at the end ${pacing.concurrency}); ${totals.done} done, ${totals.failed} failed`,
      );
      console.log(
        `steady products/min ÷ RPM limit: ${ratio.toFixed(3)} (${Math.round(steadyPerMinute)}/min over ${Math.round(STEADY_FROM * 100)}%–${Math.round(STEADY_TO * 100)}% of products); whole run incl. start-up and tail: ${(wholePerMinute / RPM).toFixed(3)}`,
      );
      console.log(
        `calls/product ${(counters.chatRequests / PRODUCTS).toFixed(3)} (answered ${(counters.answered / PRODUCTS).toFixed(3)}); 429 share ${(rateLimitedShare * 100).toFixed(2)}% (${counters.rateLimited} of ${counters.chatRequests} calls; goal <= ${GOAL_RATE_LIMITED_SHARE * 100}%)`,
      );
      console.log(
        `tokens/call ${Math.round(tokensPerCall)}; TPM used ÷ TPM limit ${((steadyPerMinute * (counters.chatRequests / PRODUCTS) * tokensPerCall) / TPM).toFixed(3)}; permits that waited ${(pacing.delayed / counters.chatRequests).toFixed(3)} of calls`,
      );
      console.log(
        `median per product: provider call incl. waiting for a permit ${Math.round(steps[0]!.call_ms)} ms (permit wait mean ${Math.round(pacing.waitedMs / counters.chatRequests)} ms), checks until the save ${Math.round(steps[0]!.check_ms)} ms`,
      );
      console.log(
        `bench process CPU ÷ wall time ${((cpu.user + cpu.system) / 1000 / elapsedMs).toFixed(2)} of ${availableParallelism()} cores; event loop utilisation ${elu.utilization.toFixed(2)}; machine busy ${((1 - (machine.idle - machineBefore.idle) / (machine.total - machineBefore.total)) * 100).toFixed(0)}%`,
      );
      console.log(`RESULT throughput_vs_limit ${ratio.toFixed(3)} (goal >= ${GOAL_RATIO})`);
    },
    {
      env: {
        OPENAI_API_KEY: API_KEY,
        OPENAI_BASE_URL: fake.url,
        AI_MAX_CONCURRENCY: String(AI_MAX_CONCURRENCY),
      },
    },
  );
} finally {
  await fake.close();
}

/** Jiffies the whole machine spent idle and in all, from /proc/stat: the bench shares the cores it measures. */
function readMachineCpu(): { idle: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
  const values = line.trim().split(/\s+/).slice(1).map(Number);
  return { idle: values[3]! + values[4]!, total: values.reduce((sum, value) => sum + value, 0) };
}
