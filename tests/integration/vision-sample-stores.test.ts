// Photos to a model that sees, on the sample store exports in tests/fixtures: each product given several
// photos served on loopback (tests/support/local-photo-export.ts), written by a seeing workflow against the
// fake that decodes them. Every photo's alt text differs from its product's others, names the colour the fake
// saw, and keeps within the limit; no request carries a store's or the image server's URL; and the estimate,
// photos and their facts included, lies within 15% of what the run settles at.
import { afterAll, describe, expect, it } from 'vitest';
import type { FunctionName, FunctionRequest } from '../../src/common/contract/functions';
import { readFixture } from '../support/fixture-path';
import { startImageServer } from '../support/image-server';
import { withLocalPhotos } from '../support/local-photo-export';
import { setupFakeOpenAIApp, startTestWorker, waitForRun } from '../support/pipeline';
import { callFunction, createTestUser } from '../support/test-app';

const images = await startImageServer();
afterAll(() => images.close());

const t = setupFakeOpenAIApp(
  { apiKey: 'sk-vision-stores', seed: 11, endpoint: { images: 'see' } },
  { env: { ALLOW_PRIVATE_IMAGE_HOSTS: images.hostPort } },
);

const STORE_HOSTS = ['burst.shopifycdn.com', 'woocommercecore.mystagingwebsite.com', 'demo.woothemes.com'];
const MAX_IMAGES = 3;

describe('a seeing workflow on the sample store exports', () => {
  for (const name of ['shopify-home-and-garden.csv', 'woocommerce-sample-products.csv']) {
    it(`describes every photo of ${name} by what the model saw, and is estimated within 15%`, async () => {
      const user = await createTestUser(t.app);
      const call = <N extends FunctionName>(fn: N, body: FunctionRequest<N>) =>
        callFunction(t.app, fn, body, user.token);
      const workflow = await call('new-workflow', {
        name: `sees ${name}`,
        model: 'gpt-4o',
        sees_images: true,
        max_images: MAX_IMAGES,
      });
      expect(workflow.status).toBe(200);
      const workflowId = workflow.data.workflow_id;
      const stem = name.replace(/\W/g, '-');
      const runExport = async (round: number) => {
        const { text, colourOf } = await withLocalPhotos(images, `${stem}-${round}`, readFixture(name), 3);
        const created = await call('new-bundle', {
          bundle_name: `${name} ${round}`,
          store_export: { format: 'auto', text },
          workflow_id: workflowId,
        });
        expect(created.status, JSON.stringify(created.data)).toBe(200);
        const estimate = await call('estimate-cost', {
          workflow_id: workflowId,
          bundle_id: created.data.bundle_id,
        });
        expect(estimate.status).toBe(200);
        const worker = await startTestWorker(t.app, 2);
        try {
          const run = await waitForRun(t.app, user.token, created.data.bundle_id, workflowId, 120_000);
          return { estimate: estimate.data, run, colourOf };
        } finally {
          await worker.stop();
        }
      };
      // The first run measures the model's answers and repairs; the second is estimated from them.
      await runExport(1);
      t.fake.reset();
      const { estimate, run, colourOf } = await runExport(2);
      expect(run.products.every((product) => product.status === 'done')).toBe(true);

      let described = 0;
      for (const product of run.products) {
        const photos = product.image_details ?? [];
        const alts = photos.map((photo) => photo.alt_text ?? '');
        expect(new Set(alts).size, `${product.product_details.product_name}: ${alts.join(' / ')}`).toBe(
          alts.length,
        );
        photos.forEach((photo, index) => {
          expect(alts[index]!.length).toBeLessThanOrEqual(125);
          expect(alts[index]).not.toMatch(/^(image|picture|photo) of/i);
          if (index >= MAX_IMAGES) return;
          expect(alts[index], photo.url).toContain(colourOf.get(photo.url));
          expect(photo.photo_facts?.[0]).toMatchObject({ value: colourOf.get(photo.url), accepted: false });
          described++;
        });
      }
      // Several photos a product, each seen.
      expect(described).toBeGreaterThanOrEqual(run.products.length * 1.5);

      const sent = JSON.stringify(t.fake.requests.map((request) => request.body));
      for (const host of [images.origin, ...STORE_HOSTS]) expect(sent).not.toContain(host);
      expect(sent).toContain('data:image/jpeg;base64,');

      const error = Math.abs(estimate.cost_usd! - run.totals.cost) / run.totals.cost;
      console.log(
        `${name}: estimated $${estimate.cost_usd!.toFixed(6)} (${estimate.prompt_tokens} in, ${estimate.completion_tokens} out), settled $${run.totals.cost.toFixed(6)} (${run.totals.prompt_tokens} in, ${run.totals.completion_tokens} out): ${(error * 100).toFixed(1)}% off`,
      );
      expect(error).toBeLessThanOrEqual(0.15);
    }, 240_000);
  }
});
