// Batch mode: a batch workflow's products go through the provider's Batch API (a fake that
// implements /v1/files and /v1/batches and completes after a delay), at half the list price, through exactly
// one batch, variants included, even when the worker is killed with SIGKILL after submitting it and another one
// takes over.
import { afterAll, describe, expect, it, onTestFailed } from 'vitest';
import { batchApiFor } from '../../src/server/domain/batch/batch-api';
import { buildBatchLines } from '../../src/server/domain/batch/batch-lines';
import { collectBatch } from '../../src/server/domain/batch/collect-batch';
import { pollBatch } from '../../src/server/domain/batch/poll-batch';
import { REPAIR_QUEUED_EVENT } from '../../src/server/domain/batch/repair-batch';
import { submitBatch } from '../../src/server/domain/batch/submit-batch';
import { costOf } from '../../src/server/leaves/ai/pricing';
import { fixtureProductList, setupFakeOpenAIApp, viewRun, waitForRun } from '../support/pipeline';
import type { TestAppFixture } from '../support/test-app';
import { waitUntil } from '../support/wait-until';
import { killAllWorkerProcesses, spawnWorkerProcess, type WorkerProcess } from '../support/worker-process';

const MODEL = 'gpt-4o-mini';
const CATALOGUE = 'shopify-apparel.csv';

/** A batch workflow on gpt-4o-mini owned by the test user, inserted directly (the workflow screens are elsewhere). */
async function createBatchWorkflow(t: TestAppFixture, name: string): Promise<number> {
  const { rows } = await t.app.database.pool.query<{ id: number }>(
    `insert into workflows (owner_id, name, model, prompt_templates, batch)
     select $1, $2, $3, prompt_templates, true from workflows where model <> 'offline' order by id limit 1
     returning id`,
    [t.user.userId, name, MODEL],
  );
  return rows[0]!.id;
}

async function startRun(t: TestAppFixture, workflowId: number, name: string) {
  const response = await t.call('new-bundle', {
    bundle_name: name,
    ...fixtureProductList(CATALOGUE),
    workflow_id: workflowId,
  });
  expect(response.status, JSON.stringify(response.data)).toBe(200);
  return response.data;
}

type AiLog = {
  event: string;
  call_state: string;
  cost: number;
  prompt_tokens: number;
  completion_tokens: number;
  details: { additional?: { via?: string; batch_id?: string } };
};

async function aiLogs(t: TestAppFixture, runId: number): Promise<AiLog[]> {
  const { rows } = await t.app.database.pool.query<AiLog>(
    `select event, call_state, cost::float8 as cost, prompt_tokens, completion_tokens, details from logs
     where bundle_workflow_id = $1 and type = 'ai'`,
    [runId],
  );
  return rows;
}

async function batchesOf(t: TestAppFixture, runId: number) {
  const { rows } = await t.app.database.pool.query<{
    id: number;
    purpose: string;
    state: string;
    remote_batch_id: string | null;
    request_count: number;
    completed_count: number;
    error: string | null;
  }>('select * from provider_batches where bundle_workflow_id = $1 order by id', [runId]);
  return rows;
}

/** Each local batch was created at the provider exactly once (its local id in the metadata), none twice. */
function expectEachSubmittedOnce(
  t: { fake: { batchApi?: { batches: ReadonlyArray<{ metadata: Record<string, string> | null }> } } },
  local: { id: number; remote_batch_id: string | null }[],
) {
  const remote = t.fake.batchApi!.batches.map((batch) => Number(batch.metadata?.copyloom_batch_id));
  const mine = local.map((batch) => batch.id);
  expect(remote.filter((id) => mine.includes(id)).sort()).toEqual([...mine].sort());
  for (const batch of local) expect(batch.remote_batch_id).not.toBeNull();
}

const directChatCalls = (t: { fake: { requests: { path: string }[] } }) =>
  t.fake.requests.filter((r) => r.path === '/v1/chat/completions').length;

