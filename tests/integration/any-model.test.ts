// Any OpenAI-compatible endpoint: a user's workflow naming a local model, against an endpoint that
// lists only that model, refuses strict json_schema and answers 503 with Retry-After while its model loads.
import { describe, expect, it } from 'vitest';
import { chatBodies } from '../support/chat-request';
import { fixtureProductList, setupFakeOpenAIApp, waitForRun } from '../support/pipeline';

const MODEL = 'llama3.1:8b';
const LOADING_MS = 6_000;

const t = setupFakeOpenAIApp(
  {
    apiKey: 'sk-local',
    endpoint: { models: [MODEL], refuse: ['json_schema'] },
    // Loading its model: every chat request is a 503 advising a wait of 2 s, until LOADING_MS have passed.
    behaviour: { fail: 'loading', retryAfterSeconds: 2 },
  },
  { workerConcurrency: 4 },
);

describe('a workflow on a local model', () => {
  it('completes the catalogue with nothing failed, naming the model and a max_tokens on every request, at $0', async () => {
    const models = await t.call('list-models', {});
    expect(models.data.models).toEqual([{ id: MODEL }]);

    const workflow = await t.call('new-workflow', {
      name: 'Lokal auf Deutsch',
      model: MODEL,
      language: 'de',
      banned_phrases: ['Weltklasse', 'unschlagbar'],
      price: { input_per_million: 0, output_per_million: 0 },
    });
    expect(workflow.status).toBe(200);
    const workflowId = workflow.data.workflow_id;

    const loadedAt = Date.now() + LOADING_MS;
    setTimeout(() => t.fake.setBehaviour({}), LOADING_MS);
    const created = await t.call('new-bundle', {
      bundle_name: 'Local model',
      ...fixtureProductList('shopify-apparel.csv'),
      workflow_id: workflowId,
    });
    expect(created.status).toBe(200);

    const run = await waitForRun(t.app, t.user.token, created.data.bundle_id, workflowId, 120_000);
    expect(Date.now()).toBeGreaterThanOrEqual(loadedAt);
    const failed = run.products.filter((product) => product.status === 'failed');
    expect(failed.map((product) => product.error)).toEqual([]);
    expect(run.totals.failed).toBe(0);
    expect(run.totals.done).toBe(run.totals.total);
    expect(run.totals.total).toBeGreaterThanOrEqual(15);
    console.log(
      `${MODEL}: ${run.totals.done} products done, ${t.fake.counters.failures.loading ?? 0} 503s while loading`,
    );

    // The endpoint really was loading at first, and really refused json_schema.
    expect(t.fake.counters.failures.loading ?? 0).toBeGreaterThan(0);
    const chats = chatBodies(t.fake.requests);
    expect(chats.length).toBeGreaterThan(run.totals.total);
    for (const body of chats) {
      expect(body.model).toBe(MODEL);
      expect(body.max_tokens ?? body.max_completion_tokens).toBeGreaterThan(0);
    }

    const log = await t.call('view-bundle-log', { bundle_workflow_id: created.data.bundle_workflow_id });
    const aiLines = log.data.log.filter((entry) => entry.type === 'ai');
    expect(aiLines.length).toBeGreaterThanOrEqual(run.totals.total);
    for (const line of aiLines) expect(line.cost).toBe(0);
    expect(run.totals.cost).toBe(0);
  }, 150_000);

  it('shows the cost as unknown, never $0 nor a borrowed price, for a model with no price', async () => {
    t.fake.setBehaviour({});
    const workflow = await t.call('new-workflow', { name: 'Local, unpriced', model: MODEL });
    expect(workflow.status).toBe(200);
    const workflowId = workflow.data.workflow_id;
    const created = await t.call('new-bundle', {
      bundle_name: 'Local model, no price',
      columns: ['title', 'brand', 'colour'],
      raw_csv: 'Linen Cushion,Hemma,Sand\nWool Throw,Hemma,Grey',
      workflow_id: workflowId,
    });
    expect(created.status).toBe(200);
    const run = await waitForRun(t.app, t.user.token, created.data.bundle_id, workflowId);
    expect(run.totals.done).toBe(2);
    expect(run.totals.cost_unknown).toBe(true);
    expect(run.totals.cost).toBe(0);
    expect(run.totals.prompt_tokens).toBeGreaterThan(0);
    const log = await t.call('view-bundle-log', { bundle_workflow_id: created.data.bundle_workflow_id });
    const aiLines = log.data.log.filter((entry) => entry.type === 'ai');
    expect(aiLines.length).toBeGreaterThanOrEqual(2);
    for (const line of aiLines) expect(line.type === 'ai' && line.cost).toBeNull();
  }, 60_000);

  it("spells URL suggestions the workflow's language's way (German ä, ö, ü, ß)", async () => {
    t.fake.setBehaviour({});
    const suggested = async (language?: string) => {
      const workflow = await t.call('new-workflow', {
        name: `Slugs ${language ?? 'default'}`,
        model: MODEL,
        ...(language ? { language } : {}),
      });
      expect(workflow.status).toBe(200);
      const created = await t.call('new-bundle', {
        bundle_name: `Slugs ${language ?? 'default'}`,
        columns: ['title', 'brand'],
        raw_csv: 'Großer Kühlschrank Öko,Küchenwerk',
        workflow_id: workflow.data.workflow_id,
      });
      expect(created.status).toBe(200);
      const run = await waitForRun(t.app, t.user.token, created.data.bundle_id, workflow.data.workflow_id);
      return run.products[0]!.url_suggestion ?? '';
    };
    expect(await suggested('de')).toContain('grosser-kuehlschrank-oeko');
    expect(await suggested()).toContain('grosser-kuhlschrank-oko');
  }, 60_000);
});
