// Push and undo, end to end against the store fakes: import a store, write its copy with the
// built-in writer, approve some, preview (before = the store's live values, after = ours), push through the
// job, check that exactly the approved copy changed in the fake, then undo and find the fake as it was.
// Also: a product edited between preview and push is skipped; THROTTLED and 429 are waited out with no
// product written twice; a push that died after writing is finished without writing again; handles.
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FunctionResponse } from '../../src/common/contract/functions';
import {
  SHOPIFY_HANDLE_SCOPES,
  SHOPIFY_SCOPES,
} from '../../src/server/domain/stores/shopify/shopify-connect';
import type { RunningWorker } from '../../src/server/runner/start-worker';
import { type FakeShopify, startFakeShopify } from '../support/fake-shopify';
import { type FakeWooCommerce, startFakeWooCommerce } from '../support/fake-woocommerce';
import { startTestWorker, waitForRun } from '../support/pipeline';
import { shopifyCatalogue, wooCommerceCatalogue } from '../support/store-catalogues';
import { productInputOf, wooBatchBody } from '../support/store-requests';
import { postFunction, setupTestApp } from '../support/test-app';
import { waitForPush } from '../support/wait-for-push';

const TOKEN = 'shpat_push_test_token_0123456789';
let shopify: FakeShopify;
let woo: FakeWooCommerce;
let worker: RunningWorker | undefined;

beforeAll(async () => {
  // Navigation scopes too: the handle test's push finds and undo removes a redirect.
  shopify = await startFakeShopify(shopifyCatalogue(3), {
    accessToken: TOKEN,
    scopes: [...SHOPIFY_SCOPES, ...SHOPIFY_HANDLE_SCOPES],
  });
  woo = await startFakeWooCommerce(wooCommerceCatalogue(3), {
    consumerKey: 'ck_push',
    consumerSecret: 'cs_push',
  });
});
afterAll(async () => {
  await Promise.all([shopify?.close(), woo?.close()]);
});

const t = setupTestApp({
  env: () => ({ ALLOW_PRIVATE_STORE_HOSTS: `${shopify.hostPort},${woo.hostPort}` }),
});
beforeAll(async () => {
  worker = await startTestWorker(t.app, 2);
});
// Registered after setupTestApp's, so it runs before the database is dropped.
afterAll(() => worker?.stop());

type Imported = {
  bundleWorkflowId: number;
  storeId: number;
  products: FunctionResponse<'view-bundle-workflow'>['products'];
};

async function importAndWrite(platform: 'shopify' | 'woocommerce'): Promise<Imported> {
  const connected =
    platform === 'shopify'
      ? await t.call('connect-store', { platform, store_url: shopify.origin, access_token: TOKEN })
      : await t.call('connect-store', {
          platform,
          store_url: woo.origin,
          consumer_key: 'ck_push',
          consumer_secret: 'cs_push',
        });
  expect(connected.status).toBe(200);
  const imported = await t.call('import-store', {
    store_id: connected.data.store.id,
    bundle_name: `${platform} push`,
  });
  expect(imported.status).toBe(200);
  const run = await waitForRun(t.app, t.user.token, imported.data.bundle_id, imported.data.workflow_id);
  expect(run.totals.done).toBe(run.totals.total);
  return {
    bundleWorkflowId: imported.data.bundle_workflow_id,
    storeId: connected.data.store.id,
    products: run.products,
  };
}

/** The fake's products without the clock the store moves itself, for before/after comparisons. */
const withoutClock = <T>(products: T[]): unknown =>
  JSON.parse(
    JSON.stringify(products, (key, value) =>
      key === 'updatedAt' || key === 'date_modified_gmt' ? undefined : value,
    ),
  );

