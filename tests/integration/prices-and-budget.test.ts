// Prices the cap can trust and cached input priced as the provider bills it:
// a workflow's own price never lowers a known model's, and cached prompt tokens are charged at the cached-input
// price, the shared part of every prompt byte-identical and first. The monthly budget: monthly-budget.test.ts.
import { describe, expect, it } from 'vitest';
import type { FunctionName, FunctionRequest } from '../../src/common/contract/functions';
import { costAt, MODEL_PRICES } from '../../src/server/leaves/ai/pricing';
import { chatBodies } from '../support/chat-request';
import { setupFakeOpenAIApp, startTestWorker, vaseRows, viewRun, waitForPause } from '../support/pipeline';
import { callFunction, createTestUser } from '../support/test-app';
import { waitUntil } from '../support/wait-until';

const t = setupFakeOpenAIApp(
  // OpenAI's caching rules: from 1,024 prompt tokens, in blocks of 128.
  { apiKey: 'sk-prices', seed: 3, promptCache: {} },
);

describe("a workflow's own price", () => {
  async function zeroPricedRun(name: string, cap: number, maxOutputTokens?: number) {
    const workflow = await t.call('new-workflow', {
      name,
      model: 'gpt-4',
      price: { input_per_million: 0, output_per_million: 0 },
      ...(maxOutputTokens ? { max_output_tokens: maxOutputTokens } : {}),
    });
    expect(workflow.status).toBe(200);
    const listed = await t.call('list-workflows', {});
    const own = listed.data.workflows.find((w) => w.id === workflow.data.workflow_id)!;
    expect(own.effective_price).toMatchObject({ input_per_million: 30, output_per_million: 60 });
    const created = await t.call('new-bundle', {
      bundle_name: name,
      columns: ['title', 'brand', 'description'],
      raw_csv: vaseRows(name, 10).join('\n'),
      workflow_id: workflow.data.workflow_id,
      spending_cap_usd: cap,
    });
    expect(created.status).toBe(200);
    t.fake.reset();
    const worker = await startTestWorker(t.app, 4);
    try {
      const run = await waitForPause(t.app, t.user.token, created.data.bundle_id, workflow.data.workflow_id);
      const log = await t.call('view-bundle-log', { bundle_workflow_id: created.data.bundle_workflow_id });
      return { run, calls: log.data.log.flatMap((entry) => (entry.type === 'ai' ? [entry] : [])) };
    } finally {
      await worker.stop();
    }
  }

  it('priced at 0 for gpt-4 under a $0.01 cap: paused before $0.01 is spent', async () => {
    const { run, calls } = await zeroPricedRun('Free gpt-4', 0.01);
    // One gpt-4 call at its list price could pass $0.01: none is sent.
    expect(t.fake.counters.chatRequests).toBe(0);
    expect(calls).toHaveLength(0);
    expect(run.totals.cost).toBe(0);
    expect(run.paused_reason).toMatch(
      /spending cap of \$0\.01 \(\$0\.0000 spent\)\. The next call could cost up to \$0\.\d+/,
    );
  });

  it('priced at 0 for gpt-4 under a $0.05 cap: every call charged at the list price, paused within the cap', async () => {
    const { run, calls } = await zeroPricedRun('Free gpt-4 short answers', 0.05, 300);
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls)
      expect(call.cost).toBeCloseTo(costAt(MODEL_PRICES['gpt-4']!, call.response.tokens), 9);
    expect(run.totals.done).toBeLessThan(10);
    expect(run.totals.cost).toBeGreaterThan(0.01);
    expect(run.totals.cost).toBeLessThanOrEqual(0.05);
    // The pause message shows the spent figure the run header shows.
    expect(run.paused_reason).toContain(`($${run.totals.cost.toFixed(4)} spent)`);
  });
});

describe('prompt caching', () => {
  it('charges cached tokens at the cached price; the shared part of every prompt is identical and first', async () => {
    t.fake.reset();
    const user = await createTestUser(t.app);
    const call = <N extends FunctionName>(fn: N, body: FunctionRequest<N>) =>
      callFunction(t.app, fn, body, user.token);
    // Enough voice and terms that the shared part passes OpenAI's 1,024-token minimum for caching.
    const workflow = await call('new-workflow', {
      name: 'Long house style',
      model: 'gpt-4o-mini',
      voice_notes:
        `${'Write in short, concrete sentences about what the product is, what it is made of and how it is used. '.repeat(19)}`.trim(),
      banned_phrases: Array.from({ length: 60 }, (_, i) => `unrivalled quality ${i + 1}`),
      protected_terms: Array.from({ length: 40 }, (_, i) => `Form Studio Line ${i + 1}`),
    });
    expect(workflow.data).toMatchObject({ workflow_id: expect.any(Number) });
    const created = await call('new-bundle', {
      bundle_name: 'Cached',
      columns: ['title', 'brand', 'description'],
      raw_csv: vaseRows('Cached Vase', 4).join('\n'),
      workflow_id: workflow.data.workflow_id,
    });
    const worker = await startTestWorker(t.app, 1);
    try {
      await waitUntil(
        'the run finishes',
        async () => {
          const run = await viewRun(t.app, user.token, created.data.bundle_id, workflow.data.workflow_id);
          return run.totals.done + run.totals.failed === run.totals.total ? run : null;
        },
        { timeoutMs: 60_000 },
      );
    } finally {
      await worker.stop();
    }
    const chats = chatBodies(t.fake.requests);
    expect(chats.length).toBeGreaterThanOrEqual(4);
    // The shared part: the system message, byte-identical in every call, before the product's data.
    const systems = new Set(chats.map((chat) => chat.messages[0]!.content));
    expect(systems.size).toBe(1);
    for (const [i, chat] of chats.entries()) {
      expect(chat.messages[0]!.role).toBe('system');
      expect(chat.messages[0]!.content).not.toContain('Cached Vase');
      if (chat.messages.length === 2) expect(chat.messages[1]!.content).toMatch(/Cached Vase \d/);
      void i;
    }
    const log = await call('view-bundle-log', { bundle_workflow_id: created.data.bundle_workflow_id });
    const answered = log.data.log.flatMap((entry) => (entry.type === 'ai' ? [entry] : []));
    const cachedCalls = answered.filter((entry) => (entry.response.tokens.cached_tokens ?? 0) > 0);
    // Every call after the first found the shared part in the cache.
    expect(cachedCalls.length).toBe(answered.length - 1);
    for (const entry of cachedCalls) {
      const tokens = entry.response.tokens;
      expect(tokens.cached_tokens! % 128).toBe(0);
      const listPrice = MODEL_PRICES['gpt-4o-mini']!;
      const expected =
        ((tokens.prompt_tokens - tokens.cached_tokens!) * 0.15 +
          tokens.cached_tokens! * 0.075 +
          tokens.completion_tokens * 0.6) /
        1e6;
      expect(entry.cost).toBeCloseTo(expected, 10);
      expect(entry.cost!).toBeLessThan(costAt(listPrice, { ...tokens, cached_tokens: 0 }));
    }
    const run = await viewRun(t.app, user.token, created.data.bundle_id, workflow.data.workflow_id);
    expect(run.totals.cached_tokens).toBe(
      cachedCalls.reduce((sum, entry) => sum + entry.response.tokens.cached_tokens!, 0),
    );
  });
});
