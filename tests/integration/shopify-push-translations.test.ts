// A French store's catalogue written in French and English, then its English pushed to the store: the Shopify
// fake (which speaks translatableResource / translationsRegister / translationsRemove, checked against Shopify's
// Admin schema) holds each English field registered against the digest of the French content as the store
// holds it after the same push; what the store had in English before is journalled, and undo leaves the fake
// exactly as it was, an English title the merchant had put there included. The translations file has the same
// English, product by product.
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FunctionResponse } from '../../src/common/contract/functions';
import {
  SHOPIFY_SCOPES,
  SHOPIFY_TRANSLATION_SCOPES,
} from '../../src/server/domain/stores/shopify/shopify-connect';
import type { RunningWorker } from '../../src/server/runner/start-worker';
import { type FakeShopify, startFakeShopify } from '../support/fake-shopify';
import { digestOf } from '../support/fake-shopify-translations';
import { fakeShopifyProductsOf } from '../support/fixture-shopify-store';
import { startTestWorker, waitForRun } from '../support/pipeline';
import { postFunction, setupTestApp } from '../support/test-app';
import { waitForPush } from '../support/wait-for-push';

const TOKEN = 'shpat_translations_token_0123456789';
const MERCHANTS_TITLE = 'Nordmann fir (the merchant’s own)';
let shopify: FakeShopify;
/** A store whose token has the product scopes only. */
let bare: FakeShopify;
let worker: RunningWorker | undefined;

beforeAll(async () => {
  shopify = await startFakeShopify(fakeShopifyProductsOf('shopify-parispousse-fr-excerpt.csv'), {
    accessToken: TOKEN,
    scopes: [...SHOPIFY_SCOPES, ...SHOPIFY_TRANSLATION_SCOPES],
    primaryLocale: 'fr',
    locales: ['en'],
  });
  bare = await startFakeShopify([], { accessToken: TOKEN });
  // The merchant translated one title by hand: the push journals it, and undo puts it back.
  const fir = shopify.products.find((p) => p.handle === 'sapin-nordmann')!;
  shopify.translations.set(
    fir.id,
    new Map([
      [
        'en',
        new Map([
          [
            'title',
            { value: MERCHANTS_TITLE, digest: digestOf(fir.title), updatedAt: '2026-01-01T00:00:00Z' },
          ],
        ]),
      ],
    ]),
  );
});
afterAll(() => Promise.all([shopify?.close(), bare?.close()]));

const t = setupTestApp({
  env: () => ({ ALLOW_PRIVATE_STORE_HOSTS: `${shopify.hostPort},${bare.hostPort}` }),
});
beforeAll(async () => {
  worker = await startTestWorker(t.app, 2);
});
afterAll(() => worker?.stop());

/** The fake's translations as plain data, without the time each was registered. */
const translationsNow = () =>
  Object.fromEntries(
    [...shopify.translations].map(([id, locales]) => [
      id,
      Object.fromEntries(
        [...locales].map(([locale, keys]) => [
          locale,
          Object.fromEntries([...keys].map(([key, { value, digest }]) => [key, { value, digest }])),
        ]),
      ),
    ]),
  );
const runIds = { bundleWorkflowId: 0 };
const withoutClock = (value: unknown) =>
  JSON.parse(JSON.stringify(value, (key, v) => (key === 'updatedAt' ? undefined : v)));

type RunProduct = FunctionResponse<'view-bundle-workflow'>['products'][number];