describe('a batch workflow', () => {
  const t = setupFakeOpenAIApp(
    { apiKey: 'sk-batch', batch: { completeAfterMs: 1_500, shuffle: true } },
    { workerConcurrency: 4 },
  );

  it('completes the catalogue through exactly one batch with no direct call: variants beside their parent, answers matched by custom_id, each ai log at half price', {
    timeout: 60_000,
  }, async () => {
    const workflowId = await createBatchWorkflow(t, 'Batch apparel');
    const created = await startRun(t, workflowId, 'Batch apparel');
    const run = await waitForRun(t.app, t.user.token, created.bundle_id, workflowId, 50_000);
    expect(run.totals.failed).toBe(0);
    expect(run.totals.done).toBe(run.totals.total);
    const productCount = run.totals.total;

    const batches = await batchesOf(t, created.bundle_workflow_id);
    // One batch for the whole catalogue: the variants went beside their parent, and no answer needed a repair.
    expect(run.products.some((product) => product.is_multiple_of !== null)).toBe(true);
    expect(batches).toHaveLength(1);
    expect(batches[0]).toMatchObject({ purpose: 'generate', request_count: productCount });
    for (const batch of batches) expect(batch).toMatchObject({ state: 'completed', error: null });
    expectEachSubmittedOnce(t, batches);
    // view-bundle-workflow carries the batches for the run header: state, counts and submission time.
    const finalView = await viewRun(t.app, t.user.token, created.bundle_id, workflowId);
    expect(finalView.batches).toHaveLength(batches.length);
    expect(finalView.batches![0]).toEqual(
      expect.objectContaining({
        purpose: 'generate',
        state: 'completed',
        request_count: batches[0]!.request_count,
        completed_count: batches[0]!.request_count,
        failed_count: 0,
        submitted_at: expect.any(String),
        finished_at: expect.any(String),
      }),
    );
    // No direct call at all (the goal is at most 20%).
    expect(directChatCalls(t)).toBe(0);
    expect(directChatCalls(t)).toBeLessThanOrEqual(productCount * 0.2);

    const logs = await aiLogs(t, created.bundle_workflow_id);
    const byBatch = logs.filter((log) => log.details.additional?.via === 'batch');
    expect(byBatch.length).toBe(batches.reduce((sum, batch) => sum + batch.completed_count, 0));
    for (const log of logs.filter((entry) => entry.cost > 0)) {
      expect(log.details.additional?.via).toBe('batch');
    }
    for (const log of byBatch) {
      expect(batches.map((batch) => batch.remote_batch_id)).toContain(log.details.additional?.batch_id);
      const listPrice = costOf(MODEL, log)!;
      expect(listPrice).toBeGreaterThan(0);
      expect(log.cost).toBeCloseTo(listPrice / 2, 10);
    }
    // Every product's copy is its own: answers were matched by custom_id although the file came reversed.
    for (const product of run.products) {
      const name = String(product.product_details.product_name);
      expect(product.status).toBe('done');
      expect(`${product.page_title} ${product.description}`).toContain(name.split(' ')[0]);
    }
    // Each variant's title names its own value, and siblings' meta descriptions are their own.
    const variants = run.products.filter((product) => product.is_multiple_of !== null);
    for (const variant of variants) {
      const size = String(variant.product_details.size);
      expect(variant.page_title).toContain(size);
    }
    expect(new Set(variants.map((variant) => variant.meta_description)).size).toBe(variants.length);
    // Nothing was settled by a fallback: no problem stored, no repair asked for.
    expect(run.products.flatMap((product) => product.problems ?? [])).toEqual([]);
  });

  it('estimates a batch workflow at half the cost of the same workflow called directly', async () => {
    const batchWorkflow = await createBatchWorkflow(t, 'Batch estimate');
    const { rows } = await t.app.database.pool.query<{ id: number }>(
      `insert into workflows (owner_id, name, model, prompt_templates, batch)
       select owner_id, 'Direct estimate', model, prompt_templates, false from workflows where id = $1
       returning id`,
      [batchWorkflow],
    );
    const list = fixtureProductList(CATALOGUE);
    const batch = await t.call('estimate-cost', { workflow_id: batchWorkflow, ...list });
    const direct = await t.call('estimate-cost', { workflow_id: rows[0]!.id, ...list });
    expect(batch.status).toBe(200);
    expect(direct.data.cost_usd).toBeGreaterThan(0);
    // Half the price per token. The tokens differ a little: a batch writes a variant beside its parent, with no
    // parent copy in its prompt, and the estimate counts the prompts each way really sends.
    const atListPrice = (data: typeof batch.data) =>
      costOf(data.model, { prompt_tokens: data.prompt_tokens, completion_tokens: data.completion_tokens })!;
    expect(direct.data.cost_usd).toBeCloseTo(atListPrice(direct.data), 8);
    expect(batch.data.cost_usd).toBeCloseTo(atListPrice(batch.data) / 2, 8);
    expect(batch.data.prompt_tokens).toBeLessThanOrEqual(direct.data.prompt_tokens);
  });

  it('retries failed lines in the next batch with the provider reason logged, and completes', {
    timeout: 60_000,
  }, async () => {
    t.fake.batchApi!.setOptions({ completeAfterMs: 1_000, failFirst: 2 });
    const workflowId = await createBatchWorkflow(t, 'Batch retry');
    const created = await startRun(t, workflowId, 'Batch retry');
    const run = await waitForRun(t.app, t.user.token, created.bundle_id, workflowId, 50_000);
    expect(run.totals.failed).toBe(0);
    const batches = await batchesOf(t, created.bundle_workflow_id);
    // The two failed lines went in a later batch with the products still to write.
    expect(batches.length).toBeGreaterThanOrEqual(2);
    expectEachSubmittedOnce(t, batches);
    const { rows } = await t.app.database.pool.query<{ details: { additional: { reason: string } } }>(
      `select details from logs where bundle_workflow_id = $1 and event = 'Batch request failed; it goes in the next batch'`,
      [created.bundle_workflow_id],
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]!.details.additional.reason).toContain('server had an error');
  });

  it('falls back to direct calls, saying so once, on a provider without the Batch API', {
    timeout: 60_000,
  }, async () => {
    t.fake.batchApi!.setOptions({ unsupported: true });
    const before = directChatCalls(t);
    const workflowId = await createBatchWorkflow(t, 'No batch API');
    const created = await startRun(t, workflowId, 'No batch API');
    const run = await waitForRun(t.app, t.user.token, created.bundle_id, workflowId, 50_000);
    expect(run.totals.failed).toBe(0);
    expect(directChatCalls(t) - before).toBeGreaterThanOrEqual(run.totals.total);
    const { rows } = await t.app.database.pool.query(
      `select 1 from logs where bundle_workflow_id = $1 and event = 'Batch API not available; writing directly'`,
      [created.bundle_workflow_id],
    );
    expect(rows).toHaveLength(1);
    t.fake.batchApi!.setOptions({ completeAfterMs: 1_000 });
  });

  it('cancels the batch at the provider when its bundle is deleted, then purges it', {
    timeout: 60_000,
  }, async () => {
    // A batch the provider would take a minute to finish.
    t.fake.batchApi!.setOptions({ completeAfterMs: 60_000 });
    const workflowId = await createBatchWorkflow(t, 'Deleted while batched');
    const created = await startRun(t, workflowId, 'Deleted while batched');
    const runId = created.bundle_workflow_id;
    const submitted = await waitUntil(
      'the batch is submitted',
      async () => (await batchesOf(t, runId))[0]?.remote_batch_id ?? undefined,
      { timeoutMs: 20_000 },
    );
    expect((await t.call('delete-bundle', { bundle_id: created.bundle_id })).status).toBe(200);
    await waitUntil('the purge has run', async () => (await batchesOf(t, runId)).length === 0, {
      timeoutMs: 20_000,
    });
    const cancels = t.fake.requests.filter(
      (r) => r.method === 'POST' && r.path === `/v1/batches/${submitted}/cancel`,
    );
    expect(cancels).toHaveLength(1);
    const remote = await batchApiFor({ db: t.app.services.db, writers: t.app.services.writers }).getBatch(
      submitted,
    );
    expect(['cancelling', 'cancelled']).toContain(remote.status);
    t.fake.batchApi!.setOptions({ completeAfterMs: 1_000 });
  });

  async function repairsQueued(runId: number): Promise<number> {
    const { rows } = await t.app.database.pool.query<{ count: number }>(
      'select count(*)::int as count from logs where bundle_workflow_id = $1 and event = $2',
      [runId, REPAIR_QUEUED_EVENT],
    );
    return rows[0]!.count;
  }

  it('collects the repairs of invalid answers into one follow-up repair batch at half price, with no line for the deferred call', {
    timeout: 60_000,
  }, async () => {
    // Every fifth answer is a 200-character title, which the checks refuse.
    t.fake.batchApi!.setOptions({ completeAfterMs: 1_000, invalidEvery: 5 });
    const directBefore = directChatCalls(t);
    const workflowId = await createBatchWorkflow(t, 'Batch repairs');
    const created = await startRun(t, workflowId, 'Batch repairs');
    const runId = created.bundle_workflow_id;
    const run = await waitForRun(t.app, t.user.token, created.bundle_id, workflowId, 50_000);
    expect(run.totals.failed).toBe(0);
    expect(run.totals.done).toBe(run.totals.total);

    const batches = await batchesOf(t, runId);
    const repairs = await repairsQueued(runId);
    expect(repairs).toBeGreaterThanOrEqual(Math.floor(run.totals.total / 5));
    expect(batches.map((batch) => [batch.purpose, batch.state])).toEqual([
      ['generate', 'completed'],
      ['repair', 'completed'],
    ]);
    expect(batches[0]!.request_count).toBe(run.totals.total);
    expect(batches[1]!.request_count).toBe(repairs);
    expectEachSubmittedOnce(t, batches);
    expect(directChatCalls(t) - directBefore).toBe(0);

    const logs = await aiLogs(t, runId);
    // One settled line per answer: no '(no answer)' line for a repair that went in the repair batch.
    expect(logs.filter((log) => log.event === 'Copy repaired')).toHaveLength(repairs);
    expect(logs.filter((log) => /no answer|unusable/.test(log.event))).toEqual([]);
    expect(logs.filter((log) => log.call_state !== 'settled')).toEqual([]);
    for (const log of logs) {
      expect(log.details.additional?.via).toBe('batch');
      expect(log.cost).toBeCloseTo(costOf(MODEL, log)! / 2, 10);
    }
    // The repaired copy is what was saved: no title keeps the invalid answer's 200 characters.
    for (const product of run.products) expect(product.page_title!.length).toBeLessThanOrEqual(60);
    t.fake.batchApi!.setOptions({ completeAfterMs: 1_000 });
  });

  it('repairs directly at the full price when the workflow says so: still one batch, one direct call per repair', {
    timeout: 60_000,
  }, async () => {
    t.fake.batchApi!.setOptions({ completeAfterMs: 1_000, invalidEvery: 5 });
    const directBefore = directChatCalls(t);
    const workflowId = await createBatchWorkflow(t, 'Batch direct repairs');
    const updated = await t.call('update-workflow', { workflow_id: workflowId, batch_repairs: 'direct' });
    expect(updated.status, JSON.stringify(updated.data)).toBe(200);
    expect(updated.data.workflow.batch_repairs).toBe('direct');
    const created = await startRun(t, workflowId, 'Batch direct repairs');
    const runId = created.bundle_workflow_id;
    const run = await waitForRun(t.app, t.user.token, created.bundle_id, workflowId, 50_000);
    expect(run.totals.failed).toBe(0);

    const batches = await batchesOf(t, runId);
    expect(batches.map((batch) => batch.purpose)).toEqual(['generate']);
    expect(await repairsQueued(runId)).toBe(0);
    const logs = await aiLogs(t, runId);
    const repaired = logs.filter((log) => log.event === 'Copy repaired');
    expect(repaired.length).toBeGreaterThanOrEqual(Math.floor(run.totals.total / 5));
    expect(directChatCalls(t) - directBefore).toBe(repaired.length);
    for (const log of repaired) {
      expect(log.details.additional?.via).not.toBe('batch');
      expect(log.cost).toBeCloseTo(costOf(MODEL, log)!, 10);
    }
    t.fake.batchApi!.setOptions({ completeAfterMs: 1_000 });
  });
});

