// Connected stores: connect-store proves credentials against local fakes that speak Shopify's
// Admin GraphQL and WooCommerce's REST API, refuses what is wrong with a 400 naming it, keeps the secrets
// sealed, and import-store makes a bundle with the store's products, variants, images and ids.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeAccessFromConfig } from '../../src/server/domain/stores/store-access';
import { type FakeShopify, startFakeShopify } from '../support/fake-shopify';
import { type FakeWooCommerce, startFakeWooCommerce } from '../support/fake-woocommerce';
import { shopifyCatalogue, wooCommerceCatalogue } from '../support/store-catalogues';
import { importStoreNow } from '../support/store-import';
import { callFunction, createTestUser, setupTestApp } from '../support/test-app';

const SHOPIFY_TOKEN = 'shpat_0123456789abcdef0123456789abcdef';
const WOO_KEY = 'ck_4b9d3f0c2a1e8d7c6b5a49382716051a2b3c4d5e';
const WOO_SECRET = 'cs_9f8e7d6c5b4a39281706f5e4d3c2b1a0f9e8d7c6';

let shopify: FakeShopify;
let narrowShopify: FakeShopify;
let woo: FakeWooCommerce;
let readOnlyWoo: FakeWooCommerce;

beforeAll(async () => {
  shopify = await startFakeShopify(shopifyCatalogue(), { accessToken: SHOPIFY_TOKEN });
  narrowShopify = await startFakeShopify(shopifyCatalogue(0), {
    accessToken: SHOPIFY_TOKEN,
    scopes: ['read_products', 'write_products'],
  });
  woo = await startFakeWooCommerce(wooCommerceCatalogue(), {
    consumerKey: WOO_KEY,
    consumerSecret: WOO_SECRET,
  });
  readOnlyWoo = await startFakeWooCommerce(wooCommerceCatalogue(0), {
    consumerKey: WOO_KEY,
    consumerSecret: WOO_SECRET,
    permissions: 'read',
  });
});
afterAll(async () => {
  await Promise.all([shopify, narrowShopify, woo, readOnlyWoo].map((fake) => fake?.close()));
});

const t = setupTestApp({
  env: () => ({
    ALLOW_PRIVATE_STORE_HOSTS: [shopify, narrowShopify, woo, readOnlyWoo]
      .map((fake) => fake.hostPort)
      .join(','),
  }),
});

const connectShopify = (origin = shopify.origin, token = SHOPIFY_TOKEN) =>
  t.call('connect-store', { platform: 'shopify', store_url: origin, access_token: token });
const connectWoo = (origin = woo.origin, key = WOO_KEY) =>
  t.call('connect-store', {
    platform: 'woocommerce',
    store_url: origin,
    consumer_key: key,
    consumer_secret: WOO_SECRET,
  });