describe('push to Shopify', () => {
  it('previews, pushes only approved copy, changes nothing else, and undo puts every field back', async () => {
    const { bundleWorkflowId, storeId, products } = await importAndWrite('shopify');
    const ring = products.find(
      (p) => p.product_details.handle === 'aurora-ring' && p.is_multiple_of === null,
    )!;
    const tote = products.find((p) => p.product_details.handle === 'linen-tote-1')!;
    await t.call('set-product-review', {
      bundle_workflow_product_ids: [ring.id, tote.id],
      review: 'approved',
    });
    const original = structuredClone(shopify.products);

    const preview = await t.call('preview-push', { bundle_workflow_id: bundleWorkflowId, store_id: storeId });
    expect(preview.status).toBe(200);
    const changes = preview.data.changes;
    expect(new Set(changes.map((c) => c.bundle_workflow_product_id))).toEqual(new Set([ring.id, tote.id]));
    const ringChanges = new Map(
      changes.filter((c) => c.bundle_workflow_product_id === ring.id).map((c) => [c.field, c]),
    );
    expect(ringChanges.get('seo_title')).toMatchObject({
      before: 'Aurora Ring | Lumen',
      after: ring.page_title,
      conflict: null,
    });
    expect(ringChanges.get('description')?.before).toBe(original[0]!.descriptionHtml);
    expect(ringChanges.get('alt_text:gid://shopify/MediaImage/9101')?.before).toBe('Aurora ring in silver');

    const push = await t.call('push-to-store', { bundle_workflow_id: bundleWorkflowId, store_id: storeId });
    const pushed = await waitForPush(t, push.data.push_id);
    expect(pushed).toMatchObject({ state: 'done', failed: 0 });
    expect(pushed.done).toBe(changes.filter((c) => !c.conflict).length);

    const liveRing = shopify.products.find((p) => p.handle === 'aurora-ring')!;
    expect(liveRing.seo).toEqual({ title: ring.page_title, description: ring.meta_description });
    expect(liveRing.descriptionHtml).toBe(ringChanges.get('description')?.after);
    expect(liveRing.media.map((m) => m.alt)).toEqual(
      [9101, 9102, 9103].map((id) => ringChanges.get(`alt_text:gid://shopify/MediaImage/${id}`)?.after),
    );
    // Nothing else changed: titles, handles, variants, prices; the unapproved products not at all.
    const untouched = (p: (typeof original)[number]) => ({
      ...p,
      seo: null,
      descriptionHtml: null,
      media: p.media.map((m) => m.url),
    });
    expect(withoutClock(shopify.products.map(untouched))).toEqual(withoutClock(original.map(untouched)));
    expect(withoutClock(shopify.products.slice(2))).toEqual(withoutClock(original.slice(2)));
    // Our own write is not taken for an edit in the store: a new preview finds every pushed value ours.
    const again = await t.call('preview-push', { bundle_workflow_id: bundleWorkflowId, store_id: storeId });
    expect(again.data.changes.filter((c) => c.conflict !== 'already_ours')).toEqual([]);

    const undo = await t.call('undo-push', { push_id: push.data.push_id });
    const undone = await waitForPush(t, undo.data.push_id);
    expect(undone).toMatchObject({ kind: 'undo', state: 'done', failed: 0, skipped: 0, done: pushed.done });
    expect(withoutClock(shopify.products)).toEqual(withoutClock(original));
  });

  it('skips a product edited in the store between preview and push, and leaves it as the store has it', async () => {
    const { bundleWorkflowId, storeId, products } = await importAndWrite('shopify');
    const tote = products.find((p) => p.product_details.handle === 'linen-tote-2')!;
    await t.call('set-product-review', { bundle_workflow_product_ids: [tote.id], review: 'approved' });
    const preview = await t.call('preview-push', { bundle_workflow_id: bundleWorkflowId, store_id: storeId });
    expect(preview.data.changes.every((c) => c.conflict === null)).toBe(true);
    const live = shopify.products.find((p) => p.handle === 'linen-tote-2')!;
    live.seo.title = 'Edited by the merchant';
    live.updatedAt = new Date(Date.parse(live.updatedAt) + 60_000).toISOString().replace(/\.\d+Z$/, 'Z');
    const push = await t.call('push-to-store', { bundle_workflow_id: bundleWorkflowId, store_id: storeId });
    const result = await waitForPush(t, push.data.push_id);
    expect(result.done).toBe(0);
    expect(result.skipped).toBe(preview.data.changes.length);
    expect(result.results.every((r) => r.error?.startsWith('changed_in_store'))).toBe(true);
    expect(live.seo.title).toBe('Edited by the merchant');
  });

  it('waits out THROTTLED, writes each product once, and writes handles with a redirect that undo removes', async () => {
    const { bundleWorkflowId, storeId, products } = await importAndWrite('shopify');
    const totes = products.filter((p) => p.product_details.handle?.startsWith('linen-tote'));
    // The merchant's own redirects, whose paths start like the totes' (Shopify's redirect search answers
    // them too, first): undo must leave them alone.
    const merchants = ['linen-tote-1-summer-sale', 'linen-tote-2-old'].map((handle, index) => ({
      id: 9_000 + index,
      path: `/products/${handle}`,
      target: '/collections/sale',
    }));
    shopify.redirects.push(...merchants.map((redirect) => ({ ...redirect })));
    await t.call('set-product-review', {
      bundle_workflow_product_ids: totes.map((p) => p.id),
      review: 'approved',
    });
    // No push has changed a handle yet: the redirects file has its header and no row.
    expect(await redirectRows(bundleWorkflowId)).toEqual([]);
    const handlesBefore = new Map(shopify.products.map((p) => [p.id, p.handle]));
    const callsBefore = shopify.calls.length;
    shopify.throttleFor(1_500);
    const push = await t.call('push-to-store', {
      bundle_workflow_id: bundleWorkflowId,
      store_id: storeId,
      fields: ['seo_title'],
      write_handles: true,
    });
    const result = await waitForPush(t, push.data.push_id);
    expect(result).toMatchObject({ state: 'done', failed: 0 });
    const calls = shopify.calls.slice(callsBefore);
    expect(calls.some((call) => call.throttled)).toBe(true);
    const updates = calls.filter((call) => !call.throttled && call.query.includes('productUpdate'));
    const perProduct = updates.map((call) => productInputOf(call).id);
    expect(new Set(perProduct).size).toBe(perProduct.length);
    expect(updates.every((call) => productInputOf(call).redirectNewHandle === true)).toBe(true);
    const renamed = totes.filter((tote) => !tote.url_suggestion?.endsWith(`/${tote.product_details.handle}`));
    expect(shopify.redirects.length).toBeGreaterThanOrEqual(renamed.length + merchants.length);
    // One row per handle the push changed, to the handle the store has now.
    const changed = shopify.products.filter(
      (p) => handlesBefore.has(p.id) && handlesBefore.get(p.id) !== p.handle,
    );
    expect(changed.length).toBeGreaterThan(0);
    expect(sortRows(await redirectRows(bundleWorkflowId))).toEqual(
      sortRows(
        changed.map((p) => ({
          'Redirect from': `/products/${handlesBefore.get(p.id)}`,
          'Redirect to': `/products/${p.handle}`,
        })),
      ),
    );

    const undo = await t.call('undo-push', { push_id: push.data.push_id });
    expect((await waitForPush(t, undo.data.push_id)).failed).toBe(0);
    expect(shopify.redirects).toEqual(merchants);
    expect(
      shopify.products
        .filter((p) => p.handle.startsWith('linen-tote'))
        .map((p) => p.handle)
        .sort(),
    ).toEqual(['linen-tote-1', 'linen-tote-2', 'linen-tote-3']);
    // Undone, the store has its old handles again: nothing to redirect.
    expect(await redirectRows(bundleWorkflowId)).toEqual([]);
  });
});

