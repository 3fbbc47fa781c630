// Requests any server accepts: every request caps its output; an endpoint that refuses strict
// json_schema gets json_object, then JSON asked for in the prompt (and the answer is read out of its code
// fence); one that refuses max_tokens gets max_completion_tokens. What was learned is kept, and said once.
// A model the endpoint does not serve is named, with the endpoint.
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeEndpoint, type FakeOpenAI, startFakeOpenAI } from '../../../../tests/support/fake-openai';
import { OAK_CHAIR_INPUT } from '../../../../tests/support/writer-fixtures';
import { withPrompt } from '../../domain/generation/build-prompt';
import { DEFAULT_PROMPT_TEMPLATES } from '../../domain/generation/prompt-templates';
import { ProviderError } from './copy-writer';
import { defaultMaxOutputTokens } from './openai-writer';
import { WriterRegistry } from './writer-registry';

const MODEL = 'llama3.1:8b';
const input = withPrompt(DEFAULT_PROMPT_TEMPLATES, { ...OAK_CHAIR_INPUT, model: MODEL });
type SentBody = {
  model: string;
  messages: Array<{ content: string }>;
  response_format?: { type: string };
  max_tokens?: number;
  max_completion_tokens?: number;
};

let fake: FakeOpenAI | undefined;
afterEach(() => fake?.close());

async function writerFor(endpoint: FakeEndpoint) {
  fake = await startFakeOpenAI({ endpoint });
  const notices: string[] = [];
  const registry = new WriterRegistry({
    apiKey: 'sk-local',
    baseURL: fake.url,
    onNotice: (m) => notices.push(m),
  });
  return {
    writer: registry.forWorkflow({ model: MODEL }),
    notices,
    sent: () => fake!.requests.map((r) => r.body as SentBody),
  };
}

describe('requests any server accepts', () => {
  it('caps every answer with max_tokens, sized from the limits and the images', async () => {
    const { writer, sent } = await writerFor({});
    await writer.write(input);
    await writer.write({ ...input, maxOutputTokens: 700 });
    expect(sent().map((body) => body.max_tokens)).toEqual([defaultMaxOutputTokens(3), 700]);
    expect(defaultMaxOutputTokens(3)).toBeGreaterThan(1_000);
    expect(defaultMaxOutputTokens(40)).toBeGreaterThan(defaultMaxOutputTokens(3));
  });

  it('falls back from json_schema to json_object, keeps it, and says so once', async () => {
    const { writer, notices, sent } = await writerFor({ refuse: ['json_schema'] });
    const first = await writer.write(input);
    await writer.write(input);
    expect(first.copy.page_title.length).toBeGreaterThan(0);
    expect(sent().map((body) => body.response_format?.type)).toEqual([
      'json_schema',
      'json_object',
      'json_object',
    ]);
    expect(notices).toEqual([
      'The AI provider refused response_format json_schema; using json_object from now on.',
    ]);
  });

  it('steps down once when calls in flight together are all refused json_schema', async () => {
    const { writer, notices, sent } = await writerFor({ refuse: ['json_schema'] });
    const results = await Promise.all(Array.from({ length: 6 }, () => writer.write(input)));
    expect(results.every((result) => result.copy.page_title.length > 0)).toBe(true);
    // Each was refused at most once, and none went past json_object to prompt-only JSON.
    const formats = sent().map((body) => body.response_format?.type);
    expect(formats.filter((format) => format === 'json_object')).toHaveLength(6);
    expect(formats.every((format) => format === 'json_schema' || format === 'json_object')).toBe(true);
    expect(notices).toEqual([
      'The AI provider refused response_format json_schema; using json_object from now on.',
    ]);
  });

  it('asks for JSON in the prompt when no response_format is taken, and reads it out of the fence', async () => {
    const { writer, notices, sent } = await writerFor({ refuse: ['json_schema', 'json_object'] });
    const result = await writer.write(input);
    expect(result.content).toMatch(/^Here is the copy:\n\n```json\n\{/);
    expect(result.copy.alt_texts).toHaveLength(3);
    const last = sent().at(-1)!;
    expect(last.response_format).toBeUndefined();
    expect(last.messages.at(-1)!.content).toMatch(/^Answer with one JSON object only/);
    expect(last.max_tokens).toBe(defaultMaxOutputTokens(3));
    expect(notices).toHaveLength(2);
  });

  it('switches to max_completion_tokens when max_tokens is refused', async () => {
    const { writer, sent } = await writerFor({ refuse: ['max_tokens'] });
    await writer.write(input);
    await writer.write(input);
    const bodies = sent();
    expect(bodies.map((body) => body.max_tokens ?? null)).toEqual([defaultMaxOutputTokens(3), null, null]);
    expect(bodies.slice(1).map((body) => body.max_completion_tokens)).toEqual([
      defaultMaxOutputTokens(3),
      defaultMaxOutputTokens(3),
    ]);
  });

  it('names the model and the endpoint when the endpoint does not serve that model', async () => {
    const { writer } = await writerFor({ models: ['qwen2.5:7b'] });
    const error = await writer.write(input).then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).kind).toBe('bad_request');
    expect((error as ProviderError).message).toMatch(/has no model "llama3\.1:8b" \(HTTP 404/);
    expect((error as ProviderError).message).toContain('127.0.0.1');
  });

  it('sends photos as image_url parts of the product message; a model that refuses them gets text, once', async () => {
    const { writer, notices, sent } = await writerFor({ images: 'refuse' });
    const photo = { imageId: 1, position: 0, dataUrl: 'data:image/jpeg;base64,/9j/', width: 8, height: 8 };
    const withPhotos = withPrompt(DEFAULT_PROMPT_TEMPLATES, {
      ...OAK_CHAIR_INPUT,
      model: MODEL,
      photos: { detail: 'low', photos: [photo] },
    });
    const first = await writer.write(withPhotos);
    const second = await writer.write(withPhotos);
    const contents = sent().map((body) => body.messages[1]!.content as unknown);
    // Refused with the parts, sent again as text; the next call goes as text at once.
    expect(contents.map((content) => Array.isArray(content))).toEqual([true, false, false]);
    expect(contents[0]).toEqual([
      { type: 'text', text: expect.stringContaining('photo') },
      { type: 'image_url', image_url: { url: photo.dataUrl, detail: 'low' } },
    ]);
    expect(first.photos).toMatchObject({ sent: 0, refused: expect.stringContaining('image_url') });
    expect(second.photos).toMatchObject({ sent: 0, refused: expect.stringContaining('earlier') });
    expect(notices).toEqual([expect.stringContaining(`refused images for ${MODEL}`)]);
  });
});
