// Tokens bench: what a product costs in tokens with Copyloom's one structured call,
// against the naive design of one call per field (title, meta description, heading, description, fact sheet,
// and one per image alt text), each repeating the full product context (the system message and the product
// listing). Both fixture catalogues run through the real pipeline with the default AI workflow against the
// fake provider, whose usage is counted with tiktoken; our tokens are read back from the run's log. The naive
// calls are counted with the same tokenizer, each answering with the length of the same field of our copy.
// Prints the mean tokens per product of each design, and the cost per 1,000 products for gpt-4o-mini and
// gpt-3.5-turbo. `npx tsx bench/tokens.ts`.

import type { PromptTemplates } from '../src/server/db/schema';
import { buildMessages, describeProduct, renderMessages } from '../src/server/domain/generation/build-prompt';
import type { BundleSettings, CopyFields, ProductFacts } from '../src/server/leaves/ai/copy-writer';
import { costOf } from '../src/server/leaves/ai/pricing';
import { type ChatMessageForCount, countChatTokens, countTokens } from '../src/server/leaves/ai/tokens';
import { startWorker } from '../src/server/runner/start-worker';
import { startFakeOpenAI } from '../tests/support/fake-openai';
import { FIXTURE_CATALOGUES } from '../tests/support/fixture-catalogues';
import { fixtureProductList } from '../tests/support/pipeline';
import { waitForRunSettled, withBenchApp } from './support';

/** Cost is shown for these models (src/server/leaves/ai/pricing.ts); tokens are counted with each one's tokenizer. */
const COST_MODELS = ['gpt-4o-mini', 'gpt-3.5-turbo'] as const;
const GOAL_RATIO = 0.45;
const API_KEY = 'sk-bench-tokens';

/**
 * The instruction each naive call adds after the product context; the limits are Google's, as our system
 * message states them, so a naive call asks for no more and no less than ours.
 */
const NAIVE_INSTRUCTIONS = {
  page_title: 'Write the page title for this product, at most 60 characters. Answer with the title only.',
  meta_description:
    'Write the meta description for this product, 120 to 155 characters. Answer with the text only.',
  heading: 'Write the H1 heading for this product, at most 70 characters. Answer with the heading only.',
  description: 'Write the product description. Answer with the description only.',
  fact_sheet: 'Write a fact sheet for this product: plain text, one "Label: value" fact per line.',
  alt_text: (index: number, count: number) =>
    `Write the alt text for image ${index + 1} of ${count} of this product, at most 125 characters. Answer with the alt text only.`,
};

type Tokens = { prompt: number; completion: number };
/** A product as stored after its run: the copy writer's fields, and what they were written from. */
type SavedProduct = CopyFields & { details: ProductFacts; image_count: number };
type AiLogRow = {
  final_messages: ChatMessageForCount[];
  content: string;
  prompt: number;
  completion: number;
};

