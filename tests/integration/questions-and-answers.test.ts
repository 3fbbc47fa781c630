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
// The language each export's copy is in, when it is not English everywhere, and which of its products are in
// it: by the function words of their own text (dstrctee has one English product), or all of them. Every one
// has a phrasebook. The function words know no Cyrillic language; dorechi's nine products are all Russian.
// WooCommerce's own sample products are lorem ipsum, which reads as Latin: no store language, so English.
const LANGUAGE_OF: Record<string, { language: string; every?: true }> = {
  'shopify-parispousse-fr-excerpt.csv': { language: 'fr' },
  'shopify-dstrctee-de-excerpt.csv': { language: 'de' },
  'shopify-aquiyahora-es-excerpt.csv': { language: 'es' },
  'woocommerce-dorechi-ru-excerpt.csv': { language: 'ru', every: true },
  'woocommerce-sample-products.csv': { language: 'en', every: true },
  'woocommerce-sample-products-de-header.csv': { language: 'en', every: true },
};
// The letters a language's own words are written in, where it is not the Latin alphabet.
const SCRIPT_OF: Record<string, RegExp> = { ru: /^\p{Script=Cyrillic}+$/u };
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
 * Every product: 3 to 5 filled pairs, none saying waterproof unless its data does, and no problem stored
 * against them.
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
    expect(pairs.length, `${where} ${product.questions_and_answers}`).toBeGreaterThanOrEqual(3);
    expect(pairs.length, where).toBeLessThanOrEqual(5);
    expect(onPairs, where).toEqual([]);
    const waterproofData = WATERPROOF.test(JSON.stringify(product.product_details));
    for (const pair of pairs) {
      expect(pair.question.trim(), where).not.toBe('');
      expect(pair.answer.trim(), where).not.toBe('');
      if (!waterproofData) expect(`${pair.question} ${pair.answer}`, where).not.toMatch(WATERPROOF);
    }
  }
}

/** The words of the questions that are the copy's own: the product's own words may be in any language. */
function askedWords(product: Product): string[] {
  const own = new Set(
    Object.values(product.product_details)
      .join(' ')
      .toLowerCase()
      .match(/\p{L}+/gu) ?? [],
  );
  const questions = pairsOf(product).map((pair) => pair.question);
  return (questions.join(' ').match(/\p{L}+/gu) ?? []).filter((word) => !own.has(word.toLowerCase()));
}

/** The questions read as the export's language, for the products written in it. */
function expectLanguage(file: string, run: RunBody) {
  const expected = LANGUAGE_OF[file];
  if (!expected) return;
  const { language } = expected;
  let checked = 0;
  for (const product of run.products) {
    const details = product.product_details;
    const ownText = `${details.product_name ?? ''}. ${details.description ?? ''}`;
    if (!expected.every && functionWordLanguage(ownText) !== language) continue;
    const asked = askedWords(product);
    const where = `${file}: ${pairsOf(product)
      .map((pair) => pair.question)
      .join(' | ')}`;
    const byWords = functionWordLanguage(asked.join(' '));
    if (language === 'en') expect(byWords, where).toBe('en');
    else expect(byWords, where).not.toBe('en');
    const script = SCRIPT_OF[language];
    if (script)
      expect(
        asked.filter((word) => !script.test(word)),
        where,
      ).toEqual([]);
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
