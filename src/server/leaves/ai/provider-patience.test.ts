// A local server that answers 503 with Retry-After while its model loads does not fail the call. The
// advised waits are honoured past MAX_PROVIDER_ATTEMPTS, within PROVIDER_PATIENCE_MS.
import { describe, expect, it } from 'vitest';
import { OAK_CHAIR_INPUT, setupFakeOpenAI } from '../../../../tests/support/writer-fixtures';
import { withPrompt } from '../../domain/generation/build-prompt';
import { DEFAULT_PROMPT_TEMPLATES } from '../../domain/generation/prompt-templates';
import { ProviderError } from './copy-writer';
import { MAX_PROVIDER_ATTEMPTS, withProviderRetries } from './retry-policy';
import { WriterRegistry } from './writer-registry';

const t = setupFakeOpenAI();
const input = withPrompt(DEFAULT_PROMPT_TEMPLATES, { ...OAK_CHAIR_INPUT, model: 'llama3.1:8b' });

describe('a provider that is loading its model', () => {
  it('is waited for as long as it asks, beyond the usual attempts', { timeout: 30_000 }, async () => {
    const loading = MAX_PROVIDER_ATTEMPTS + 1;
    t.fake.setBehaviour({
      script: Array.from({ length: loading }, () => ({ fail: 'loading' as const, retryAfterSeconds: 1 })),
    });
    const writer = new WriterRegistry({
      apiKey: 'sk-local',
      baseURL: t.fake.url,
      maxConcurrency: 1,
    }).forWorkflow({
      model: 'llama3.1:8b',
    });
    const waits: number[] = [];
    const started = Date.now();
    const answer = await withProviderRetries(() => writer.write(input), {
      onRetry: ({ error, delayMs }) => {
        expect(error).toBeInstanceOf(ProviderError);
        expect(error.message).toMatch(/HTTP 503.*wait 1 s/);
        waits.push(delayMs);
      },
    });
    expect(answer.copy.page_title.length).toBeGreaterThan(0);
    expect(t.fake.counters.failures.loading).toBe(loading);
    expect(waits).toHaveLength(loading);
    for (const wait of waits) expect(wait).toBeGreaterThanOrEqual(1_000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(loading * 1_000);
  });
});
