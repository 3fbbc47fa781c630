import { describe, expect, it } from 'vitest';
import { setupFakeOpenAI } from '../../../../tests/support/writer-fixtures';
import { withPrompt } from '../../domain/generation/build-prompt';
import { DEFAULT_PROMPT_TEMPLATES } from '../../domain/generation/prompt-templates';
import { ProviderError, type WriteCopyInput } from './copy-writer';
import { WriterRegistry } from './writer-registry';

const input: WriteCopyInput = withPrompt(DEFAULT_PROMPT_TEMPLATES, {
  model: 'gpt-3.5-turbo',
  product: { title: 'Oak Desk Lamp', brand: 'Lumen' },
  imageCount: 1,
  settings: { keywords: '', business_type: '', tone_of_voice: '' },
});

const t = setupFakeOpenAI();

describe('WriterRegistry', () => {
  it('shares one rate controller between the workflows of a provider', async () => {
    const registry = new WriterRegistry({ apiKey: 'sk-shared', baseURL: t.fake.url, maxConcurrency: 4 });
    const first = registry.forWorkflow({ model: 'gpt-3.5-turbo' });
    const second = registry.forWorkflow({ model: 'gpt-4' });

    t.fake.setBehaviour({ script: [{ fail: 'rate_limit', retryAfterMs: 800 }] });
    await expect(first.write(input)).rejects.toBeInstanceOf(ProviderError);
    // The other workflow's next call waits out the 429 its neighbour got.
    await second.write({ ...input, model: 'gpt-4' });
    expect(t.fake.requests[1]!.arrivedAt - t.fake.requests[0]!.arrivedAt).toBeGreaterThanOrEqual(750);
    expect(registry.rateController.stats).toMatchObject({ rateLimited: 1, concurrency: 2 });
  });

  it('paces nothing and keeps the full cap while answers carry no rate-limit headers', async () => {
    t.fake.setBehaviour({ latencyMs: 50 });
    const registry = new WriterRegistry({ apiKey: 'sk-plain', baseURL: t.fake.url, maxConcurrency: 4 });
    const writer = registry.forWorkflow({ model: 'gpt-3.5-turbo' });
    await Promise.all(Array.from({ length: 8 }, () => writer.write(input)));
    expect(t.fake.maxInFlight).toBe(4);
    expect(registry.rateController.stats).toMatchObject({ delayed: 0, rateLimited: 0, concurrency: 4 });
  });
});
