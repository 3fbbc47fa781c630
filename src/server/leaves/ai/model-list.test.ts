// list-models' source: the endpoint's GET /models, cached for a minute; nothing (not an error) when the
// endpoint lists nothing, cannot be reached, or no key is set, so a typed model name is all it takes.
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeOpenAI, startFakeOpenAI } from '../../../../tests/support/fake-openai';
import { ModelList } from './model-list';

let fake: FakeOpenAI | undefined;
afterEach(() => fake?.close());

describe('ModelList', () => {
  it("lists the endpoint's models sorted, and asks again only after a minute", async () => {
    fake = await startFakeOpenAI({ endpoint: { models: ['qwen2.5:7b', 'llama3.1:8b'] } });
    let now = 1_000_000;
    const list = new ModelList({ apiKey: 'sk-x', baseURL: fake.url }, () => now);
    expect(await list.list()).toEqual([{ id: 'llama3.1:8b' }, { id: 'qwen2.5:7b' }]);
    now += 59_000;
    await list.list();
    expect(fake.requests.filter((r) => r.path === '/v1/models')).toHaveLength(1);
    now += 2_000;
    await list.list();
    expect(fake.requests.filter((r) => r.path === '/v1/models')).toHaveLength(2);
  });

  it('is empty when the endpoint lists nothing, cannot be reached, or there is no key', async () => {
    fake = await startFakeOpenAI({ endpoint: { models: [] } });
    expect(await new ModelList({ apiKey: 'sk-x', baseURL: fake.url }).list()).toEqual([]);
    const url = fake.url;
    await fake.close();
    fake = undefined;
    expect(await new ModelList({ apiKey: 'sk-x', baseURL: url }).list()).toEqual([]);
    expect(await new ModelList({ baseURL: url }).list()).toEqual([]);
  });

  it('asks again on the next request after a failed or empty listing, instead of keeping it for a minute', async () => {
    fake = await startFakeOpenAI({ endpoint: { models: ['llama3.1:8b'] } });
    let answers: Array<'loading' | 'empty' | 'real'> = ['loading', 'empty', 'real'];
    // The endpoint first answers 503 while its model loads, then lists nothing, then lists the model.
    const flaky: typeof fetch = async (input, init) => {
      const next = answers.shift() ?? 'real';
      if (next === 'loading') return new Response('{"error":"loading model"}', { status: 503 });
      if (next === 'empty') return Response.json({ object: 'list', data: [] });
      return fetch(input, init);
    };
    const now = 1_000_000;
    const list = new ModelList({ apiKey: 'sk-x', baseURL: fake.url, fetch: flaky }, () => now);
    expect(await list.list()).toEqual([]);
    expect(await list.list()).toEqual([]);
    expect(await list.list()).toEqual([{ id: 'llama3.1:8b' }]);
    // A listing that named models is kept for the minute.
    answers = ['loading'];
    expect(await list.list()).toEqual([{ id: 'llama3.1:8b' }]);
    expect(answers).toEqual(['loading']);
  });
});
