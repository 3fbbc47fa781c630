// What it must show: a provider that writes "undefined undefined", cuts its sentences off, or opens with the
// store's own section heading, on every first answer, over real exports in French, German and English. The
// checks flag each break, the repair (or the grounded fallback) mends it, and no final field keeps it.
import { describe, expect, it } from 'vitest';
import { opensWithLabel, storeLabels } from '../../src/common/copy-rules/broken-text';
import { workflows } from '../../src/server/db/schema';
import { DEFAULT_PROMPT_TEMPLATES } from '../../src/server/domain/generation/prompt-templates';
import { TEXT_BREAKS, type TextBreak } from '../support/fake-copy-breaks';
import { readFixture } from '../support/fixture-path';
import { setupFakeOpenAIApp, waitForRun } from '../support/pipeline';

const EXPORTS = [
  'shopify-parispousse-fr-excerpt.csv',
  'shopify-dstrctee-de-excerpt.csv',
  'woocommerce-tgmodz-excerpt.csv',
];
const BREAKS: Record<TextBreak, RegExp> = {
  artefact: /\bundefined\b/,
  cut_sentence: /Our team answers\s*$|\bwith\s*$/,
  store_heading: /^$/, // checked against the store's labels below
};
const KINDS: Record<TextBreak, string> = {
  artefact: 'artefact',
  cut_sentence: 'cut_off',
  store_heading: 'copied_label',
};

describe.each(TEXT_BREAKS)('a provider whose every first answer has this break: %s', (textBreak) => {
  const t = setupFakeOpenAIApp(
    { apiKey: `sk-breaks-${textBreak}`, copyQuirks: { textBreak } },
    { workerConcurrency: 4 },
  );

  async function workflowId(): Promise<number> {
    const [row] = await t.app.database.db
      .insert(workflows)
      .values({
        name: `Breaks ${textBreak} ${Math.random().toString(36).slice(2, 8)}`,
        model: 'gpt-4o-mini',
        promptTemplates: DEFAULT_PROMPT_TEMPLATES,
        ownerId: t.user.userId,
      })
      .returning({ id: workflows.id });
    return row!.id;
  }

  it.each(EXPORTS)('%s: every break is flagged, repaired, and gone from the final copy', async (file) => {
    t.fake.reset();
    const workflow = await workflowId();
    const created = await t.call('new-bundle', {
      bundle_name: `${file} ${textBreak}`,
      store_export: { format: 'auto', text: readFixture(file) },
      workflow_id: workflow,
    });
    expect(created.status, JSON.stringify(created.data)).toBe(200);
    const run = await waitForRun(t.app, t.user.token, created.data.bundle_id, workflow, 120_000);
    expect(run.totals.done).toBe(run.totals.total);
    // The checks named the break in the repair prompts they sent.
    const repairs = t.fake.requests
      .map((request) => JSON.stringify(request.body))
      .filter((body) => body.includes('broke the rules'));
    expect(repairs.length, 'repairs asked').toBeGreaterThan(0);
    const named = {
      artefact: 'programming artefact',
      cut_sentence: 'mid-sentence',
      store_heading: "store's own heading",
    }[textBreak];
    // A store whose description opens with a sentence, not a heading, gives the third break nothing to copy.
    if (textBreak !== 'store_heading') {
      expect(
        repairs.some((body) => body.includes(named)),
        `a repair names "${named}"`,
      ).toBe(true);
    }
    for (const product of run.products) {
      const labels = storeLabels(
        product.product_details.description ?? '',
        product.product_details.product_name ?? '',
      );
      const texts = {
        page_title: product.page_title ?? '',
        meta_description: product.meta_description ?? '',
        heading: product.heading ?? '',
        description: product.description ?? '',
      };
      for (const [field, text] of Object.entries(texts)) {
        const where = `${file} ${product.product_details.product_name} ${field}: ${text}`;
        if (textBreak !== 'store_heading') expect(text, where).not.toMatch(BREAKS[textBreak]);
        else if (field !== 'page_title') expect(opensWithLabel(text, labels), where).toBeNull();
      }
      expect((product.problems ?? []).map((problem) => problem.code)).not.toContain(KINDS[textBreak]);
    }
  });
});
