// Copy checks against a provider that misbehaves the way models do: the fake
// writes the same heading for every product and appends "Backed by a 3 year warranty." to each description.
// The bundle still has no repeated title, meta description or heading, no warranty, and every variant names
// what sets it apart. A workflow in German with banned phrases keeps them out of the copy and its prompt asks
// for German and states the 60-character title limit.
import { describe, expect, it } from 'vitest';
import { workflows } from '../../src/server/db/schema';
import { DEFAULT_PROMPT_TEMPLATES } from '../../src/server/domain/generation/prompt-templates';
import { chatBodies } from '../support/chat-request';
import { FIXTURE_CATALOGUES, type FixtureCatalogue } from '../support/fixture-catalogues';
import { fixtureProductList, type RunBody, setupFakeOpenAIApp, waitForRun } from '../support/pipeline';

const HEADING = 'Our Favourite Product';
const WARRANTY = 'Backed by a 3 year warranty.';

const t = setupFakeOpenAIApp(
  { apiKey: 'sk-copy-checks', copyQuirks: { sameHeading: HEADING, appendToDescription: WARRANTY } },
  { workerConcurrency: 4 },
);

type Product = RunBody['products'][number];

async function addWorkflow(fields: Partial<typeof workflows.$inferInsert>): Promise<number> {
  const [row] = await t.app.database.db
    .insert(workflows)
    .values({
      name: `Copy checks ${Math.random().toString(36).slice(2, 8)}`,
      model: 'gpt-4o-mini',
      promptTemplates: DEFAULT_PROMPT_TEMPLATES,
      ownerId: t.user.userId,
      ...fields,
    })
    .returning({ id: workflows.id });
  return row!.id;
}

async function runCatalogue(
  workflowId: number,
  name: string,
  catalogue: FixtureCatalogue = 'shopify-apparel.csv',
): Promise<RunBody> {
  const created = await t.call('new-bundle', {
    bundle_name: name,
    ...fixtureProductList(catalogue),
    workflow_id: workflowId,
  });
  expect(created.status).toBe(200);
  return waitForRun(t.app, t.user.token, created.data.bundle_id, workflowId, 120_000);
}

const allText = (product: Product) =>
  [
    product.page_title,
    product.meta_description,
    product.heading,
    product.description,
    product.fact_sheet,
    ...(product.image_details ?? []).map((image) => image.alt_text),
  ].join('\n');

const key = (text: string | null | undefined) => (text ?? '').trim().toLowerCase();

describe('copy checks against a misbehaving provider', () => {
  it('repeats no title, meta description or heading, claims no warranty, and names every variant', async () => {
    const run = await runCatalogue(await addWorkflow({}), 'Misbehaving provider');
    expect(run.totals.failed).toBe(0);
    expect(run.totals.done).toBe(run.totals.total);
    // The fake really misbehaved: it was asked for repairs and its answers carried the quirks.
    expect(t.fake.requests.length).toBeGreaterThan(run.totals.total);

    for (const field of ['page_title', 'meta_description', 'heading'] as const) {
      const texts = run.products.map((product) => key(product[field]));
      expect(texts.every((text) => text !== '')).toBe(true);
      expect(new Set(texts).size, `${field} repeated`).toBe(texts.length);
    }
    for (const product of run.products) expect(allText(product)).not.toMatch(/warrant/i);
    // At most one product keeps the heading every answer carried.
    expect(run.products.filter((product) => product.heading === HEADING).length).toBeLessThanOrEqual(1);

    const byId = new Map(run.products.map((product) => [product.id, product]));
    const variants = run.products.filter((product) => product.is_multiple_of);
    expect(variants.length).toBeGreaterThan(0);
    for (const variant of variants) {
      const parent = byId.get(variant.is_multiple_of!)!;
      const differing = ['colour', 'size', 'dimensions']
        .map((attribute) => variant.product_details[attribute]?.trim() ?? '')
        .filter(
          (value, index) =>
            value !== '' &&
            key(value) !== key(parent.product_details[['colour', 'size', 'dimensions'][index]!]),
        );
      expect(differing.length, `variant ${variant.product_details.product_name}`).toBeGreaterThan(0);
      const named = `${variant.page_title} ${variant.heading}`.toLowerCase();
      for (const value of differing) expect(named, `variant names "${value}"`).toContain(value.toLowerCase());
    }

    // The screen flags exactly the stored problems: none of them is a repeat, a claim or an unnamed variant.
    for (const product of run.products) {
      const codes = (product.problems ?? []).map((problem) => problem.code);
      expect(codes).not.toContain('ungrounded');
      expect(codes).not.toContain('variant_unnamed');
      expect(codes).not.toContain('duplicate');
    }
  });

  it('keeps banned phrases out of German copy and asks for German with the 60-character title limit', async () => {
    t.fake.reset();
    const banned = ['Our Favourite Product', 'compare the options'];
    const workflowId = await addWorkflow({
      language: 'de',
      bannedPhrases: banned,
      protectedTerms: ['partners-demo'],
      voiceNotes: 'Kurze Sätze.',
    });
    const run = await runCatalogue(workflowId, 'German, banned phrases');
    expect(run.totals.failed).toBe(0);
    for (const product of run.products) {
      for (const phrase of banned) expect(allText(product).toLowerCase()).not.toContain(phrase.toLowerCase());
    }
    const prompts = chatBodies(t.fake.requests).map((body) => body.messages.map((m) => m.content).join('\n'));
    expect(prompts.length).toBeGreaterThan(0);
    for (const prompt of prompts) {
      expect(prompt).toContain('Write in German (de)');
      expect(prompt).toContain('page_title: the page title, at most 60 characters');
      expect(prompt).toContain('"compare the options"');
      expect(prompt).toContain('Voice notes: Kurze Sätze.');
    }
  });

  it.each(FIXTURE_CATALOGUES)(
    'stores no problem for any product the built-in writer writes from %s, so the screen flags none',
    async (catalogue) => {
      const BUILT_IN = 4;
      const run = await runCatalogue(BUILT_IN, `Built-in ${catalogue}`, catalogue);
      expect(run.totals.done).toBe(run.totals.total);
      for (const product of run.products) {
        expect({ name: product.product_details.product_name, problems: product.problems }).toEqual({
          name: product.product_details.product_name,
          problems: [],
        });
        // Distinct by wording, not by a number stuck on the end.
        expect(product.meta_description).not.toMatch(/\(\d+\)$/);
      }
      for (const field of ['page_title', 'meta_description', 'heading'] as const) {
        const texts = run.products.map((product) => key(product[field]));
        expect(new Set(texts).size, `${field} repeated`).toBe(texts.length);
      }
    },
  );
});
