// Photos to models that see (decision 041): a catalogue whose products have several photos each, served on
// loopback, written by a workflow that sees against a fake that decodes what it is sent. Every photo's alt
// text names what the fake saw in that photo; no request carries a store's URL; the log counts the photos'
// tokens and their cost. A workflow that does not see sends none; a model that refuses images is written
// from text, with a note in the product's log.
import { afterAll, describe, expect, it } from 'vitest';
import { servePhoto } from '../support/coloured-photos';
import { startImageServer } from '../support/image-server';
import { setupFakeOpenAIApp, waitForRun } from '../support/pipeline';

const images = await startImageServer();
afterAll(() => images.close());

const t = setupFakeOpenAIApp(
  {
    apiKey: 'sk-vision',
    endpoint: { images: { 'gpt-4o': 'see', 'gpt-3.5-turbo': 'refuse' } },
  },
  { workerConcurrency: 4, env: { ALLOW_PRIVATE_IMAGE_HOSTS: images.hostPort } },
);

async function catalogue(stem: string) {
  const lamp = [
    await servePhoto(images, `/${stem}/lamp-red.png`, 'red'),
    await servePhoto(images, `/${stem}/lamp-blue.png`, 'blue'),
    await servePhoto(images, `/${stem}/lamp-green.png`, 'green', true),
  ];
  const vase = [
    await servePhoto(images, `/${stem}/vase-green.png`, 'green'),
    await servePhoto(images, `/${stem}/vase-red.png`, 'red', true),
  ];
  return {
    seen: [
      ['red', 'blue', 'green'],
      ['green', 'red'],
    ],
    list: {
      columns: ['title', 'brand', 'image_urls'],
      raw_csv: `Arc Table Lamp,Lumo,${lamp.join('|')}\nTall Stoneware Vase,Forma,${vase.join('|')}`,
    },
  };
}

async function runWith(model: string, sees: boolean, stem: string, language?: string) {
  const workflow = await t.call('new-workflow', {
    name: `${model} ${stem}`,
    model,
    sees_images: sees,
    max_images: 3,
    ...(language ? { language } : {}),
  });
  expect(workflow.status, JSON.stringify(workflow.data)).toBe(200);
  const { seen, list } = await catalogue(stem);
  const created = await t.call('new-bundle', {
    bundle_name: stem,
    ...list,
    workflow_id: workflow.data.workflow_id,
  });
  expect(created.status, JSON.stringify(created.data)).toBe(200);
  const run = await waitForRun(t.app, t.user.token, created.data.bundle_id, workflow.data.workflow_id);
  const log = await t.call('view-bundle-log', { bundle_workflow_id: created.data.bundle_workflow_id });
  return { run, seen, log: log.data.log };
}

/** The image parts of the fake's chat requests for `model`. */
function imagePartsFor(model: string): Array<{ url: string; detail: string }> {
  return t.fake.requests
    .filter((request) => request.path.endsWith('/chat/completions'))
    .map((request) => request.body as { model: string; messages: Array<{ content: unknown }> })
    .filter((body) => body.model === model)
    .flatMap((body) => body.messages.flatMap((m) => (Array.isArray(m.content) ? m.content : [])))
    .filter((part) => part.type === 'image_url')
    .map((part) => part.image_url);
}

describe('a workflow that sees', () => {
  it('describes each photo by what the model saw, sends only data URLs, and logs the photos’ tokens and cost', async () => {
    const { run, seen, log } = await runWith('gpt-4o', true, 'sees');
    expect(run.products.map((p) => p.error ?? p.status)).toEqual(['done', 'done']);
    const byName = [...run.products].sort((a, b) => a.product_id - b.product_id);
    byName.forEach((product, index) => {
      const alts = (product.image_details ?? []).map((image) => image.alt_text ?? '');
      expect(alts).toHaveLength(seen[index]!.length);
      expect(new Set(alts).size).toBe(alts.length);
      alts.forEach((alt, i) => {
        expect(alt).toContain(seen[index]![i]);
        expect(alt.length).toBeLessThanOrEqual(125);
        expect(alt).not.toMatch(/^(image|picture) of/i);
      });
    });

    const parts = imagePartsFor('gpt-4o');
    // Each product's first call carries its photos: 3 and 2.
    expect(parts.length).toBeGreaterThanOrEqual(5);
    for (const part of parts) {
      expect(part.url).toMatch(/^data:image\/jpeg;base64,/);
      expect(part.detail).toBe('low');
    }
    expect(JSON.stringify(t.fake.requests.map((r) => r.body))).not.toContain(images.origin);

    const written = log.filter((line) => line.type === 'ai' && line.event === 'Copy written');
    expect(written).toHaveLength(2);
    const counted = written.map((line) =>
      line.type === 'ai' ? line.additional?.images : undefined,
    ) as Array<{
      sent: number;
      image_tokens: number;
      image_cost_usd: number;
    }>;
    expect(counted.map((c) => c.sent).sort()).toEqual([2, 3]);
    // OpenAI's low detail: 85 tokens a photo, at gpt-4o's $2.50 per million input tokens.
    expect(counted.map((c) => c.image_tokens).sort()).toEqual([170, 255]);
    for (const c of counted) expect(c.image_cost_usd).toBeCloseTo((c.image_tokens * 2.5) / 1e6, 12);
    // The fake billed them in its prompt tokens, and the line's cost holds them.
    written.forEach((line, i) => {
      if (line.type !== 'ai') return;
      expect(line.response.tokens.prompt_tokens).toBeGreaterThan(counted[i]!.image_tokens);
      expect(line.cost ?? 0).toBeGreaterThan(counted[i]!.image_cost_usd);
    });
  }, 90_000);

  it('never sends a photo for a workflow that does not see', async () => {
    const { run } = await runWith('gpt-4.1', false, 'blind');
    expect(run.totals.done).toBe(2);
    expect(imagePartsFor('gpt-4.1')).toEqual([]);
  }, 60_000);

  it('writes from text, with a note in the log, when the model refuses images', async () => {
    const { run, log } = await runWith('gpt-3.5-turbo', true, 'refused');
    expect(run.products.map((p) => p.error ?? p.status)).toEqual(['done', 'done']);
    const notes = log.filter((line) => line.type === 'general' && line.event.startsWith('Photos refused'));
    expect(notes.length).toBe(2);
    const first = notes[0]!;
    if (first.type === 'general') expect(String(first.additional.reason)).toMatch(/image/);
    // Each product's photos went once at most (both products' first calls may be refused together).
    expect(imagePartsFor('gpt-3.5-turbo').length).toBeLessThanOrEqual(5);
  }, 60_000);

  it('has the built-in writer read the pixels: a photo on a white background says so, in French', async () => {
    const { run } = await runWith('offline', true, 'pixels', 'fr');
    expect(run.products.map((p) => p.error ?? p.status)).toEqual(['done', 'done']);
    const lamp = [...run.products].sort((a, b) => a.product_id - b.product_id)[0]!;
    const alts = (lamp.image_details ?? []).map((image) => image.alt_text ?? '');
    // Red, blue, then green on white: the colour and the background in French, in alt text only.
    expect(alts[0]).toContain('couleur rouge');
    expect(alts[1]).toContain('couleur bleu');
    expect(alts[2]).toContain('sur fond blanc');
    expect(new Set(alts).size).toBe(3);
    expect(`${lamp.description} ${lamp.meta_description}`).not.toMatch(/rouge|fond blanc/);
  }, 60_000);
});
