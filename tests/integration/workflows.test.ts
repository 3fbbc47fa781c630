// Workflows a user makes: create, change, delete, list with the seeded ones; every field checked;
// another user's workflow answers exactly like a missing one, everywhere a workflow id is taken.
import { beforeAll, describe, expect, it } from 'vitest';
import { setupFakeOpenAIApp } from '../support/pipeline';
import { callFunction, createTestUser, type TestUser } from '../support/test-app';

const t = setupFakeOpenAIApp({ apiKey: 'sk-workflows', endpoint: { models: ['llama3.1:8b', 'qwen2.5:7b'] } });

const ownWorkflow = {
  name: 'Deutsch, lokal',
  model: 'llama3.1:8b',
  language: 'de',
  banned_phrases: ['unschlagbar', 'Weltklasse'],
  protected_terms: ['ACME Pro'],
  voice_notes: 'Sachlich, kurze Sätze.',
  temperature: 0.4,
  max_output_tokens: 1200,
  price: { input_per_million: 0, output_per_million: 0 },
  batch: false,
  batch_repairs: 'direct' as const,
};

describe("a user's own workflows", () => {
  let other: TestUser;
  let workflowId: number;
  beforeAll(async () => {
    other = await createTestUser(t.app);
    const created = await t.call('new-workflow', ownWorkflow);
    expect(created.status).toBe(200);
    workflowId = created.data.workflow_id;
  });
  const asOther = <N extends Parameters<typeof callFunction>[1]>(
    name: N,
    body: Parameters<typeof callFunction<N>>[2],
  ) => callFunction(t.app, name, body, other.token);

  it('gets an id from 1000 up and is listed after the seeded ones, with every field', async () => {
    expect(workflowId).toBeGreaterThanOrEqual(1000);
    const listed = await t.call('list-workflows', {});
    const ids = listed.data.workflows.map((w) => w.id);
    expect(ids.slice(0, 6)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(listed.data.workflows.find((w) => w.id === 5)).toMatchObject({
      model: 'gpt-4o-mini',
      is_own: false,
      effective_price: { input_per_million: 0.15, output_per_million: 0.6, source: 'built_in' },
    });
    expect(listed.data.workflows.find((w) => w.id === 6)?.model).toBe('gpt-4.1-mini');
    const mine = listed.data.workflows.find((w) => w.id === workflowId);
    expect(mine).toMatchObject({
      ...ownWorkflow,
      is_own: true,
      is_available: true,
      effective_price: { input_per_million: 0, output_per_million: 0, source: 'workflow' },
    });
  });

  it("changes only the fields sent, and a removed price makes an unknown model's price unknown", async () => {
    const updated = await t.call('update-workflow', {
      workflow_id: workflowId,
      language: 'de-ch',
      price: null,
    });
    expect(updated.status).toBe(200);
    expect(updated.data.workflow).toMatchObject({
      name: ownWorkflow.name,
      language: 'de-CH',
      banned_phrases: ownWorkflow.banned_phrases,
      price: null,
      effective_price: null,
    });
    await t.call('update-workflow', { workflow_id: workflowId, price: ownWorkflow.price, language: 'de' });
  });

  it('refuses each bad field with 400 bad_input naming it', async () => {
    const bad: Array<[Record<string, unknown>, RegExp]> = [
      [{ name: 'x'.repeat(101) }, /name.*100/],
      [{ name: '  ' }, /name/],
      [{ model: '' }, /model/],
      [{ model: 'm'.repeat(201) }, /model.*200/],
      [{ language: 'not a language!' }, /language.*BCP 47/],
      [{ banned_phrases: Array.from({ length: 101 }, (_, i) => `p${i}`) }, /banned_phrases.*100/],
      [{ protected_terms: ['t'.repeat(101)] }, /protected_terms.*100 characters/],
      [{ temperature: 2.5 }, /temperature.*0 and 2/],
      [{ temperature: -0.1 }, /temperature/],
      [{ max_output_tokens: 15 }, /max_output_tokens.*16/],
      [{ max_output_tokens: 32_001 }, /max_output_tokens.*32000/],
      [{ price: { input_per_million: -1, output_per_million: 0 } }, /price\.input_per_million/],
      [{ batch_repairs: 'later' }, /batch_repairs is one of: batch, direct/],
    ];
    for (const [change, message] of bad) {
      const response = await t.call('new-workflow', { ...ownWorkflow, name: 'Another', ...change } as never);
      expect(response.status, JSON.stringify(change)).toBe(400);
      expect(response.error?.type).toBe('bad_input');
      expect(response.error?.message, JSON.stringify(change)).toMatch(message);
    }
    const duplicate = await t.call('new-workflow', ownWorkflow);
    expect(duplicate.status).toBe(400);
    expect(duplicate.error?.message).toMatch(/already have a workflow named/);
  });

  it('does not let a seeded workflow be changed or deleted', async () => {
    const changed = await t.call('update-workflow', { workflow_id: 1, name: 'Mine now' });
    expect(changed.status).toBe(400);
    const deleted = await t.call('delete-workflow', { workflow_id: 2 });
    expect(deleted.status).toBe(400);
  });

  it('is invisible to another user, and answers 404 unknown_workflow everywhere', async () => {
    const theirs = await asOther('list-workflows', {});
    expect(theirs.data.workflows.map((w) => w.id)).not.toContain(workflowId);

    const missingId = 999_999;
    const bundle = await asOther('new-bundle', {
      bundle_name: 'Theirs',
      columns: ['title'],
      raw_csv: 'A lamp',
      workflow_id: 4,
    });
    expect(bundle.status).toBe(200);
    const attempts = [
      () =>
        asOther('new-bundle', {
          bundle_name: 'Run mine',
          columns: ['title'],
          raw_csv: 'A lamp',
          workflow_id: workflowId,
        }),
      () => asOther('new-bundle-workflow', { bundle_id: bundle.data.bundle_id, workflow_id: workflowId }),
      () => asOther('view-bundle-workflow', { bundle_id: bundle.data.bundle_id, workflow_id: workflowId }),
      () => asOther('estimate-cost', { workflow_id: workflowId, columns: ['title'], raw_csv: 'A lamp' }),
      () => asOther('update-workflow', { workflow_id: workflowId, name: 'Stolen' }),
      () => asOther('delete-workflow', { workflow_id: workflowId }),
    ];
    for (const attempt of attempts) {
      const response = await attempt();
      expect(response.status).toBe(404);
      expect(response.error?.type).toBe('unknown_workflow');
    }
    // Exactly as for an id that does not exist.
    const missing = await asOther('new-bundle-workflow', {
      bundle_id: bundle.data.bundle_id,
      workflow_id: missingId,
    });
    expect(missing.status).toBe(404);
    expect(missing.error).toEqual({ ...missing.error, type: 'unknown_workflow' });

    // The owner can still see it unchanged.
    const mine = await t.call('list-workflows', {});
    expect(mine.data.workflows.find((w) => w.id === workflowId)?.name).toBe(ownWorkflow.name);
  });

  it('can be run by its owner, and is then refused deletion while a run uses it', async () => {
    const bundle = await t.call('new-bundle', {
      bundle_name: 'Mine',
      columns: ['title'],
      raw_csv: 'A lamp',
      workflow_id: workflowId,
    });
    expect(bundle.status).toBe(200);
    expect(bundle.data.workflow_id).toBe(workflowId);
    const refused = await t.call('delete-workflow', { workflow_id: workflowId });
    expect(refused.status).toBe(400);
    expect(refused.error?.message).toMatch(/used by 1 run/);

    await t.call('delete-bundle', { bundle_id: bundle.data.bundle_id });
    const deleted = await t.call('delete-workflow', { workflow_id: workflowId });
    expect(deleted.data).toEqual({ deleted: true });
    const listed = await t.call('list-workflows', {});
    expect(listed.data.workflows.map((w) => w.id)).not.toContain(workflowId);
  });
});

describe('list-models', () => {
  it("lists what the endpoint's GET /models lists, and asks it at most once a minute", async () => {
    const before = t.fake.requests.filter((r) => r.path === '/v1/models').length;
    const first = await t.call('list-models', {});
    expect(first.status).toBe(200);
    expect(first.data.models).toEqual([{ id: 'llama3.1:8b' }, { id: 'qwen2.5:7b' }]);
    const second = await t.call('list-models', {});
    expect(second.data).toEqual(first.data);
    expect(t.fake.requests.filter((r) => r.path === '/v1/models').length).toBe(before + 1);
  });
});
