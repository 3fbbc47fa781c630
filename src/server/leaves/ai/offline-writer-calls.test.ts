// The offline writer as a writer: what it logs as its request, its token counts, and how it stops.
import { describe, expect, it } from 'vitest';
import { OFFLINE_SETTINGS, offlineInput } from '../../../../tests/support/writer-fixtures';
import { OfflineWriter } from './offline-writer';

const settings = OFFLINE_SETTINGS;
const input = offlineInput;

describe('OfflineWriter as a writer', () => {
  it('logs the facts it used as the request and counts tokens, at no cost', async () => {
    const product = { product_name: 'Mug', brand: 'Acme', colour: null };
    const result = await new OfflineWriter().write(input(product, 1));
    expect(result.model).toBe('offline');
    expect(JSON.parse(result.content)).toEqual(result.copy);
    expect(result.usage.prompt_tokens).toBeGreaterThan(10);
    expect(result.usage.completion_tokens).toBeGreaterThan(10);
    const facts = result.originalRequest.messages[0]!.template_variables!.facts as string;
    expect(JSON.parse(facts)).toEqual({
      product: { product_name: 'Mug', brand: 'Acme' },
      image_count: 1,
      keywords: settings.keywords,
      tone_of_voice: 'friendly',
    });
    expect(result.originalRequest.messages[0]!.content).toContain('{{facts}}');
    expect(result.originalRequest.template_variables).toEqual({ facts });
    expect(result.finalRequest.messages).toHaveLength(1);
    expect(result.finalRequest.messages[0]!.content).toContain(facts);
    expect(result.finalRequest.messages[0]!.template_variables).toBeUndefined();
  });

  it('rejects when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stopped'));
    await expect(
      new OfflineWriter().write(input({ product_name: 'Mug' }, 0, { signal: controller.signal })),
    ).rejects.toThrow('stopped');
  });
});
