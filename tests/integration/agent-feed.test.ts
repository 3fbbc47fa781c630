// The agent feed (the Agentic Commerce Protocol's product feed) of real store exports, checked with Ajv's JSON
// Schema 2020-12 validator against the protocol's own schema (tests/fixtures/specs/agentic-commerce-feed):
// every line a Product, the metadata a FeedMetadata, every sellable variant either in the feed or in the
// report with its reason. And the Merchant Center supplemental feed's conversational attributes, keyed by the
// main feed's ids.
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BundleWorkflowProduct } from '../../src/common/contract/entities';
import type { AcpProduct } from '../../src/server/domain/export/agent-feed';
import { exportBundle } from '../../src/server/domain/export/export-bundle';
import { asGroup, isSellable } from '../../src/server/domain/export/product-keys';
import type { RunningWorker } from '../../src/server/runner/start-worker';
import { readFixture } from '../support/fixture-path';
import { startTestWorker } from '../support/pipeline';
import { exportStoreFile, importStoreExport, type StoreBundle } from '../support/store-files';
import { createTestUser, postFunction, setupTestApp } from '../support/test-app';
import { unzipTexts } from '../support/unzip-texts';

const t = setupTestApp();
const schema = JSON.parse(readFixture('specs/agentic-commerce-feed/schema.feed.json'));
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);
ajv.addSchema(schema);
const validProduct = ajv.getSchema(`${schema.$id}#/$defs/Product`)!;
const validMetadata = ajv.getSchema(`${schema.$id}#/$defs/FeedMetadata`)!;

const SELLER = {
  name: 'Partners Demo',
  store_url: 'https://partners-demo.example',
  privacy_policy_url: 'https://partners-demo.example/policies/privacy-policy',
  terms_of_service_url: 'https://partners-demo.example/policies/terms-of-service',
  refund_policy_url: 'https://partners-demo.example/policies/refund-policy',
};

type Feed = { products: AcpProduct[]; metadata: unknown; leftOut: Record<string, string>[] };

async function agentFeed(bundle: StoreBundle, extra: Record<string, unknown> = {}): Promise<Feed> {
  const { response, bytes } = await exportStoreFile(t, bundle, 'agent-feed', {
    seller: SELLER,
    currency: 'USD',
    target_country: 'US',
    ...extra,
  });
  expect(response.status, new TextDecoder().decode(bytes)).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/zip');
  const files = unzipTexts(bytes);
  const reportName = Object.keys(files).find((name) => name.endsWith('-agent-feed-left-out.csv'))!;
  expect(Object.keys(files).sort()).toEqual([reportName, 'metadata.json', 'products.jsonl'].sort());
  const lines = files['products.jsonl']!.split('\n');
  expect(lines.pop()).toBe('');
  const report = Papa.parse<Record<string, string>>(files[reportName]!, {
    header: true,
    skipEmptyLines: true,
  });
  return {
    products: lines.map((line) => JSON.parse(line)),
    metadata: JSON.parse(files['metadata.json']!),
    leftOut: report.data,
  };
}

const problems = (validate: typeof validProduct, value: unknown) =>
  validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);

/** The products a store sells on their own: each variant, or a product without variants. */
function sellableItems(products: BundleWorkflowProduct[]): BundleWorkflowProduct[] {
  const groups = new Map<number, BundleWorkflowProduct[]>();
  for (const product of products) {
    const key = product.is_multiple_of ?? product.id;
    groups.set(key, [...(groups.get(key) ?? []), product]);
  }
  return [...groups.values()].flatMap((members) => {
    const group = asGroup(members);
    return members.filter((member) => isSellable(member, group));
  });
}

function expectEveryItemAccountedFor(bundle: StoreBundle, feed: Feed) {
  const variants = feed.products.flatMap((product) => product.variants);
  expect(variants.length + feed.leftOut.length).toBe(sellableItems(bundle.products).length);
  for (const row of feed.leftOut) expect(row.reason).not.toBe('');
}

let worker: RunningWorker | undefined;
const bundles: Record<string, StoreBundle> = {};

beforeAll(async () => {
  worker = await startTestWorker(t.app);
  bundles.apparel = await importStoreExport(t, 'shopify', 'shopify-apparel.csv');
  bundles.template = await importStoreExport(t, 'shopify', 'shopify-product-template-2023.csv');
  bundles.template2024 = await importStoreExport(t, 'shopify', 'shopify-product-template-2024.csv');
  bundles.woo = await importStoreExport(t, 'woocommerce', 'woocommerce-sample-products.csv');
}, 120_000);
afterAll(() => worker?.stop());