/** The Translate & Adapt file: a row per product, field and further language, the product known by its id. */
async function expectTranslationsFile(bundleWorkflowId: number, parents: RunProduct[]) {
  const response = await postFunction(
    t.app,
    'export-bundle',
    { bundle_workflow_id: bundleWorkflowId, format: 'shopify-translations' },
    t.user.token,
    { 'x-response-format': 'Uint8Array' },
  );
  expect(response.status).toBe(200);
  expect(response.headers.get('content-disposition')).toMatch(/-shopify-translations\.csv"$/);
  const parsed = Papa.parse<Record<string, string>>((await response.text()).replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: true,
  });
  expect(parsed.meta.fields).toEqual([
    'Type',
    'Identification',
    'Field',
    'Locale',
    'Market',
    'Status',
    'Default content',
    'Translated content',
  ]);
  expect(parsed.data).toHaveLength(parents.length * 4);
  for (const product of parents) {
    const live = shopify.products.find((p) => p.handle === product.product_details.handle)!;
    const rows = parsed.data.filter((row) => row.Identification === `'${live.id}`);
    expect(rows.map((row) => [row.Type, row.Field, row.Locale])).toEqual(
      ['title', 'body_html', 'meta_title', 'meta_description'].map((field) => ['PRODUCT', field, 'en']),
    );
    const english = product.translations!.en!;
    const cell = (field: string, column: string) => rows.find((row) => row.Field === field)![column];
    expect(cell('title', 'Default content')).toBe(live.title);
    expect(cell('title', 'Translated content')).toBe(english.heading);
    expect(cell('meta_title', 'Default content')).toBe(product.page_title);
    expect(cell('meta_title', 'Translated content')).toBe(english.page_title);
    expect(cell('meta_description', 'Translated content')).toBe(english.meta_description);
    expect(cell('body_html', 'Translated content')).toMatch(/^<p>/);
    expect(cell('body_html', 'Translated content')).not.toBe(cell('body_html', 'Default content'));
  }
}

/** The fake store at `origin`, connected with the test token. */
async function connectShopify(origin: string) {
  const connected = await t.call('connect-store', {
    platform: 'shopify',
    store_url: origin,
    access_token: TOKEN,
  });
  expect(connected.status, JSON.stringify(connected.data)).toBe(200);
  return connected;
}