const fake = await startFakeOpenAI({ apiKey: API_KEY, recordRequests: false, seed: 6 });
try {
  await withBenchApp(
    async ({ call, database, services }) => {
      const ours = new Map<string, Tokens>(COST_MODELS.map((model) => [model, { prompt: 0, completion: 0 }]));
      const naive = new Map<string, Tokens>(
        COST_MODELS.map((model) => [model, { prompt: 0, completion: 0 }]),
      );
      const logged: Tokens = { prompt: 0, completion: 0 };
      let productCount = 0;
      let callCount = 0;
      let naiveCallCount = 0;
      let workflowModel = '';

      for (const catalogue of FIXTURE_CATALOGUES) {
        // No workflow_id: the run gets the default AI workflow, as a user who just pastes a catalogue would.
        const response = await call('new-bundle', {
          bundle_name: catalogue,
          ...fixtureProductList(catalogue),
        });
        const created = (await response.json()) as { bundle_workflow_id: number; workflow_id: number };
        if (response.status !== 200) {
          throw new Error(`new-bundle failed: ${response.status} ${JSON.stringify(created)}`);
        }
        const worker = await startWorker({
          pool: database.pool,
          concurrency: 4,
          taskList: services.queue.taskList,
        });
        try {
          await waitForRunSettled(database.pool, created.bundle_workflow_id);
        } finally {
          await worker.stop();
        }

        const { rows: runRows } = await database.pool.query<{
          model: string;
          templates: PromptTemplates;
          settings: BundleSettings;
        }>(
          `select w.model, w.prompt_templates as templates, b.custom_fields as settings
           from bundle_workflows bw join workflows w on w.id = bw.workflow_id join bundles b on b.id = bw.bundle_id
           where bw.id = $1`,
          [created.bundle_workflow_id],
        );
        const run = runRows[0]!;
        workflowModel = run.model;
        const settings: BundleSettings = {
          keywords: run.settings.keywords ?? '',
          business_type: run.settings.business_type ?? '',
          tone_of_voice: run.settings.tone_of_voice ?? '',
        };

        // Every AI call of the run, repairs and unusable answers included, as its log has them.
        const { rows: aiRows } = await database.pool.query<AiLogRow>(
          `select details->'response'->'final_request'->'messages' as final_messages,
                  details->'response'->>'content' as content,
                  prompt_tokens as prompt, completion_tokens as completion
           from logs where bundle_workflow_id = $1 and type = 'ai'`,
          [created.bundle_workflow_id],
        );
        callCount += aiRows.length;
        for (const row of aiRows) {
          logged.prompt += row.prompt;
          logged.completion += row.completion;
          for (const model of COST_MODELS) {
            const tokens = ours.get(model)!;
            tokens.prompt += countChatTokens(row.final_messages, model);
            tokens.completion += countTokens(row.content, model);
          }
        }

        const { rows: products } = await database.pool.query<SavedProduct>(
          `select p.details, jsonb_array_length(p.image_urls) as image_count, bwp.page_title,
                  bwp.meta_description, bwp.heading, bwp.description, bwp.fact_sheet,
                  coalesce((select array_agg(i.alt_text order by i.position) from bundle_workflow_product_images i
                            where i.bundle_workflow_product_id = bwp.id), '{}') as alt_texts
           from bundle_workflow_products bwp join products p on p.id = bwp.product_id
           where bwp.bundle_workflow_id = $1 and bwp.status = 'done'`,
          [created.bundle_workflow_id],
        );
        productCount += products.length;
        for (const product of products) {
          const calls = naiveCalls(run.templates, settings, product);
          naiveCallCount += calls.length;
          for (const model of COST_MODELS) {
            const tokens = naive.get(model)!;
            for (const naiveCall of calls) {
              tokens.prompt += countChatTokens(naiveCall.messages, model);
              tokens.completion += countTokens(naiveCall.answer, model);
            }
          }
        }
      }

      const primary = ours.get(workflowModel) ?? ours.get('gpt-3.5-turbo')!;
      if (primary.prompt !== logged.prompt || primary.completion !== logged.completion) {
        throw new Error(
          `Recounted ${JSON.stringify(primary)} tokens, but the log says ${JSON.stringify(logged)}: the bench no longer counts as the provider does`,
        );
      }
      const naivePrimary = naive.get(workflowModel) ?? naive.get('gpt-3.5-turbo')!;
      const mean = (tokens: Tokens) => ({
        prompt: tokens.prompt / productCount,
        completion: tokens.completion / productCount,
      });
      const ratio = (logged.prompt + logged.completion) / (naivePrimary.prompt + naivePrimary.completion);

      console.log(
        `tokens: ${productCount} products from ${FIXTURE_CATALOGUES.join(' and ')}, default AI workflow (${workflowModel}), fake provider counting with tiktoken`,
      );
      console.log(
        `calls/product: ours ${(callCount / productCount).toFixed(2)} (one structured call, plus any repair), naive ${(naiveCallCount / productCount).toFixed(2)} (one per field and per image)`,
      );
      const describeMean = (label: string, tokens: Tokens) => {
        const { prompt, completion } = mean(tokens);
        return `${label} prompt ${prompt.toFixed(1).padStart(7)}  completion ${completion.toFixed(1).padStart(6)}  total ${(prompt + completion).toFixed(1).padStart(7)}`;
      };
      console.log(`mean tokens/product (${workflowModel}, from the run's log)`);
      console.log(describeMean('  ours ', logged));
      console.log(describeMean('  naive', naivePrimary));
      console.log(
        `  ours ÷ naive: prompt ${(logged.prompt / naivePrimary.prompt).toFixed(3)}, completion ${(logged.completion / naivePrimary.completion).toFixed(3)}`,
      );
      console.log('cost per 1,000 products (list prices, each model counted with its own tokenizer)');
      for (const model of COST_MODELS) {
        const per1000 = (tokens: Tokens) =>
          costOf(model, {
            prompt_tokens: (tokens.prompt / productCount) * 1000,
            completion_tokens: (tokens.completion / productCount) * 1000,
          })!;
        const oursCost = per1000(ours.get(model)!);
        const naiveCost = per1000(naive.get(model)!);
        console.log(
          `  ${model.padEnd(14)} ours $${oursCost.toFixed(4)}  naive $${naiveCost.toFixed(4)}  ratio ${(oursCost / naiveCost).toFixed(3)}`,
        );
      }
      console.log(`RESULT tokens_vs_naive ${ratio.toFixed(3)} (goal <= ${GOAL_RATIO})`);
    },
    { env: { OPENAI_API_KEY: API_KEY, OPENAI_BASE_URL: fake.url } },
  );
} finally {
  await fake.close();
}

/**
 * The naive design's calls for one product: the same system message and product listing every time, then
 * the field's instruction; each answers with our copy's text for that field.
 */
function naiveCalls(
  templates: PromptTemplates,
  settings: BundleSettings,
  product: SavedProduct,
): Array<{ messages: ChatMessageForCount[]; answer: string }> {
  const [system] = renderMessages(
    buildMessages(templates, {
      model: 'naive',
      product: product.details,
      imageCount: product.image_count,
      settings,
    }),
  );
  const listing = describeProduct(product.details);
  const ask = (instruction: string, answer: string) => ({
    messages: [system!, { role: 'user', content: `${instruction}\n\n${listing}` }],
    answer,
  });
  return [
    ask(NAIVE_INSTRUCTIONS.page_title, product.page_title),
    ask(NAIVE_INSTRUCTIONS.meta_description, product.meta_description),
    ask(NAIVE_INSTRUCTIONS.heading, product.heading),
    ask(NAIVE_INSTRUCTIONS.description, product.description),
    ask(NAIVE_INSTRUCTIONS.fact_sheet, product.fact_sheet),
    ...product.alt_texts.map((alt, index) =>
      ask(NAIVE_INSTRUCTIONS.alt_text(index, product.alt_texts.length), alt),
    ),
  ];
}
