// The bundle pipeline end to end: a real catalogue through new-bundle, the job queue and the AI provider
// (a fake OpenAI-compatible server on loopback), and back out through view-bundle-workflow and the log.
import { afterEach, describe, expect, it } from 'vitest';
import type { FunctionRequest } from '../../src/common/contract/functions';
import { SEO_LIMITS } from '../../src/common/copy-rules/copy-rules';
import { costOf } from '../../src/server/leaves/ai/pricing';
import { written } from '../support/answers';
import {
  fixtureProductList,
  type RunBody,
  setupFakeOpenAIApp,
  startTestWorker,
  waitForRun,
} from '../support/pipeline';
import { callFunction, createTestApp, createTestUser } from '../support/test-app';

const GPT35 = 1;

const t = setupFakeOpenAIApp({ apiKey: 'sk-test-key' }, { workerConcurrency: 4 });
afterEach(() => t.fake.setBehaviour({}));

async function createBundle(body: FunctionRequest<'new-bundle'>) {
  const response = await t.call('new-bundle', body);
  expect(response.status, JSON.stringify(response.data)).toBe(200);
  return response.data;
}

async function readLog(bundleWorkflowId: number, productId?: number) {
  const response = await t.call('view-bundle-log', {
    bundle_workflow_id: bundleWorkflowId,
    product_id: productId,
  });
  expect(response.status).toBe(200);
  return response.data.log;
}

function expectWithinLimits(run: RunBody) {
  for (const product of run.products) {
    expect(product.status, String(product.error)).toBe('done');
    const title = written(product.page_title, 'page_title');
    const meta = written(product.meta_description, 'meta_description');
    expect(title.length).toBeGreaterThan(0);
    expect([...title].length).toBeLessThanOrEqual(SEO_LIMITS.pageTitleMax);
    expect([...meta].length).toBeGreaterThanOrEqual(SEO_LIMITS.metaDescriptionMin);
    expect([...meta].length).toBeLessThanOrEqual(SEO_LIMITS.metaDescriptionMax);
    expect([...written(product.heading, 'heading')].length).toBeLessThanOrEqual(SEO_LIMITS.headingMax);
    expect(written(product.description, 'description').length).toBeGreaterThan(0);
    expect(product.fact_sheet).toEqual(expect.any(String));
    expect(product.url_suggestion).toMatch(/^\/[a-z0-9-/]+$/);
    expect(product.progress).toBe(100);
    for (const image of written(product.image_details, 'image_details')) {
      const alt = written(image.alt_text, 'alt_text');
      expect(alt.length).toBeGreaterThan(0);
      expect([...alt].length).toBeLessThanOrEqual(SEO_LIMITS.altTextMax);
    }
  }
  const titles = run.products.map((p) => p.page_title);
  const metas = run.products.map((p) => p.meta_description);
  expect(new Set(titles).size).toBe(titles.length);
  expect(new Set(metas).size).toBe(metas.length);
}

describe('a real catalogue through an AI workflow', () => {
  it('completes the apparel catalogue with every field within the limits, variants linked, and costs logged', async () => {
    const created = await createBundle({
      bundle_name: 'Apparel',
      ...fixtureProductList('shopify-apparel.csv'),
      custom_fields: {
        keywords: 'organic cotton, shirts',
        url_template: '/shop/{{keywords}}-{{variants}}',
        business_type: 'clothing',
        tone_of_voice: 'friendly',
      },
      workflow_id: GPT35,
    });
    expect(created.workflow_id).toBe(GPT35);
    const run = await waitForRun(t.app, t.user.token, created.bundle_id, GPT35);
    expect(run.totals.failed).toBe(0);
    expectWithinLimits(run);

    const varsity = run.products.filter((p) => p.product_details.product_name === 'Classic Varsity Top');
    expect(varsity).toHaveLength(3);
    const [parent, ...sizes] = varsity.sort((a, b) => a.id - b.id);
    expect(parent!.is_multiple_of).toBeNull();
    for (const size of sizes) expect(size.is_multiple_of).toBe(parent!.id);

    const log = await readLog(created.bundle_workflow_id);
    const aiEntries = log.filter((entry) => entry.type === 'ai');
    const chatCalls = t.fake.requests.filter((r) => r.path.endsWith('/chat/completions'));
    expect(aiEntries).toHaveLength(chatCalls.length);
    for (const entry of aiEntries) {
      const tokens = entry.response.tokens;
      expect(entry.cost).toBeCloseTo(costOf(tokens.model, tokens)!, 10);
      expect(entry.response.final_request.messages.length).toBeGreaterThan(0);
      expect(entry.response.original_request.messages[0]?.template_variables).toBeDefined();
    }
    const logCost = aiEntries.reduce((sum, entry) => sum + (entry.cost ?? Number.NaN), 0);
    expect(run.totals.cost).toBeCloseTo(logCost, 8);
    expect(run.totals.cost).toBeGreaterThan(0);

    // A variant is written from its parent's finished copy.
    const variantCall = chatCalls.find((r) => JSON.stringify(r.body).includes('Parent copy'));
    expect(variantCall).toBeDefined();
    // Progress moved in real steps, each with a general log.
    const productLog = await readLog(created.bundle_workflow_id, parent!.product_id);
    expect(productLog.map((e) => e.event)).toEqual(
      expect.arrayContaining([
        'Generation started',
        'Copy written',
        'Copy checked: within limits',
        'Copy saved',
      ]),
    );
  });
});