describe('translations to Shopify', () => {
  it('pushes a run’s English with the digests of the French, journals the store’s, and undo restores it', async () => {
    const connected = await connectShopify(shopify.origin);
    const storeId = connected.data.store.id;
    const workflow = await t.call('new-workflow', {
      name: 'French and English',
      model: 'offline',
      languages: ['fr', 'en'],
    } as never);
    const imported = await t.call('import-store', {
      store_id: storeId,
      bundle_name: 'ParisPousse',
      workflow_id: workflow.data.workflow_id,
    });
    expect(imported.status, JSON.stringify(imported.data)).toBe(200);
    const run = await waitForRun(
      t.app,
      t.user.token,
      imported.data.bundle_id,
      imported.data.workflow_id,
      120_000,
    );
    const bundleWorkflowId = imported.data.bundle_workflow_id;
    runIds.bundleWorkflowId = bundleWorkflowId;
    const parents = run.products.filter((p) => p.is_multiple_of === null);
    expect(parents.length).toBe(shopify.products.length);
    await t.call('set-product-review', {
      bundle_workflow_product_ids: run.products.map((p) => p.id),
      review: 'approved',
    });
    const originalProducts = withoutClock(shopify.products);
    await expectTranslationsFile(bundleWorkflowId, parents);
    const originalTranslations = translationsNow();
    const fields = ['description', 'seo_title', 'seo_description', 'translations'] as const;

    const preview = await t.call('preview-push', {
      bundle_workflow_id: bundleWorkflowId,
      store_id: storeId,
      fields: [...fields],
    });
    expect(preview.status, JSON.stringify(preview.data)).toBe(200);
    const fir = parents.find((p) => p.product_details.handle === 'sapin-nordmann')!;
    const firTitle = preview.data.changes.find(
      (c) => c.bundle_workflow_product_id === fir.id && c.field === 'translation:en:heading',
    );
    expect(firTitle).toMatchObject({
      before: MERCHANTS_TITLE,
      after: fir.translations!.en!.heading,
      conflict: null,
    });

    const push = await t.call('push-to-store', {
      bundle_workflow_id: bundleWorkflowId,
      store_id: storeId,
      fields: [...fields],
    });
    expect(push.status, JSON.stringify(push.data)).toBe(200);
    const pushed = await waitForPush(t, push.data.push_id);
    expect(pushed).toMatchObject({ state: 'done', failed: 0 });
    // A store with no SEO title has none to translate: that product's English SEO fields wait for the next push.
    const noSeo = shopify.products.filter(
      (p) => originalProducts.find((o: { id: number }) => o.id === p.id).seo.title === null,
    );
    expect(pushed.results.filter((r) => r.status === 'skipped').map((r) => r.error)).toEqual(
      Array(noSeo.length * 2).fill('deleted_in_store: the store holds no text of this field to translate'),
    );

    const KEYS = {
      heading: 'title',
      description: 'body_html',
      seo_title: 'meta_title',
      seo_description: 'meta_description',
    };
    for (const product of parents) {
      const live = shopify.products.find((p) => p.handle === product.product_details.handle)!;
      const english = shopify.translations.get(live.id)?.get('en');
      const content: Record<string, string | null> = {
        title: live.title,
        body_html: live.descriptionHtml,
        meta_title: noSeo.includes(live) ? null : live.seo.title,
        meta_description: noSeo.includes(live) ? null : live.seo.description,
      };
      for (const [field, key] of Object.entries(KEYS)) {
        const written = preview.data.changes.find(
          (c) => c.bundle_workflow_product_id === product.id && c.field === `translation:en:${field}`,
        );
        const own = content[key];
        if (!own) continue;
        expect(written, `${live.handle} ${field}`).toBeDefined();
        // Registered against the content the store holds now: the French body this push wrote, not the old one.
        expect(english?.get(key), `${live.handle} ${key}`).toMatchObject({
          value: written!.after,
          digest: digestOf(own),
        });
      }
      expect(english?.get('title')?.value).toBe(product.translations!.en!.heading);
      expect(live.descriptionHtml).not.toBe(
        originalProducts.find((o: { id: number }) => o.id === live.id).descriptionHtml,
      );
    }
    // A new preview finds every translation ours, but the SEO fields of the products that had none: this push
    // gave them SEO text, so their translations can go now.
    const again = await t.call('preview-push', {
      bundle_workflow_id: bundleWorkflowId,
      store_id: storeId,
      fields: ['translations'],
    });
    const noSeoIds = new Set(
      parents.filter((p) => noSeo.some((live) => live.handle === p.product_details.handle)).map((p) => p.id),
    );
    const left = again.data.changes.filter((c) => c.conflict !== 'already_ours');
    expect(
      left.map((c) => [noSeoIds.has(c.bundle_workflow_product_id), c.field, c.before, c.conflict]),
    ).toEqual(
      [...noSeoIds].flatMap(() => [
        [true, 'translation:en:seo_title', '', null],
        [true, 'translation:en:seo_description', '', null],
      ]),
    );

    const undo = await t.call('undo-push', { push_id: push.data.push_id });
    const undone = await waitForPush(t, undo.data.push_id);
    expect(undone).toMatchObject({ kind: 'undo', state: 'done', failed: 0, skipped: 0, done: pushed.done });
    expect(translationsNow()).toEqual(originalTranslations);
    expect(withoutClock(shopify.products)).toEqual(originalProducts);
  }, 180_000);

  it('refuses a push of translations to a store whose token cannot write them, naming the scopes', async () => {
    {
      const connected = await connectShopify(bare.origin);
      const preview = await t.call('preview-push', {
        bundle_workflow_id: runIds.bundleWorkflowId,
        store_id: connected.data.store.id,
        fields: ['translations'],
      });
      expect(preview.status).toBe(400);
      expect(preview.error?.message).toContain(
        'fields: translations needs the Shopify scopes read_translations, write_translations',
      );
    }
  });
});
