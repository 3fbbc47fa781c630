// WooCommerce reads at their edges, against the fake: a live read (preview, and the push's reread) of a
// product with more variations than one page of 100 holds every one; a store with no SEO plugin imports no
// SEO copy from the Yoast meta a removed Yoast left behind; the import keeps the values a push journals.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeKey } from '../../src/server/domain/stores/platform';
import type { WooConnection } from '../../src/server/domain/stores/woocommerce/woocommerce-api';
import { readWooCommerceLive } from '../../src/server/domain/stores/woocommerce/woocommerce-live';
import { type FakeWooCommerce, type FakeWooProduct, startFakeWooCommerce } from '../support/fake-woocommerce';
import { wooCommerceCatalogue } from '../support/store-catalogues';
import { importedRows, importStoreNow } from '../support/store-import';
import { setupTestApp } from '../support/test-app';

const KEYS = { consumerKey: 'ck_reads', consumerSecret: 'cs_reads' };

/** The catalogue's variable tee with 150 variations of its own. */
function teeWith150Variations(): FakeWooProduct {
  const tee = wooCommerceCatalogue(0)[0]!;
  const template = tee.variations[0]!;
  tee.variations = Array.from({ length: 150 }, (_, n) => ({
    ...structuredClone(template),
    id: 10_000 + n,
    sku: `tee-${n}`,
    description: `<p>Variation ${n}.</p>`,
    image: null,
  }));
  return tee;
}

let wide: FakeWooCommerce;
let plain: FakeWooCommerce;
beforeAll(async () => {
  wide = await startFakeWooCommerce([teeWith150Variations()], KEYS);
  // No SEO plugin: the REST index lists WordPress's and WooCommerce's namespaces only, yet every product
  // still carries Yoast's meta.
  plain = await startFakeWooCommerce(wooCommerceCatalogue(2), { ...KEYS, namespaces: ['wp/v2', 'wc/v3'] });
});
afterAll(() => Promise.all([wide?.close(), plain?.close()]));

const t = setupTestApp({ env: () => ({ ALLOW_PRIVATE_STORE_HOSTS: `${wide.hostPort},${plain.hostPort}` }) });

describe('live reads', () => {
  it('read every variation of a product with more than a page of them', async () => {
    const connection: WooConnection = {
      url: new URL(wide.origin),
      ...KEYS,
      network: { allowPrivateHosts: [wide.hostPort], requireHttps: false },
    };
    const ids = wide.products[0]!.variations.map((variation) => String(variation.id));
    const live = await readWooCommerceLive(
      connection,
      ids.map((id) => ({ remoteProductId: '44', remoteVariantId: id })),
    );
    const found = ids.filter((id) => live.get(storeKey('44', id)));
    expect(found).toHaveLength(150);
    expect(live.get(storeKey('44', '10149'))?.values.get('description')).toContain('Variation 149.');
    const pages = wide.requests.filter((r) => r.path.startsWith('/wp-json/wc/v3/products/44/variations?'));
    expect(pages.map((r) => new URL(r.path, wide.origin).searchParams.get('page'))).toEqual(['1', '2']);
  });
});

describe('import from a store with no SEO plugin', () => {
  it('takes no SEO copy from leftover Yoast meta, and keeps the values a push journals', async () => {
    const connected = await t.call('connect-store', {
      platform: 'woocommerce',
      store_url: plain.origin,
      consumer_key: KEYS.consumerKey,
      consumer_secret: KEYS.consumerSecret,
    });
    expect(connected.status).toBe(200);
    const imported = await importStoreNow(t, { store_id: connected.data.store.id, bundle_name: 'No plugin' });
    expect(imported.data.store_import.state).toBe('done');
    const rows = await importedRows(t, imported.data.bundle_id);
    const tee = rows.find((row) => row.remote_product_id === '44' && row.remote_variant_id === null)!;
    expect(plain.products[0]!.meta_data.some((meta) => meta.key === '_yoast_wpseo_title')).toBe(true);
    const copy = (tee.store_copy ?? {}) as Record<string, unknown>;
    expect(copy.page_title ?? '').toBe('');
    expect(copy.meta_description ?? '').toBe('');
    // Alt texts are the store's own, plugin or not.
    expect(copy.alt_texts).toEqual(['Blue v-neck t-shirt', '']);

    const { rows: stored } = await t.app.services.db.execute<{
      remote_values: { values: Record<string, string> };
    }>(sql`
      select s.remote_values from store_products s join products p on p.id = s.product_id
      where p.bundle_id = ${imported.data.bundle_id} and s.remote_product_id = '44' and s.remote_variant_id is null`);
    expect(stored[0]!.remote_values.values).toEqual({
      description: plain.products[0]!.description,
      short_description: plain.products[0]!.short_description,
      handle: 'v-neck-t-shirt',
      'alt_text:501': 'Blue v-neck t-shirt',
      'alt_text:502': '',
    });
  });
});