describe('a worker killed after submitting the batch', () => {
  const children: WorkerProcess[] = [];
  // No in-process worker: only the child processes work.
  const t = setupFakeOpenAIApp({ apiKey: 'sk-batch-crash', batch: { completeAfterMs: 8_000 } });
  afterAll(async () => {
    killAllWorkerProcesses();
    await Promise.all(children.map((worker) => worker.exited));
  });

  it('is resumed by the next worker, which polls the same batch: no batch created twice, 0 failed', {
    timeout: 120_000,
  }, async () => {
    onTestFailed(() => {
      for (const worker of children) console.error(`--- ${worker.name} ---\n${worker.output.join('')}`);
    });
    const env = {
      DATABASE_URL: t.app.database.url,
      OPENAI_API_KEY: 'sk-batch-crash',
      OPENAI_BASE_URL: t.fake.url,
      WORKER_CONCURRENCY: '4',
      WORKER_DEAD_AFTER_SECONDS: '5',
      NODE_ENV: 'test',
    };
    const first = spawnWorkerProcess('worker A (killed)', env);
    children.push(first);
    await first.ready;
    const workflowId = await createBatchWorkflow(t, 'Batch crash');
    const created = await startRun(t, workflowId, 'Batch crash');
    const runId = created.bundle_workflow_id;
    await waitUntil(
      'the batch is submitted',
      async () => (await batchesOf(t, runId))[0]?.remote_batch_id != null,
      { timeoutMs: 30_000 },
    );
    first.child.kill('SIGKILL');
    await first.exited;
    expect((await batchesOf(t, runId))[0]!.state).not.toBe('completed');

    const second = spawnWorkerProcess('worker B (restarted)', env);
    children.push(second);
    await second.ready;
    const run = await waitForRun(t.app, t.user.token, created.bundle_id, workflowId, 90_000);
    expect(run.totals.failed).toBe(0);
    expect(run.totals.done).toBe(run.totals.total);
    // The catalogue went to the provider as one batch, once, before and after the kill.
    const batches = await batchesOf(t, runId);
    expect(batches).toHaveLength(1);
    expect(batches[0]).toMatchObject({
      purpose: 'generate',
      request_count: run.totals.total,
      state: 'completed',
    });
    expect(t.fake.batchApi!.batches).toHaveLength(1);
    expectEachSubmittedOnce(t, batches);
    expect(directChatCalls(t)).toBeLessThanOrEqual(run.totals.total * 0.2);
    const logs = await aiLogs(t, runId);
    for (const log of logs.filter((entry) => entry.details.additional?.via === 'batch')) {
      expect(log.cost).toBeCloseTo(costOf(MODEL, log)! / 2, 10);
    }
  });
});

