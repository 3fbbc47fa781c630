// Copy in the store's own language (docs/pipeline.md, "Language"): French, German and Spanish Shopify exports
// written by the built-in writer and by a provider that answers in the asked language but sometimes in
// English, sometimes with a claim it invents in that language. After either run no field carries English
// template words, every prompt names the language, and the invented claims and English answers are repaired.
import { describe, expect, it } from 'vitest';
import { findWrongLanguage } from '../../src/common/copy-rules/wrong-language';
import { functionWordLanguage } from '../../src/common/languages/function-words';
import { workflows } from '../../src/server/db/schema';
import { DEFAULT_PROMPT_TEMPLATES } from '../../src/server/domain/generation/prompt-templates';
import { INVENTED_CLAIMS, languageLapseFor } from '../support/fake-language';
import { copyFieldsOf, type RunBody, runStoreExport, setupFakeOpenAIApp } from '../support/pipeline';

const OFFLINE_WORKFLOW = 4;
const LAPSE_SHARE = 0.5;
const EXPORTS = [
  { file: 'shopify-parispousse-fr-excerpt.csv', language: 'fr', name: 'French' },
  { file: 'shopify-dstrctee-de-excerpt.csv', language: 'de', name: 'German' },
  { file: 'shopify-aquiyahora-es-excerpt.csv', language: 'es', name: 'Spanish' },
] as const;

const t = setupFakeOpenAIApp(
  { apiKey: 'sk-copy-language', copyQuirks: { language: { lapseShare: LAPSE_SHARE } } },
  { workerConcurrency: 4 },
);

type Product = RunBody['products'][number];
const fieldsOf = copyFieldsOf;

// The English template sentences the built-in writer used to splice into every language.
const ENGLISH_TEMPLATES =
  /\b(?:Meet the|ready to order online|Find out more|from our (?:online )?shop|is available in|Order the|Shop now|Browse the full range)\b/;

const run = (file: string, workflowId: number) => runStoreExport(t, file, workflowId);

async function aiWorkflow(): Promise<number> {
  const [row] = await t.app.database.db
    .insert(workflows)
    .values({
      name: `Language model ${Math.random().toString(36).slice(2, 8)}`,
      model: 'gpt-4o-mini',
      promptTemplates: DEFAULT_PROMPT_TEMPLATES,
      ownerId: t.user.userId,
    })
    .returning({ id: workflows.id });
  return row!.id;
}

/** The product's own language: the store's one English product (dstrctee's organic tee) is written in English. */
const ownLanguage = (product: Product, byId: Map<number, Product>, fallback: string) => {
  const source = product.is_multiple_of ? byId.get(product.is_multiple_of)! : product;
  const details = source.product_details;
  return functionWordLanguage(`${details.product_name ?? ''}. ${details.description ?? ''}`) ?? fallback;
};

function expectInLanguage(file: string, language: string, run: RunBody) {
  expect(run.totals.failed).toBe(0);
  const byId = new Map(run.products.map((product) => [product.id, product]));
  let checked = 0;
  for (const product of run.products) {
    if (ownLanguage(product, byId, language) !== language) continue;
    checked++;
    const own = JSON.stringify(product.product_details);
    for (const [field, text] of Object.entries(fieldsOf(product))) {
      const where = `${file}: ${product.product_details.product_name} ${field}: ${text}`;
      expect(text, where).not.toMatch(ENGLISH_TEMPLATES);
      expect(findWrongLanguage(text, language, own), where).toBeNull();
      for (const claim of Object.values(INVENTED_CLAIMS)) expect(text, where).not.toContain(claim);
    }
    const codes = (product.problems ?? []).map((problem) => problem.code);
    expect(codes, file).not.toContain('wrong_language');
    expect(codes, file).not.toContain('ungrounded');
  }
  expect(checked, `${file}: products in ${language}`).toBeGreaterThan(0);
}

describe('copy in the store’s language', () => {
  for (const { file, language } of EXPORTS) {
    it(`${file}: the built-in writer writes ${language} only, with no problem stored`, async () => {
      const result = await run(file, OFFLINE_WORKFLOW);
      expectInLanguage(file, language, result);
      for (const product of result.products) expect(product.problems ?? [], file).toEqual([]);
    });
  }

  for (const { file, language, name } of EXPORTS) {
    it(`${file}: every prompt names ${name}; English answers and invented claims are caught and repaired`, async () => {
      t.fake.reset();
      const result = await run(file, await aiWorkflow());
      expectInLanguage(file, language, result);
      const prompts = t.fake.requests
        .map((request) => JSON.stringify(request.body))
        .filter((body) => body.includes('page_title'));
      expect(prompts.length).toBeGreaterThan(0);
      for (const prompt of prompts) expect(prompt).toMatch(/Write in [A-Z][a-z]+ \([a-z]{2}\)/);
      expect(
        prompts.filter((prompt) => prompt.includes(`Write in ${name} (${language})`)).length,
      ).toBeGreaterThan(0);
      // The fake lapsed on some products, and each lapse was sent back for repair.
      const lapsed = result.products.filter(
        (product) => languageLapseFor(product.product_details.product_name ?? '', LAPSE_SHARE) !== null,
      );
      expect(lapsed.length).toBeGreaterThan(0);
      const repairs = prompts.filter((prompt) => prompt.includes('Some fields broke the rules'));
      expect(repairs.some((prompt) => /English words|not in the product data/.test(prompt))).toBe(true);
    });
  }
});
