// The questions-and-answers field on real store exports (tests/fixtures/SOURCES.md): after a built-in run every
// product has 3 to 5 pairs, each question and answer filled, in the copy's language, with no problem stored
// against them; a provider that invents an answer ("Is it waterproof?" "Yes.") is told so in its repair, and
// when it invents again the built-in writer's pairs take its place. No final copy keeps the invented pair.
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readQaPairs } from '../../src/common/copy-fields/qa-pairs';
import { findWrongLanguage } from '../../src/common/copy-rules/wrong-language';
import { functionWordLanguage } from '../../src/common/languages/function-words';
import { workflows } from '../../src/server/db/schema';
import { DEFAULT_PROMPT_TEMPLATES } from '../../src/server/domain/generation/prompt-templates';
import type { CopyQuirks } from '../support/fake-openai';
import { fixturePath } from '../support/fixture-path';
import { type RunBody, runStoreExport, setupFakeOpenAIApp } from '../support/pipeline';

const OFFLINE_WORKFLOW = 4;
const EXPORTS = readdirSync(fixturePath('.'))
  .filter((file) => /^(?:shopify|woocommerce)-.*\.csv$/.test(file))
  .sort();
// Copy in a language the built-in writer has no words for (Russian; WooCommerce's sample, whose lorem ipsum
// reads as Latin): it asks only by the store's own option names, and a product left with fewer than 3 pairs
// says so in its problems for the reviewer to add them.
const NO_PHRASEBOOK = new Set([
  'woocommerce-dorechi-ru-excerpt.csv',
  'woocommerce-sample-products.csv',
  'woocommerce-sample-products-de-header.csv',
]);
// The exports whose copy is in a language the built-in writer has words for, other than English.
const LANGUAGE_OF: Record<string, string> = {
  'shopify-parispousse-fr-excerpt.csv': 'fr',
  'shopify-dstrctee-de-excerpt.csv': 'de',
  'shopify-aquiyahora-es-excerpt.csv': 'es',
};
const WATERPROOF = /waterproof|wasserdicht|imperméable|impermeable/i;

// Read per request: a test sets how the fake invents before its run.
const quirks: CopyQuirks = { language: { lapseShare: 0 } };
const t = setupFakeOpenAIApp({ apiKey: 'sk-qa-pairs', copyQuirks: quirks }, { workerConcurrency: 4 });

type Product = RunBody['products'][number];
const pairsOf = (product: Product) => readQaPairs(product.questions_and_answers);

async function aiWorkflow(): Promise<number> {
  const [row] = await t.app.database.db
    .insert(workflows)
    .values({
      name: `Inventing model ${Math.random().toString(36).slice(2, 8)}`,
      model: 'gpt-4o-mini',
      promptTemplates: DEFAULT_PROMPT_TEMPLATES,
      ownerId: t.user.userId,
    })
    .returning({ id: workflows.id });
  return row!.id;
}

/**
 * Every product: 3 to 5 filled pairs (fewer, with that problem stored, in a language without a phrasebook),
 * none saying waterproof unless its data does, and no other problem stored against them.
 */
function expectPairs(file: string, run: RunBody) {
  expect(run.totals.failed).toBe(0);
  expect(run.totals.done).toBe(run.totals.total);
  for (const product of run.products) {
    const where = `${file}: ${product.product_details.product_name}`;
    const pairs = pairsOf(product);
    const onPairs = (product.problems ?? []).filter((problem) =>
      problem.field.startsWith('questions_and_answers'),
    );
    if (NO_PHRASEBOOK.has(file) && pairs.length < 3) {
      expect(
        onPairs.map((problem) => problem.code),
        where,
      ).toEqual(['qa_count']);
    } else {
      expect(pairs.length, `${where} ${product.questions_and_answers}`).toBeGreaterThanOrEqual(3);
      expect(onPairs, where).toEqual([]);
    }
    expect(pairs.length, where).toBeLessThanOrEqual(5);
    const waterproofData = WATERPROOF.test(JSON.stringify(product.product_details));
    for (const pair of pairs) {
      expect(pair.question.trim(), where).not.toBe('');
      expect(pair.answer.trim(), where).not.toBe('');
      if (!waterproofData) expect(`${pair.question} ${pair.answer}`, where).not.toMatch(WATERPROOF);
    }
  }
}

/** The questions read as the export's language, for the products written in it. */
function expectLanguage(file: string, run: RunBody) {
  const language = LANGUAGE_OF[file];
  if (!language) return;
  let checked = 0;
  for (const product of run.products) {
    const details = product.product_details;
    if (functionWordLanguage(`${details.product_name ?? ''}. ${details.description ?? ''}`) !== language)
      continue;
    // The questions are the copy's own words around the product's name, which may be in any language.
    const name = details.product_name ?? '';
    const questions = pairsOf(product).map((pair) => pair.question.replace(name, ''));
    const where = `${file}: ${questions.join(' | ')}`;
    expect(functionWordLanguage(questions.join(' ')), where).not.toBe('en');
    const own = Object.values(details).join('\n');
    for (const pair of pairsOf(product))
      expect(findWrongLanguage(`${pair.question} ${pair.answer}`, language, own), where).toBeNull();
    checked++;
  }
  expect(checked, file).toBeGreaterThan(0);
}

describe('questions and answers on real exports', () => {
  for (const file of EXPORTS) {
    it(`${file}: the built-in writer gives every product 3 to 5 pairs in the copy's language`, async () => {
      const run = await runStoreExport(t, file, OFFLINE_WORKFLOW);
      expectPairs(file, run);
      expectLanguage(file, run);
    });
  }

  for (const file of [
    'shopify-parispousse-fr-excerpt.csv',
    'shopify-dstrctee-de-excerpt.csv',
    'shopify-jewelry.csv',
  ]) {
    it(`${file}: an invented answer is caught and the repair's pairs are kept`, async () => {
      quirks.inventedAnswer = 'first';
      t.fake.reset();
      const run = await runStoreExport(t, file, await aiWorkflow());
      const repairs = t.fake.requests
        .map((request) => JSON.stringify(request.body))
        .filter((body) => body.includes('"role":"assistant"'));
      // Each product's repair names the invented pair and the claim it makes.
      expect(repairs.length).toBeGreaterThanOrEqual(run.totals.total);
      for (const body of repairs) expect(body).toMatch(/questions_and_answers\[3\] answers with \\"/);
      expectPairs(file, run);
    });
  }

  it('a provider that invents the answer again gets the built-in writer’s pairs', async () => {
    const file = 'shopify-dstrctee-de-excerpt.csv';
    quirks.inventedAnswer = 'always';
    const run = await runStoreExport(t, file, await aiWorkflow());
    expectPairs(file, run);
    expectLanguage(file, run);
  });
});
