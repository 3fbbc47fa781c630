// Every function that takes a bundle, run, product or image id answers unknown_bundle for another user's,
// just as for a missing one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callFunction,
  createTestApp,
  createTestUser,
  type TestApp,
  type TestUser,
} from '../support/test-app';

let testApp: TestApp;
let alice: TestUser;
let bob: TestUser;
let ids: {
  bundle_id: number;
  workflow_id: number;
  bundle_workflow_id: number;
  product_row_id: number;
  product_id: number;
  image_id: number;
};

beforeAll(async () => {
  testApp = await createTestApp();
  [alice, bob] = await Promise.all([createTestUser(testApp), createTestUser(testApp)]);
  const created = await callFunction(
    testApp,
    'new-bundle',
    {
      bundle_name: 'Alice only',
      columns: ['title', 'image_urls'],
      raw_csv: 'Secret Lamp,https://example.com/lamp.jpg',
    },
    alice.token,
  );
  const bundle = (await created.json()) as {
    bundle_id: number;
    workflow_id: number;
    bundle_workflow_id: number;
  };
  const view = await callFunction(
    testApp,
    'view-bundle-workflow',
    { bundle_id: bundle.bundle_id, workflow_id: bundle.workflow_id },
    alice.token,
  );
  const { products } = (await view.json()) as {
    products: {
      id: number;
      product_id: number;
      image_details: { bundle_workflow_products_image_id: number }[];
    }[];
  };
  ids = {
    ...bundle,
    product_row_id: products[0]!.id,
    product_id: products[0]!.product_id,
    image_id: products[0]!.image_details[0]!.bundle_workflow_products_image_id,
  };
});
afterAll(() => testApp?.close());

describe('another user’s ids', () => {
  const calls: [string, () => Record<string, unknown>][] = [
    ['view-bundle-workflow', () => ({ bundle_id: ids.bundle_id, workflow_id: ids.workflow_id })],
    ['new-bundle-workflow', () => ({ bundle_id: ids.bundle_id, workflow_id: ids.workflow_id })],
    ['view-bundle-log', () => ({ bundle_workflow_id: ids.bundle_workflow_id })],
    ['view-bundle-log', () => ({ bundle_workflow_id: ids.bundle_workflow_id, product_id: ids.product_id })],
    [
      'update-product-copy',
      () => ({ bundle_workflow_product_id: ids.product_row_id, fields: { page_title: 'Mine now' } }),
    ],
    ['regenerate-products', () => ({ bundle_workflow_id: ids.bundle_workflow_id })],
    [
      'regenerate-products',
      () => ({
        bundle_workflow_id: ids.bundle_workflow_id,
        bundle_workflow_product_ids: [ids.product_row_id],
      }),
    ],
    ['delete-bundle', () => ({ bundle_id: ids.bundle_id })],
    ['compress-images', () => ({ bundle_workflow_id: ids.bundle_workflow_id })],
    [
      'compress-images',
      () => ({
        bundle_workflow_id: ids.bundle_workflow_id,
        bundle_workflow_products_images_ids: [ids.image_id],
      }),
    ],
    ['view-compressed-image', () => ({ bundle_workflow_products_image_id: ids.image_id })],
    ['estimate-cost', () => ({ bundle_id: ids.bundle_id, workflow_id: ids.workflow_id })],
    ['set-spending-cap', () => ({ bundle_id: ids.bundle_id, spending_cap_usd: 1 })],
  ];

  it.each(calls)('%s answers unknown_bundle for user B', async (name, body) => {
    const response = await callFunction(testApp, name, body(), bob.token, {
      'x-response-format': 'Uint8Array',
    });
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: { type: string } }).error.type).toBe('unknown_bundle');
  });

  it('answers the same for a missing id as for another user’s', async () => {
    const missing = await callFunction(
      testApp,
      'view-bundle-workflow',
      { bundle_id: 999_999, workflow_id: 1 },
      bob.token,
    );
    const foreign = await callFunction(
      testApp,
      'view-bundle-workflow',
      { bundle_id: ids.bundle_id, workflow_id: ids.workflow_id },
      bob.token,
    );
    expect(await missing.json()).toEqual(await foreign.json());
  });

  it('left Alice’s bundle untouched', async () => {
    const view = await callFunction(
      testApp,
      'view-bundle-workflow',
      { bundle_id: ids.bundle_id, workflow_id: ids.workflow_id },
      alice.token,
    );
    expect(view.status).toBe(200);
    const { products } = (await view.json()) as { products: { page_title: string | null }[] };
    expect(products[0]!.page_title).not.toBe('Mine now');
    const list = await callFunction(testApp, 'list-bundles', {}, bob.token);
    expect(((await list.json()) as { bundles: unknown[] }).bundles).toEqual([]);
  });
});

describe('run views', () => {
  it('answers not_created for a workflow not yet run, then new-bundle-workflow starts it once', async () => {
    const notYet = await callFunction(
      testApp,
      'view-bundle-workflow',
      { bundle_id: ids.bundle_id, workflow_id: 1 },
      alice.token,
    );
    expect(notYet.status).toBe(409);
    expect(((await notYet.json()) as { error: { type: string } }).error.type).toBe('not_created');
    const first = await callFunction(
      testApp,
      'new-bundle-workflow',
      { bundle_id: ids.bundle_id, workflow_id: 4 },
      alice.token,
    );
    const again = await callFunction(
      testApp,
      'new-bundle-workflow',
      { bundle_id: ids.bundle_id, workflow_id: 4 },
      alice.token,
    );
    expect(await again.json()).toEqual(await first.json());
  });

  it('answers unknown_workflow for a workflow that does not exist', async () => {
    const response = await callFunction(
      testApp,
      'view-bundle-workflow',
      { bundle_id: ids.bundle_id, workflow_id: 999 },
      alice.token,
    );
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: { type: string } }).error.type).toBe('unknown_workflow');
  });
});