describe('the offline writer', () => {
  it('completes the same catalogue with no API key, at cost 0, within the limits', async () => {
    const offline = await createTestApp();
    try {
      const owner = await createTestUser(offline);
      const offlineWorker = await startTestWorker(offline);
      try {
        const response = await callFunction(
          offline,
          'new-bundle',
          { bundle_name: 'Offline', ...fixtureProductList('shopify-apparel.csv') },
          owner.token,
        );
        const created = response.data;
        expect(response.status).toBe(200);
        expect(created.workflow_id).toBe(4);
        const run = await waitForRun(offline, owner.token, created.bundle_id, created.workflow_id);
        expectWithinLimits(run);
        expect(run.totals.cost).toBe(0);
        expect(run.totals.prompt_tokens).toBeGreaterThan(0);
      } finally {
        await offlineWorker.stop();
      }
    } finally {
      await offline.close();
    }
  });
});

/** A small list of distinct products, one image each. */
function smallList(label: string, count: number) {
  const rows = Array.from(
    { length: count },
    (_, i) =>
      `"${label} Lamp ${String.fromCharCode(65 + i)}",Lumen,https://example.com/${label}-${i}.jpg,"A ${label.toLowerCase()} desk lamp with a linen shade."`,
  );
  return { columns: ['title', 'brand', 'image_urls', 'description'], raw_csv: rows.join('\n') };
}

/** A bundle of `count` lamps named after `label` on the GPT-3.5 workflow, and its run once settled. */
async function runLamps(label: string, count: number, timeoutMs?: number) {
  const created = await createBundle({ bundle_name: label, ...smallList(label, count), workflow_id: GPT35 });
  const run = await waitForRun(t.app, t.user.token, created.bundle_id, GPT35, timeoutMs);
  return { created, run };
}

const chatRequestsFor = (name: string) =>
  t.fake.requests.filter(
    (r) => r.path.endsWith('/chat/completions') && JSON.stringify(r.body).includes(name),
  );

describe('provider faults', () => {
  it('waits at least what retry-after says on a 429, and every product completes', async () => {
    t.fake.setBehaviour({ script: [{ fail: 'rate_limit', retryAfterSeconds: 2 }] });
    const before = t.fake.requests.length;
    const { created, run } = await runLamps('Throttled', 3);
    expect(run.totals.done).toBe(3);
    const throttled = t.fake.requests.slice(before).find((r) => r.fail === 'rate_limit')!;
    expect(throttled).toBeDefined();
    const name = ['A', 'B', 'C']
      .map((l) => `Throttled Lamp ${l}`)
      .find((n) => JSON.stringify(throttled.body).includes(n))!;
    const [first, second] = chatRequestsFor(name);
    expect(first!.fail).toBe('rate_limit');
    expect(second!.arrivedAt - first!.arrivedAt).toBeGreaterThanOrEqual(2_000);
    const log = await readLog(created.bundle_workflow_id);
    expect(log.find((e) => e.event === 'Provider call failed; retrying')?.additional).toMatchObject({
      kind: 'rate_limited',
    });
  });

  it('retries broken JSON and then succeeds', async () => {
    t.fake.setBehaviour({ script: ['broken_json'] });
    const { created, run } = await runLamps('Garbled', 1);
    expect(run.totals.done).toBe(1);
    const calls = chatRequestsFor('Garbled Lamp A');
    expect(calls.map((c) => c.fail ?? 'none')).toEqual(['broken_json', 'none']);
    const log = await readLog(created.bundle_workflow_id);
    expect(
      log.some((e) => e.event === 'Provider call failed; retrying' && e.additional?.kind === 'bad_response'),
    ).toBe(true);
  });

  it('repairs copy that breaks the limits with one call naming the problem', async () => {
    t.fake.setBehaviour({ script: ['invalid_copy'] });
    const { run } = await runLamps('Wordy', 1);
    expect(run.products[0]!.status).toBe('done');
    expect([...written(run.products[0]!.page_title, 'page_title')].length).toBeLessThanOrEqual(60);
    const [, repair] = chatRequestsFor('Wordy Lamp A');
    expect(JSON.stringify(repair!.body)).toMatch(/page_title is \d+ characters; it must be at most 60/);
  });

  it('marks every product failed with its reason when the provider always fails, leaving none queued or running', async () => {
    t.fake.setBehaviour({ fail: 'server_error' });
    const { created, run } = await runLamps('Outage', 3, 90_000);
    expect(run.totals.failed).toBe(3);
    for (const product of run.products) {
      expect(product.status).toBe('failed');
      expect(product.error).toMatch(/500|server/i);
    }
    const { rows } = await t.app.database.pool.query(
      `select count(*)::int as n from bundle_workflow_products where bundle_workflow_id = $1 and status in ('queued', 'running')`,
      [created.bundle_workflow_id],
    );
    expect(rows[0].n).toBe(0);
  }, 90_000);
  // Last: after insufficient_quota the provider is not called again for a minute, by design.
  it('fails fast on insufficient_quota with a clear reason, after at most one call per product', async () => {
    t.fake.setBehaviour({ fail: 'insufficient_quota' });
    const { run } = await runLamps('Quota', 4);
    expect(run.totals.failed).toBe(4);
    for (const product of run.products) {
      expect(product.error).toMatch(/no credit left \(insufficient_quota\)/);
      expect(chatRequestsFor(String(product.product_details.product_name)).length).toBeLessThanOrEqual(1);
    }
  });
});