describe('the batch lifecycle, step by step (no worker: each task is called directly)', () => {
  const t = setupFakeOpenAIApp({ apiKey: 'sk-batch-steps', batch: { completeAfterMs: 300 } });
  const deps = () => ({ db: t.app.services.db, writers: t.app.services.writers });

  it('splits what it collects to fit the spending cap by worst-case cost, and pauses the run for the rest', async () => {
    const workflowId = await createBatchWorkflow(t, 'Capped batch');
    const created = await startRun(t, workflowId, 'Capped batch');
    const runId = created.bundle_workflow_id;
    const { rows: ids } = await t.app.database.pool.query<{ id: number }>(
      'select id from bundle_workflow_products where bundle_workflow_id = $1 and is_multiple_of is null order by id',
      [runId],
    );
    const lines = await buildBatchLines(
      t.app.services.db,
      ids.map((row) => row.id),
    );
    // Room for exactly five products' worst case (the cap is stored to 4 decimal places).
    const sumOf = (count: number) => lines.slice(0, count).reduce((sum, line) => sum + line.worstCaseCost, 0);
    const cap = Math.ceil(sumOf(5) * 1e4) / 1e4;
    expect(cap).toBeLessThan(sumOf(6));
    await t.app.database.pool.query('update bundles set spending_cap_usd = $1 where id = $2', [
      cap,
      created.bundle_id,
    ]);
    const made = await collectBatch(t.app.services.db, runId);
    expect(made).toHaveLength(1);
    const [batch] = await batchesOf(t, runId);
    expect(batch!.request_count).toBe(5);
    const { rows } = await t.app.database.pool.query<{ paused_reason: string }>(
      'select paused_reason from bundle_workflows where id = $1',
      [runId],
    );
    expect(rows[0]!.paused_reason).toMatch(/does not fit under this bundle's spending cap/);
  });

  it('saves every answer of a submitted batch even when the cap is lowered meanwhile: they are paid for', async () => {
    t.fake.batchApi!.setOptions({ completeAfterMs: 300 });
    const workflowId = await createBatchWorkflow(t, 'Cap lowered while batched');
    const created = await startRun(t, workflowId, 'Cap lowered while batched');
    const runId = created.bundle_workflow_id;
    const [providerBatchId] = await collectBatch(t.app.services.db, runId);
    await submitBatch(deps(), providerBatchId!);
    // Below any one call's worst case at the full price: a direct call would be refused now.
    await t.app.database.pool.query('update bundles set spending_cap_usd = 0.0001 where id = $1', [
      created.bundle_id,
    ]);
    await new Promise((resolve) => setTimeout(resolve, 400));
    await pollBatch(deps(), providerBatchId!);
    const { rows } = await t.app.database.pool.query<{ status: string; count: number }>(
      `select status, count(*)::int as count from bundle_workflow_products
       where bundle_workflow_id = $1 group by status`,
      [runId],
    );
    const [batch] = await batchesOf(t, runId);
    expect(rows).toEqual([{ status: 'done', count: batch!.request_count }]);
    const logs = await aiLogs(t, runId);
    expect(logs).toHaveLength(batch!.request_count);
    for (const log of logs) expect(log.cost).toBeCloseTo(costOf(MODEL, log)! / 2, 10);
  });

  it('finds a batch created just before a crash by its metadata, and never creates it twice', async () => {
    const workflowId = await createBatchWorkflow(t, 'Crash between create and store');
    const created = await startRun(t, workflowId, 'Crash between create and store');
    const [providerBatchId] = await collectBatch(t.app.services.db, created.bundle_workflow_id);
    // The crash: the batch was created at the provider but its id never reached the database.
    const api = batchApiFor(deps());
    const file = await api.uploadFile('{"custom_id":"x"}\n', 'lost.jsonl');
    const lost = await api.createBatch(file.id, providerBatchId!);
    const creates = () =>
      t.fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/batches').length;
    const before = creates();
    await submitBatch(deps(), providerBatchId!);
    expect(creates()).toBe(before);
    const [row] = await batchesOf(t, created.bundle_workflow_id);
    expect(row!.remote_batch_id).toBe(lost.id);
  });

  it('fails what an expired batch left unanswered with that reason, so it can be retried', async () => {
    t.fake.batchApi!.setOptions({ completeAfterMs: 300, endAs: 'expired' });
    const workflowId = await createBatchWorkflow(t, 'Expired batch');
    const created = await startRun(t, workflowId, 'Expired batch');
    const runId = created.bundle_workflow_id;
    const [providerBatchId] = await collectBatch(t.app.services.db, runId);
    await submitBatch(deps(), providerBatchId!);
    await new Promise((resolve) => setTimeout(resolve, 400));
    await pollBatch(deps(), providerBatchId!);
    const [row] = await batchesOf(t, runId);
    expect(row!.state).toBe('expired');
    const { rows } = await t.app.database.pool.query<{ status: string; error: string }>(
      `select status, error from bundle_workflow_products where provider_batch_id = $1`,
      [providerBatchId],
    );
    expect(rows.length).toBe(row!.request_count);
    for (const product of rows) {
      expect(product.status).toBe('failed');
      expect(product.error).toMatch(/batch expired/);
    }
  });
});