/** The redirects export of a run, as rows. */
async function redirectRows(bundleWorkflowId: number): Promise<Record<string, string>[]> {
  const response = await postFunction(
    t.app,
    'export-bundle',
    { bundle_workflow_id: bundleWorkflowId, format: 'redirects' },
    t.user.token,
    { 'x-response-format': 'Uint8Array' },
  );
  expect(response.status).toBe(200);
  const text = await response.text();
  const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true });
  expect(parsed.meta.fields).toEqual(['Redirect from', 'Redirect to']);
  return parsed.data;
}

const sortRows = (rows: Record<string, string>[]) =>
  [...rows].sort((a, b) => a['Redirect from']!.localeCompare(b['Redirect from']!));

describe('push to WooCommerce', () => {
  it('pushes description, Yoast keys and alt texts in batches, survives 429s and a restart, and undo restores', async () => {
    const { bundleWorkflowId, storeId, products } = await importAndWrite('woocommerce');
    const tee = products.find((p) => p.product_details.id === '44')!;
    const blue = products.find((p) => p.product_details.id === '61')!;
    const beanie = products.find((p) => p.product_details.id === '1001')!;
    await t.call('set-product-review', {
      bundle_workflow_product_ids: [tee.id, blue.id, beanie.id],
      review: 'approved',
    });
    const original = structuredClone(woo.products);

    const preview = await t.call('preview-push', { bundle_workflow_id: bundleWorkflowId, store_id: storeId });
    const teeChanges = new Map(
      preview.data.changes.filter((c) => c.bundle_workflow_product_id === tee.id).map((c) => [c.field, c]),
    );
    expect(teeChanges.get('seo_title')?.before).toBe('V-Neck T-Shirt | Woo');
    expect(teeChanges.get('alt_text:501')?.before).toBe('Blue v-neck t-shirt');
    expect(
      preview.data.changes.filter((c) => c.bundle_workflow_product_id === blue.id).map((c) => c.field),
    ).toEqual(['description']);

    // A push that died after writing the beanie's description, before recording it: the rerun must not
    // write it again.
    const beanieDescription = preview.data.changes.find(
      (c) => c.bundle_workflow_product_id === beanie.id && c.field === 'description',
    )!;
    woo.rateLimitNext(2, 1);
    const push = await t.call('push-to-store', { bundle_workflow_id: bundleWorkflowId, store_id: storeId });
    woo.products.find((p) => p.id === 1001)!.description = beanieDescription.after;
    const result = await waitForPush(t, push.data.push_id);
    // Only what the store already held is skipped (the writer kept the store's own title).
    expect(result.results.filter((r) => r.status !== 'written' && r.error !== 'already_ours')).toEqual([]);
    expect(result).toMatchObject({ state: 'done', failed: 0 });

    const liveTee = woo.products.find((p) => p.id === 44)!;
    expect(liveTee.meta_data.find((m) => m.key === '_yoast_wpseo_title')?.value).toBe(tee.page_title);
    expect(liveTee.meta_data.find((m) => m.key === '_yoast_wpseo_metadesc')?.value).toBe(
      tee.meta_description,
    );
    expect(liveTee.images.map((i) => i.id)).toEqual([501, 502]);
    expect(liveTee.images.map((i) => i.alt)).toEqual([
      teeChanges.get('alt_text:501')?.after,
      teeChanges.get('alt_text:502')?.after,
    ]);
    const batches = woo.requests.filter((r) => r.method === 'POST' && r.path.includes('/batch'));
    const beanieWrites = batches.flatMap((r) =>
      (wooBatchBody.parse(r.body).update ?? []).filter((u) => u.id === 1001),
    );
    // Only the fields not already in the store were sent for the beanie; its description was not sent again.
    expect(beanieWrites.every((u) => !('description' in u))).toBe(true);
    // Products nobody approved are untouched.
    expect(withoutClock(woo.products.filter((p) => ![44, 1001].includes(p.id)))).toEqual(
      withoutClock(original.filter((p) => ![44, 1001].includes(p.id))),
    );
    const again = await t.call('preview-push', { bundle_workflow_id: bundleWorkflowId, store_id: storeId });
    expect(again.data.changes.filter((c) => c.conflict !== 'already_ours')).toEqual([]);

    // Undo: everything back, but an alt text that was empty, which WooCommerce's API cannot clear: that one
    // is reported, not silently left.
    const undo = await t.call('undo-push', { push_id: push.data.push_id });
    const undone = await waitForPush(t, undo.data.push_id);
    const failed = undone.results.filter((r) => r.status === 'failed');
    expect(failed.map((r) => r.field).sort()).toEqual(['alt_text:502', 'alt_text:601']);
    expect(failed.every((r) => /cannot clear/.test(r.error ?? ''))).toBe(true);
    for (const image of woo.products.flatMap((p) => p.images))
      if ([502, 601].includes(image.id)) image.alt = '';
    // An SEO key that was empty is deleted, not left empty: the undo writes null, as for a key that was absent.
    const emptyYoast = (m: { key: string; value: unknown }) =>
      m.key.startsWith('_yoast_wpseo_') && m.value === '';
    const emptySeoKeysGone = original.map((p) =>
      [44, 1001].includes(p.id) ? { ...p, meta_data: p.meta_data.filter((m) => !emptyYoast(m)) } : p,
    );
    expect(withoutClock(woo.products)).toEqual(withoutClock(emptySeoKeysGone));
  });
});
