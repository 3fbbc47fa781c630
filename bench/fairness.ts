// Fairness bench: how long a user's 10-product run takes while another user's
// 1,500-product run is in progress, against the same run alone. The fake provider answers every call in 400 ms;
// one worker as the server runs it (WORKER_CONCURRENCY 4, images in their own pool). First in, first out the
// small run would wait for the whole backlog (about 1,500 × 0.4 s ÷ 4 = 150 s); with the fair share it takes
// turns with the big run. Prints the median of three runs each way and
// `RESULT fairness_wait_ratio <behind ÷ alone> (goal <= 2)`. `npx tsx bench/fairness.ts`.
import { performance } from 'node:perf_hooks';
import { startWorker } from '../src/server/runner/start-worker';
import { spawnFakeOpenAI } from '../tests/support/fake-openai';
import { signUpUser, syntheticProductList, withBenchApp } from './support';

const BIG = Number(process.env.BENCH_BIG_PRODUCTS ?? 1_500);
const SMALL = 10;
const TRIALS = 3;
const LATENCY_MS = 400;
const WORKER_CONCURRENCY = 4;
const GOAL_RATIO = 2;
const GPT35_WORKFLOW = 1;
const API_KEY = 'sk-bench-fairness';

const fake = await spawnFakeOpenAI({ apiKey: API_KEY, seed: 15, behaviour: { latencyMs: LATENCY_MS } });

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

try {
  await withBenchApp(
    async ({ app, call, database, services }) => {
      const newcomer = await signUpUser(app, services, '10.0.0.2');
      const callAs = (token: string, body: unknown) =>
        app.request('/functions/v1/new-bundle', {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify(body),
        });
      const settled = async (runId: number) => {
        const { rows } = await database.pool.query<{ settled: number }>(
          `select count(*) filter (where status in ('done', 'failed'))::int as settled
           from bundle_workflow_products where bundle_workflow_id = $1`,
          [runId],
        );
        return rows[0]!.settled;
      };
      const waitFor = async (runId: number, count: number, timeoutMs: number) => {
        const deadline = performance.now() + timeoutMs;
        while ((await settled(runId)) < count) {
          if (performance.now() > deadline) throw new Error(`run ${runId} did not reach ${count} settled`);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      };
      /** Creates the newcomer's 10-product run and answers how long until every product is settled. */
      const smallRun = async (trial: string) => {
        const started = performance.now();
        const response = await callAs(newcomer.token, {
          bundle_name: `Small ${trial}`,
          ...syntheticProductList(SMALL),
          workflow_id: GPT35_WORKFLOW,
        });
        if (response.status !== 200) throw new Error(`new-bundle failed: ${response.status}`);
        const { bundle_workflow_id: runId } = (await response.json()) as { bundle_workflow_id: number };
        await waitFor(runId, SMALL, 120_000);
        return performance.now() - started;
      };

      const worker = await startWorker({
        ...services.queue,
        concurrency: WORKER_CONCURRENCY,
        imageConcurrency: 4,
      });
      try {
        const alone: number[] = [];
        for (let i = 0; i < TRIALS; i++) alone.push(await smallRun(`alone ${i + 1}`));

        const bigResponse = await call('new-bundle', {
          bundle_name: 'Big',
          ...syntheticProductList(BIG),
          workflow_id: GPT35_WORKFLOW,
        });
        if (bigResponse.status !== 200) throw new Error(`new-bundle failed: ${bigResponse.status}`);
        const { bundle_workflow_id: bigRun } = (await bigResponse.json()) as { bundle_workflow_id: number };
        await waitFor(bigRun, 20, 60_000);
        const behind: number[] = [];
        for (let i = 0; i < TRIALS; i++) behind.push(await smallRun(`behind ${i + 1}`));
        const bigSettled = await settled(bigRun);

        const ratio = median(behind) / median(alone);
        console.log(
          `fairness: ${SMALL}-product runs, fake provider ${LATENCY_MS} ms a call, worker concurrency ${WORKER_CONCURRENCY}`,
        );
        console.log(
          `alone: ${alone.map((ms) => Math.round(ms)).join(', ')} ms (median ${Math.round(median(alone))})`,
        );
        console.log(
          `behind a ${BIG.toLocaleString('en-US')}-product run of another user (${bigSettled} of it settled by the end): ${behind.map((ms) => Math.round(ms)).join(', ')} ms (median ${Math.round(median(behind))})`,
        );
        console.log(`RESULT fairness_wait_ratio ${ratio.toFixed(2)} (goal <= ${GOAL_RATIO})`);
      } finally {
        await worker.stop();
      }
    },
    { env: { OPENAI_API_KEY: API_KEY, OPENAI_BASE_URL: fake.url } },
  );
} finally {
  await fake.close();
}