describe('the agent feed of real store exports', () => {
  it.each(['apparel', 'template', 'template2024', 'woo'])(
    '%s: every line a Product, the metadata a FeedMetadata',
    async (name) => {
      const bundle = bundles[name]!;
      const feed = await agentFeed(bundle);
      if (process.env.SHOW_FEED) console.log(name, feed.products.length, feed.leftOut);
      for (const product of feed.products) expect(problems(validProduct, product), product.id).toEqual([]);
      expect(problems(validMetadata, feed.metadata)).toEqual([]);
      expect(feed.metadata).toMatchObject({ id: `copyloom-bundle-${bundle.bundleId}`, target_country: 'US' });
      expectEveryItemAccountedFor(bundle, feed);
    },
  );

  it('keeps every variant, its options, its price in cents, the seller and the alt texts', async () => {
    const feed = await agentFeed(bundles.apparel!);
    expect(feed.leftOut).toEqual([]);
    if (process.env.SHOW_FEED) console.log(JSON.stringify(feed.products.slice(0, 2), null, 1));
    const top = feed.products.find((product) => product.id === 'classic-varsity-top')!;
    expect(top.url).toBe('https://partners-demo.example/products/classic-varsity-top');
    expect(top.variants.map((variant) => variant.variant_options)).toEqual([
      [{ name: 'Size', value: 'Small' }],
      [{ name: 'Size', value: 'Medium' }],
      [{ name: 'Size', value: 'Large' }],
    ]);
    for (const variant of top.variants) {
      expect(variant.price).toEqual({ amount: 6000, currency: 'USD' });
      expect(variant.seller?.name).toBe('Partners Demo');
      expect(variant.seller?.links.map((link) => link.type)).toEqual([
        'privacy_policy',
        'terms_of_service',
        'refund_policy',
      ]);
      // Each variant's title names its size, once.
      const size = variant.variant_options?.[0]?.value ?? '';
      expect(variant.title.split(size).length, variant.title).toBe(2);
    }
    // The built-in writer writes an alt text for every image: every one reaches the feed.
    const media = feed.products.flatMap((product) => [
      ...(product.media ?? []),
      ...product.variants.flatMap((variant) => variant.media ?? []),
    ]);
    expect(media.length).toBeGreaterThan(0);
    for (const item of media) expect(item.alt_text, item.url).toMatch(/\S/);
    for (const product of feed.products) expect(product.description?.html).toMatch(/^</);
  });

  it('leaves out a WooCommerce CSV’s products: it names no product page', async () => {
    const feed = await agentFeed(bundles.woo!);
    expect(feed.products).toEqual([]);
    expect(feed.leftOut.length).toBeGreaterThan(0);
    const noPage = /^no url \(the file names no product page/;
    for (const row of feed.leftOut)
      expect(row.reason).toMatch(/^no price$|^no url \(the file names no product page/);
    expect(feed.leftOut.filter((row) => noPage.test(row.reason ?? '')).length).toBeGreaterThan(0);
  });

  it('carries the barcodes and availability the store file has', async () => {
    const feed = await agentFeed(bundles.template!);
    const variants = feed.products.flatMap((product) => product.variants);
    expect(variants.some((variant) => variant.barcodes?.[0]?.type === 'GTIN')).toBe(true);
    expect(variants.some((variant) => variant.availability?.status === 'in_stock')).toBe(true);
  });

  it('a product without a full URL and no shop address is left out with its reason', async () => {
    const { store_url: _, ...seller } = SELLER;
    const feed = await agentFeed(bundles.apparel!, { seller });
    expect(feed.products).toEqual([]);
    expect(new Set(feed.leftOut.map((row) => row.reason))).toEqual(
      new Set(['no url (a full product URL, or a handle with seller.store_url)']),
    );
    expectEveryItemAccountedFor(bundles.apparel!, feed);
  });

  it('writes the same products and report a page at a time as in one page, each product id once', async () => {
    const input = {
      bundle_workflow_id: bundles.template!.runId,
      format: 'agent-feed' as const,
      seller: SELLER,
      currency: 'USD',
    };
    const read = async (pageSize?: number) => {
      const file = await exportBundle(t.app.services.db, t.user.userId, input, pageSize);
      const files = unzipTexts(new Uint8Array(await new Response(file.body).arrayBuffer()));
      // metadata.json's updated_at is the time of writing.
      const { 'metadata.json': _, ...rest } = files;
      return rest;
    };
    const whole = await read();
    expect(await read(1)).toEqual(whole);
    const ids = whole['products.jsonl']!.split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line).id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('changing a field name fails the schema', async () => {
    const [product] = (await agentFeed(bundles.apparel!)).products;
    expect(problems(validProduct, product)).toEqual([]);
    const { variants, ...rest } = product!;
    expect(problems(validProduct, { ...rest, variant: variants })).not.toEqual([]);
    const [first, ...others] = variants;
    const { price, ...variant } = first!;
    const renamed = { ...variant, price: { value: price!.amount, currency: price!.currency } };
    expect(problems(validProduct, { ...product, variants: [renamed, ...others] })).not.toEqual([]);
    expect(problems(validMetadata, { feed_id: 'x' })).not.toEqual([]);
  });
});

describe('the agent feed request', () => {
  it('names the seller field that is missing', async () => {
    const { refund_policy_url: _, ...seller } = SELLER;
    const { response, text } = await exportStoreFile(t, bundles.apparel!, 'agent-feed', {
      seller,
      currency: 'USD',
    });
    expect(response.status).toBe(400);
    expect(JSON.parse(text).error.message).toMatch(/^seller\.refund_policy_url is needed/);
    const none = await exportStoreFile(t, bundles.apparel!, 'agent-feed', { currency: 'USD' });
    expect(none.response.status).toBe(400);
    expect(JSON.parse(none.text).error.message).toMatch(/^seller\.name is needed/);
  });

  it('refuses a policy that is not a full address, and another user’s run', async () => {
    const bad = await exportStoreFile(t, bundles.apparel!, 'agent-feed', {
      seller: { ...SELLER, privacy_policy_url: '/policies/privacy' },
    });
    expect(bad.response.status).toBe(400);
    expect(bad.text).toContain('seller.privacy_policy_url');
    const other = await createTestUser(t.app);
    const response = await postFunction(
      t.app,
      'export-bundle',
      { bundle_workflow_id: bundles.apparel!.runId, format: 'agent-feed', seller: SELLER },
      other.token,
      { 'x-response-format': 'Uint8Array' },
    );
    expect(response.status).toBe(404);
  });
});

describe('the Merchant supplemental feed’s conversational attributes', () => {
  it('item_group_title on every variant, the main feed’s ids, no variant value in it', async () => {
    const bundle = bundles.apparel!;
    const source = Papa.parse<Record<string, string>>(readFixture('shopify-apparel.csv'), {
      header: true,
      skipEmptyLines: true,
    }).data;
    const items = source.map((row, index) => ({
      id: `shopify_US_900_${index}`,
      link: `https://partners-demo.example/products/${row.Handle}`,
      // Shopify names the option on the first row only; a product without options has Default Title.
      size: row['Option1 Value'] === 'Default Title' ? '' : (row['Option1 Value'] ?? ''),
    }));
    const mainFeed = [
      'id\ttitle\tlink\tsize',
      ...items.map((item) => [item.id, 'x', item.link, item.size].join('\t')),
    ].join('\n');
    const { response, bytes } = await exportStoreFile(t, bundle, 'merchant', {
      merchant_id_scheme: 'from_feed',
      main_feed: { text: mainFeed },
      merchant_attributes: ['item_group_title', 'question_and_answer', 'size'],
    });
    expect(response.status).toBe(200);
    const files = unzipTexts(bytes);
    const feedName = Object.keys(files).find((name) => name.endsWith('-merchant-feed.tsv'))!;
    const rows = Papa.parse<Record<string, string>>(files[feedName]!, {
      header: true,
      delimiter: '\t',
      quoteChar: '\u0000',
      skipEmptyLines: true,
    });
    expect(rows.meta.fields).toEqual([
      'id',
      'title',
      'description',
      'item_group_title',
      'question_and_answer',
      'size',
    ]);
    // Each item's size is the one the main feed gives it, read from its "Size" option.
    for (const row of rows.data)
      expect(row.size, row.id).toBe(items.find((item) => item.id === row.id)!.size);
    // Every product's questions and answers, the built-in writer's 3 to 5, in Google's "question":"answer" form.
    for (const row of rows.data) {
      const pairs = row.question_and_answer!.match(/"(?:[^"]|"")*":"(?:[^"]|"")*"/g) ?? [];
      expect(pairs.length, `${row.id}: ${row.question_and_answer}`).toBeGreaterThanOrEqual(3);
      expect(pairs.length, row.id).toBeLessThanOrEqual(5);
    }
    const ids = new Set(items.map((item) => item.id));
    for (const row of rows.data) expect(ids.has(row.id!), row.id).toBe(true);
    const top = rows.data.filter((row) => items.find((item) => item.id === row.id)!.size !== '');
    expect(top.length).toBe(3);
    for (const row of top) {
      expect(row.item_group_title).toBe('Classic Varsity Top');
      for (const value of ['Small', 'Medium', 'Large']) expect(row.item_group_title).not.toContain(value);
    }
    // A product without variants is no group.
    const lone = rows.data.find((row) => row.id === 'shopify_US_900_0')!;
    expect(lone.item_group_title).toBe('');
  });
});
