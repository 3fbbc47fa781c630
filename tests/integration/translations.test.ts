// A workflow writing several languages: a French store's catalogue written in French and, from the same data,
// in English, by the built-in writer and by a provider. Every product has both, each with its own check; each
// translation's prompt asks for its language; a batch workflow and a malformed language list are refused.
import { describe, expect, it } from 'vitest';
import { findWrongLanguage } from '../../src/common/copy-rules/wrong-language';
import { chatBodies } from '../support/chat-request';
import { type RunBody, runStoreExport, setupFakeOpenAIApp } from '../support/pipeline';

const t = setupFakeOpenAIApp({ apiKey: 'sk-translations' }, { workerConcurrency: 4 });
const FRENCH_EXPORT = 'shopify-parispousse-fr-excerpt.csv';

const runFrenchExport = (workflowId: number) => runStoreExport(t, FRENCH_EXPORT, workflowId);

async function newWorkflow(fields: Record<string, unknown>) {
  const name = `Languages ${Math.random().toString(36).slice(2, 8)}`;
  return t.call('new-workflow', { name, ...fields } as never);
}

/** Every product is done, and has an English translation with every field written and no problem left. */
function expectEveryProductInBoth(run: RunBody) {
  expect(run.totals.failed).toBe(0);
  expect(run.products.length).toBeGreaterThan(5);
  for (const product of run.products) {
    expect(product.status).toBe('done');
    expect(product.page_title, `product ${product.id}`).toBeTruthy();
    const english = product.translations?.en;
    expect(english, `product ${product.id} has English copy`).toBeDefined();
    for (const field of ['page_title', 'meta_description', 'heading', 'description'] as const) {
      expect(english?.[field].trim(), `product ${product.id} en ${field}`).not.toBe('');
      // Read on its own, not through the stored problems: no sentence of the English copy is the store's French.
      expect(
        findWrongLanguage(english?.[field] ?? '', 'en', ''),
        `product ${product.id} en ${field}`,
      ).toBeNull();
    }
    // An alt text for each image the first language's copy wrote one for, none of them empty.
    const written = (product.image_details ?? []).filter((image) => image.alt_text !== null);
    expect(english?.alt_texts.length, `product ${product.id} en alt texts`).toBeGreaterThanOrEqual(
      written.length,
    );
    for (const alt of english?.alt_texts ?? []) expect(alt.trim()).not.toBe('');
    expect(english?.problems, `product ${product.id} en problems`).toEqual([]);
    expect(Object.keys(product.translations ?? {})).toEqual(['en']);
  }
}

describe('a workflow with languages ["fr", "en"]', () => {
  it('answers its languages, and refuses a list that repeats, contradicts or goes by the Batch API', async () => {
    const made = await newWorkflow({ model: 'offline', languages: ['fr', 'EN'] });
    expect(made.status, JSON.stringify(made.data)).toBe(200);
    const listed = await t.call('list-workflows', {});
    const own = listed.data.workflows.find((workflow) => workflow.id === made.data.workflow_id);
    expect(own?.language).toBe('fr');
    expect(own?.languages).toEqual(['fr', 'en']);

    const repeated = await newWorkflow({ model: 'offline', languages: ['fr', 'fr'] });
    expect(repeated.status).toBe(400);
    expect(repeated.error?.message).toContain('languages names each language once');
    const contradicting = await newWorkflow({ model: 'offline', language: 'de', languages: ['fr', 'en'] });
    expect(contradicting.status).toBe(400);
    expect(contradicting.error?.message).toContain('language: "de" must be the first of languages');
    const batched = await newWorkflow({ model: 'gpt-4o-mini', batch: true, languages: ['fr', 'en'] });
    expect(batched.status).toBe(400);
    expect(batched.error?.message).toContain('languages: a Batch API workflow writes one language');

    // Setting the language alone keeps the translations it does not duplicate; null drops them.
    const changed = await t.call('update-workflow', { workflow_id: made.data.workflow_id, language: 'en' });
    expect(changed.data.workflow.languages).toEqual(['en']);
    const cleared = await t.call('update-workflow', {
      workflow_id: made.data.workflow_id,
      languages: ['fr', 'en', 'de'],
    });
    expect(cleared.data.workflow.languages).toEqual(['fr', 'en', 'de']);
    const none = await t.call('update-workflow', { workflow_id: made.data.workflow_id, language: null });
    expect(none.data.workflow.languages).toEqual([]);
  });

  it('writes every product of a French export in both with the built-in writer', async () => {
    const made = await newWorkflow({ model: 'offline', languages: ['fr', 'en'] });
    const run = await runFrenchExport(made.data.workflow_id);
    expectEveryProductInBoth(run);
    // The two languages' copy is not the same text.
    const same = run.products.filter(
      (product) => product.translations?.en?.meta_description === product.meta_description,
    );
    expect(same.length).toBeLessThan(run.products.length);
  }, 150_000);

  it('asks the provider for each language in its own prompt, and logs each language apart', async () => {
    const before = chatBodies(t.fake.requests).length;
    const made = await newWorkflow({ model: 'gpt-4o-mini', languages: ['fr', 'en'] });
    const run = await runFrenchExport(made.data.workflow_id);
    expectEveryProductInBoth(run);

    const systems = chatBodies(t.fake.requests)
      .slice(before)
      .map((body) => body.messages.find((message) => message.role === 'system')?.content ?? '');
    const french = systems.filter((text) => text.includes('Write in French'));
    const english = systems.filter((text) => text.includes('Write in English'));
    expect(french.length).toBeGreaterThanOrEqual(run.products.length);
    expect(english.length).toBeGreaterThanOrEqual(run.products.length);
    expect(french.length + english.length).toBe(systems.length);

    const log = await t.call('view-bundle-log', { bundle_workflow_id: run.products[0]!.bundle_workflow_id });
    const events = log.data.log.filter((entry) => entry.type === 'ai').map((entry) => entry.event);
    expect(events.filter((event) => event === 'Copy written')).toHaveLength(run.products.length);
    expect(events.filter((event) => event === 'Copy written (en)')).toHaveLength(run.products.length);
  }, 150_000);
});