describe('connect-store', () => {
  it('proves Shopify credentials with one read and answers the store without its token', async () => {
    const connected = await connectShopify();
    expect(connected.status).toBe(200);
    expect(connected.data.store).toMatchObject({
      platform: 'shopify',
      store_url: shopify.origin,
      name: 'Fake Shop',
    });
    expect(JSON.stringify(connected.data)).not.toContain(SHOPIFY_TOKEN);
    expect(shopify.calls.at(-1)?.query).toMatch(/shop \{ name/);
    const listed = await t.call('list-stores', {});
    expect(listed.data.stores.map((store) => store.id)).toContain(connected.data.store.id);
    expect(JSON.stringify(listed.data)).not.toContain(SHOPIFY_TOKEN);
  });

  // Basic, and its query-string fallback behind a header-stripping proxy, need https: tests/real-stores.
  it('proves WooCommerce keys, read and write, signed with OAuth 1.0a over plain http', async () => {
    expect((await connectWoo()).status).toBe(200);
    const [read, write] = woo.requests.slice(-2);
    expect(read?.path).toMatch(
      /oauth_signature_method=HMAC-SHA1.*oauth_signature=|oauth_signature=.*HMAC-SHA1/,
    );
    expect(write?.method).toBe('POST');
    expect(write?.path).toContain(`oauth_consumer_key=${WOO_KEY}`);
    // The secret itself never travels over http.
    expect(woo.requests.map((r) => r.path).join(' ')).not.toContain(WOO_SECRET);
  });

  it('names what is wrong: credentials, platform, scope, read-only key, unreachable, private address', async () => {
    const wrongToken = await connectShopify(shopify.origin, 'shpat_wrong');
    expect(wrongToken.status).toBe(400);
    expect(wrongToken.error?.message).toMatch(/Wrong credentials/);

    const missingScope = await connectShopify(narrowShopify.origin);
    expect(missingScope.status).toBe(400);
    expect(missingScope.error?.message).toMatch(/write_files/);

    const notShopify = await connectShopify(woo.origin);
    expect(notShopify.status).toBe(400);
    expect(notShopify.error?.message).toMatch(/Not a Shopify store/);

    const notWoo = await connectWoo(shopify.origin);
    expect(notWoo.status).toBe(400);
    expect(notWoo.error?.message).toMatch(/Not a WooCommerce store/);

    const wrongKey = await connectWoo(woo.origin, 'ck_wrong');
    expect(wrongKey.status).toBe(400);
    expect(wrongKey.error?.message).toMatch(/Wrong credentials.*Consumer key is invalid/);

    const readOnly = await connectWoo(readOnlyWoo.origin);
    expect(readOnly.status).toBe(400);
    expect(readOnly.error?.message).toMatch(/read-only/);

    const privateHost = await connectShopify('http://10.0.0.7:8080');
    expect(privateHost.status).toBe(400);
    expect(privateHost.error?.message).toMatch(/private network \(10\.0\.0\.7\)/);

    const loopback = await connectShopify('http://localhost:9');
    expect(loopback.status).toBe(400);
    expect(loopback.error?.message).toMatch(/loopback|private/);

    const missingToken = await t.call('connect-store', { platform: 'shopify', store_url: shopify.origin });
    expect(missingToken.status).toBe(400);
    expect(missingToken.error?.message).toMatch(/access_token/);
  });

  it('takes only https store addresses in production', () => {
    const access = storeAccessFromConfig(
      { NODE_ENV: 'production', ALLOW_PRIVATE_STORE_HOSTS: [], STORE_SECRETS_KEY: undefined },
      'a production auth secret of thirty-two characters',
    );
    expect(access.network.requireHttps).toBe(true);
  });

  it('keeps no secret in plain text anywhere in the database', async () => {
    await connectShopify();
    await connectWoo();
    const { rows: tables } = await t.app.database.db.execute<{ name: string }>(
      sql`select quote_ident(table_name) as name from information_schema.tables where table_schema = 'public'`,
    );
    for (const { name } of tables) {
      const { rows } = await t.app.database.db.execute<{ row: string }>(
        sql.raw(`select t::text as row from ${name} t`),
      );
      const text = rows.map((row) => row.row).join('\n');
      for (const secret of [SHOPIFY_TOKEN, WOO_KEY, WOO_SECRET]) expect(text, name).not.toContain(secret);
    }
  });

  it("answers another user's store as unknown_store", async () => {
    const mine = await connectShopify();
    const other = await createTestUser(t.app);
    for (const [name, body] of [
      ['disconnect-store', { store_id: mine.data.store.id }],
      ['import-store', { store_id: mine.data.store.id, bundle_name: 'Not mine' }],
    ] as const) {
      const answer = await callFunction(t.app, name, body, other.token);
      expect(answer.status, name).toBe(404);
      expect(answer.error?.type).toBe('unknown_store');
    }
    const theirs = await callFunction(t.app, 'list-stores', {}, other.token);
    expect(theirs.data.stores).toEqual([]);
    expect((await t.call('disconnect-store', { store_id: mine.data.store.id })).status).toBe(200);
    expect((await t.call('disconnect-store', { store_id: mine.data.store.id })).status).toBe(404);
  });
});

type ImportedRow = {
  position: number;
  title: string | null;
  store_copy: { page_title?: string; meta_description?: string; alt_texts?: string[] } | null;
  image_urls: string[];
  remote_product_id: string;
  remote_variant_id: string | null;
  remote_updated_at: string;
  remote_image_ids: string[];
  is_variant: boolean;
};

async function importedProducts(bundleId: number): Promise<ImportedRow[]> {
  const { rows } = await t.app.database.db.execute<ImportedRow>(sql`
    select p.position, p.details->>'title' as title, p.store_copy, p.image_urls, s.remote_product_id,
      s.remote_variant_id, s.remote_updated_at, s.remote_image_ids, w.is_multiple_of is not null as is_variant
    from products p
    join store_products s on s.product_id = p.id
    join bundle_workflow_products w on w.product_id = p.id
    where p.bundle_id = ${bundleId}
    order by p.position`);
  return rows;
}

describe('import-store', () => {
  it('makes a bundle of a Shopify store: every variant with its ids, images with theirs, the store copy kept', async () => {
    const store = (await connectShopify()).data.store;
    const imported = await importStoreNow(t, { store_id: store.id, bundle_name: 'Lumen from Shopify' });
    expect(imported.error).toBeUndefined();
    expect(imported.status).toBe(200);
    // 4 variants of the ring and 11 single-variant totes: two pages of 10 products.
    expect(imported.data.products).toBe(15);
    const rows = await importedProducts(imported.data.bundle_id);
    expect(rows).toHaveLength(15);
    const ring = rows.filter((row) => row.remote_product_id === 'gid://shopify/Product/7001');
    expect(ring.map((row) => row.remote_variant_id)).toEqual(
      [8001, 8002, 8003, 8004].map((id) => `gid://shopify/ProductVariant/${id}`),
    );
    expect(ring.map((row) => row.is_variant)).toEqual([false, true, true, true]);
    expect(ring[0]!.remote_updated_at).toBe('2026-10-01T09:00:00Z');
    expect(ring[0]!.image_urls).toHaveLength(3);
    expect(ring[0]!.remote_image_ids).toEqual(
      [9101, 9102, 9103].map((id) => `gid://shopify/MediaImage/${id}`),
    );
    expect(ring[0]!.store_copy).toMatchObject({
      page_title: 'Aurora Ring | Lumen',
      meta_description: 'The Aurora ring in sterling silver.',
      alt_texts: ['Aurora ring in silver', '', 'Aurora ring in its box'],
    });
    // The gold variants show the gold image, with its id.
    const gold = ring.find((row) => row.remote_variant_id?.endsWith('/8002'));
    expect(gold?.image_urls).toEqual(['https://cdn.example.com/images/aurora-gold.jpg']);
    expect(gold?.remote_image_ids).toEqual(['gid://shopify/MediaImage/9102']);
    expect(shopify.calls.some((call) => call.throttled)).toBe(false);
  });

  it('makes a bundle of a WooCommerce store: variations linked to their parent, Yoast copy and alt texts kept', async () => {
    const store = (await connectWoo()).data.store;
    const imported = await importStoreNow(t, { store_id: store.id, bundle_name: 'Woo shop' });
    expect(imported.status).toBe(200);
    // 102 products over two pages of 100, and the variable product's 2 variations.
    expect(imported.data.products).toBe(104);
    const rows = await importedProducts(imported.data.bundle_id);
    const tee = rows.filter((row) => row.remote_product_id === '44');
    expect(tee.map((row) => row.remote_variant_id)).toEqual([null, '61', '62']);
    expect(tee.map((row) => row.is_variant)).toEqual([false, true, true]);
    expect(tee[0]!.store_copy).toMatchObject({
      page_title: 'V-Neck T-Shirt | Woo',
      meta_description: 'Our soft cotton v-neck t-shirt.',
      alt_texts: ['Blue v-neck t-shirt', ''],
    });
    expect(tee[0]!.remote_image_ids).toEqual(['501', '502']);
    expect(tee[2]!.remote_image_ids).toEqual(['502']);
    expect(
      woo.requests.filter((r) => r.path.startsWith('/wp-json/wc/v3/products?')).map((r) => r.path),
    ).toEqual(expect.arrayContaining([expect.stringContaining('page=2')]));
  });

  it('waits out a throttled Shopify bucket and WooCommerce 429s, then imports the same products', async () => {
    const shop = (await connectShopify()).data.store;
    shopify.throttleFor(1_500);
    const throttledBefore = shopify.calls.filter((call) => call.throttled).length;
    const fromShopify = await importStoreNow(t, { store_id: shop.id, bundle_name: 'Throttled' });
    expect(fromShopify.data.products).toBe(15);
    expect(shopify.calls.filter((call) => call.throttled).length).toBeGreaterThan(throttledBefore);

    const wooStore = (await connectWoo()).data.store;
    woo.rateLimitNext(2, 1);
    const fromWoo = await importStoreNow(t, { store_id: wooStore.id, bundle_name: 'Rate limited' });
    expect(fromWoo.data.products).toBe(104);
  });
});
