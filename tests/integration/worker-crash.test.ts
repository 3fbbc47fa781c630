// A crash: two `npm run worker` processes share a 300-product run against a slow provider, one is
// killed with SIGKILL mid-run, and the survivor finishes every product: each copy stored once, the run's
// totals equal to its logs, and nothing left queued, running or locked.
import Papa from 'papaparse';
import { afterAll, describe, expect, it, onTestFailed } from 'vitest';
import { costOf } from '../../src/server/leaves/ai/pricing';
import { type RunBody, setupFakeOpenAIApp, viewRun } from '../support/pipeline';
import { countSettled, describeQueue, readAiLogs, sumAiLogs } from '../support/run-state';
import { waitUntil } from '../support/wait-until';
import { killAllWorkerProcesses, spawnWorkerProcess, type WorkerProcess } from '../support/worker-process';

const children: WorkerProcess[] = [];

const GPT35 = 1;
const GPT35_MODEL = 'gpt-3.5-turbo';
const API_KEY = 'sk-crash-test-key';
const PRODUCT_COUNT = 300;
/** Done products before the kill: well into the run, far from its end. */
const KILL_AFTER_DONE = 40;
const WORKER_DEAD_AFTER_SECONDS = 6;

/** 300 distinct products: no colour or size words in the names, so none is taken for another's variant. */
function crashCatalogue(count: number): { columns: string[]; raw_csv: string } {
  // 15 × 20 names; a colour or size word in a name would make products variants of each other.
  const adjectives = [
    ...'Alpine Breezy Cosy Dapper Everyday Festive Gentle Handy'.split(' '),
    ...'Iconic Jolly Kindred Lofty Modern Nordic Rustic'.split(' '),
  ];
  const nouns = [
    ...'Backpack Blanket Candle Cardigan Chair Hammock Jacket Kettle Lantern Mug Notebook'.split(' '),
    ...'Pillow Planter Scarf Sneaker Teapot Tote Wallet'.split(' '),
    'Desk Lamp',
    'Duffel Bag',
  ];
  const brands = ['Northwind', 'Fjord Supply', 'Harbour Goods'];
  const colours = ['Black', 'Navy', 'Olive', 'Burgundy', 'Charcoal', 'Teal'];
  if (count > adjectives.length * nouns.length) throw new Error('Not enough distinct names');
  const rows = Array.from({ length: count }, (_, i) => {
    const title = `${adjectives[i % adjectives.length]} ${nouns[Math.floor(i / adjectives.length)]}`;
    const slug = title.toLowerCase().replace(/\s+/g, '-');
    return [
      title,
      brands[i % brands.length]!,
      colours[i % colours.length]!,
      `https://cdn.example.com/p/${slug}.jpg`,
    ];
  });
  return { columns: ['title', 'brand', 'colour', 'image_urls'], raw_csv: Papa.unparse(rows) };
}

// The app's own in-process worker stays off (WORKER_CONCURRENCY=0): only the two child processes work.
const t = setupFakeOpenAIApp({ apiKey: API_KEY, behaviour: { latencyMs: 200 } });
afterAll(async () => {
  killAllWorkerProcesses();
  await Promise.all(children.map((worker) => worker.exited));
});
const whereThingsStand = () => describeQueue(t.app.database.pool);

describe('a worker killed mid-run', () => {
  it('leaves the run to the surviving worker, which completes every product exactly once', {
    // Above the sum of its own waits (start, first products, the rest), so a slow run reports where it stood.
    timeout: 240_000,
  }, async () => {
    onTestFailed(() => {
      for (const worker of children)
        console.error(`--- ${worker.name} output ---\n${worker.output.join('')}`);
    });
    const startedAt = Date.now();
    const { pool } = t.app.database;
    const env = {
      DATABASE_URL: t.app.database.url,
      OPENAI_API_KEY: API_KEY,
      OPENAI_BASE_URL: t.fake.url,
      WORKER_CONCURRENCY: '4',
      WORKER_DEAD_AFTER_SECONDS: String(WORKER_DEAD_AFTER_SECONDS),
      NODE_ENV: 'test',
    };
    const doomed = spawnWorkerProcess('worker A (killed)', env);
    const survivor = spawnWorkerProcess('worker B (survivor)', env);
    children.push(doomed, survivor);
    await Promise.all([doomed.ready, survivor.ready]);

    const response = await t.call('new-bundle', {
      bundle_name: 'Crash',
      ...crashCatalogue(PRODUCT_COUNT),
      custom_fields: {
        keywords: 'home, outdoors',
        url_template: '/shop/{{keywords}}',
        business_type: 'shop',
        tone_of_voice: 'warm',
      },
      workflow_id: GPT35,
    });
    const created = response.data;
    expect(response.status, JSON.stringify(created)).toBe(200);
    const runId = created.bundle_workflow_id;
    const countDone = () => countSettled(pool, runId);
    const heartbeatIds = async () =>
      new Set(
        (await pool.query<{ worker_id: string }>('select worker_id from worker_heartbeats')).rows.map(
          (r) => r.worker_id,
        ),
      );

    await waitUntil('the first products are done', async () => (await countDone()).done >= KILL_AFTER_DONE, {
      timeoutMs: 60_000,
      intervalMs: 100,
      describe: whereThingsStand,
    });
    const workersBeforeKill = await heartbeatIds();
    // graphile-worker locks jobs with one id per worker pool, and that id is what beats: each process runs two
    // pools (generation, and images apart).
    expect(workersBeforeKill.size, 'both processes beat a heartbeat for each pool').toBe(4);

    const killedAt = Date.now();
    doomed.child.kill('SIGKILL');
    expect(await doomed.exited).toEqual({ code: null, signal: 'SIGKILL' });
    const doneAtKill = (await countDone()).done;
    // Jobs the dead process held stay locked by its worker ids until the survivor sees its heartbeat stop.
    const { rows: lockedAtKill } = await pool.query<{ id: string; locked_by: string }>(
      'select id::text, locked_by from graphile_worker._private_jobs where locked_by is not null',
    );
    expect(doneAtKill, 'the kill came mid-run').toBeLessThan(PRODUCT_COUNT);

    let deadWorkers = new Set<string>();
    let deadDetectedAfterMs: number | undefined;
    await waitUntil(
      'every product is settled',
      async () => {
        const current = await heartbeatIds();
        deadWorkers = new Set([...workersBeforeKill].filter((id) => !current.has(id)));
        if (deadWorkers.size > 0) deadDetectedAfterMs ??= Date.now() - killedAt;
        return (await countDone()).settled === PRODUCT_COUNT;
      },
      { timeoutMs: 90_000, intervalMs: 200, describe: whereThingsStand },
    );
    const settledAfterKillMs = Date.now() - killedAt;
    expect(survivor.isRunning(), 'the survivor is still running').toBe(true);
    expect(deadWorkers.size, 'the dead process (both its pools) was found dead and its jobs released').toBe(
      2,
    );
    const orphanedJobs = lockedAtKill.filter((job) => deadWorkers.has(job.locked_by));
    expect(orphanedJobs.length, 'the killed worker held jobs when it died').toBeGreaterThan(0);

    // All 300 complete.
    const run: RunBody = await viewRun(t.app, t.user.token, created.bundle_id, GPT35);
    expect(run.totals).toMatchObject({ total: PRODUCT_COUNT, done: PRODUCT_COUNT, failed: 0 });
    for (const product of run.products) {
      expect(product.status, String(product.error)).toBe('done');
      expect(product.progress).toBe(100);
      expect(String(product.page_title ?? '')).not.toBe('');
    }

    // Each product's copy was stored once: one 'Copy saved' entry per product, never two.
    const { rows: saves } = await pool.query<{
      product_id: number;
      saved: number;
      started: number;
      reruns: number;
    }>(
      `select product_id,
              count(*) filter (where event = 'Copy saved')::int as saved,
              count(*) filter (where event = 'Generation started')::int as started,
              count(*) filter (where event = 'Generation started'
                               and (details->'additional'->>'attempt')::int > 1)::int as reruns
       from logs where bundle_workflow_id = $1 and type = 'general' group by product_id`,
      [runId],
    );
    expect(saves).toHaveLength(PRODUCT_COUNT);
    expect(saves.filter((row) => row.saved !== 1)).toEqual([]);

    // The run's totals equal the sum of its ai logs, and each log's cost is its tokens at the listed price.
    const aiLogs = await readAiLogs(pool, runId);
    const chatCalls = t.fake.requests.filter((request) => request.path.endsWith('/chat/completions')).length;
    expect(aiLogs.length).toBeGreaterThanOrEqual(PRODUCT_COUNT);
    // No answer is logged twice: settled lines are at most the requests the provider received. A line is
    // written 'started' (reserved) before its request leaves, so the kill may leave up to one per job the
    // killed worker held (4) that the provider never saw, counted at its reserved cost.
    const settled = aiLogs.filter((log) => log.call_state === 'settled');
    expect(settled.length).toBeLessThanOrEqual(chatCalls);
    expect(aiLogs.length - settled.length).toBeLessThanOrEqual(4);
    for (const log of aiLogs) expect(Number(log.cost)).toBeCloseTo(costOf(GPT35_MODEL, log)!, 10);
    const sum = sumAiLogs(aiLogs);
    expect(run.totals.cost).toBeGreaterThan(0);
    expect(run.totals.cost).toBeCloseTo(sum.cost, 8);
    expect(run.totals.prompt_tokens).toBe(sum.prompt_tokens);
    expect(run.totals.completion_tokens).toBe(sum.completion_tokens);

    // Nothing is left queued, running or locked. In graphile-worker 0.17 `jobs` is a view over `_private_jobs`.
    const { rows: jobTable } = await pool.query<{ view: boolean }>(
      `select to_regclass('graphile_worker.jobs') is not null as view`,
    );
    const jobsRelation = jobTable[0]!.view ? 'graphile_worker.jobs' : 'graphile_worker._private_jobs';
    const { rows: jobsLeft } = await pool.query<{ count: number }>(
      `select count(*)::int as count from ${jobsRelation}`,
    );
    expect(jobsLeft[0]!.count).toBe(0);
    const { rows: unfinished } = await pool.query<{ count: number }>(
      `select count(*)::int as count from bundle_workflow_products
       where bundle_workflow_id = $1 and status in ('queued', 'running')`,
      [runId],
    );
    expect(unfinished[0]!.count).toBe(0);

    // The OpenAI SDK leaks an abort listener per call on the signal it is given; the writer must not hand
    // it graphile-worker's process-long one (it did: Node warned after 10 calls).
    expect(survivor.output.join('')).not.toContain('MaxListenersExceededWarning');

    // SIGTERM lets the survivor finish what it holds (nothing now) and exit cleanly.
    survivor.child.kill('SIGTERM');
    expect(await survivor.exited).toEqual({ code: 0, signal: null });

    const reruns = saves.filter((row) => row.reruns > 0).length;
    console.info(
      [
        `worker crash: ${PRODUCT_COUNT} products, killed worker A with SIGKILL at ${doneAtKill} done`,
        `  jobs it held: ${orphanedJobs.length}; found dead ${((deadDetectedAfterMs ?? 0) / 1000).toFixed(1)} s after the kill`,
        `  run settled ${(settledAfterKillMs / 1000).toFixed(1)} s after the kill; ${reruns} products restarted on a later attempt`,
        `  ai calls ${chatCalls}, ai logs ${aiLogs.length}; whole test ${((Date.now() - startedAt) / 1000).toFixed(1)} s`,
      ].join('\n'),
    );
  });
});
