// The whole connected-store journey against one real store: connect, import every product and variation, write
// with the built-in writer, preview (before = the stored values), push through the job, read the product page a
// shopper sees, undo, and find the store as it was. One product edited through the REST API between preview and
// push must be skipped. Each store file (none, yoast, rankmath) runs it with its own way in and SEO plugin.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import type { FunctionResponse } from '../../../src/common/contract/functions';
import type { RunningWorker } from '../../../src/server/runner/start-worker';
import { startTestWorker, waitForRun } from '../../support/pipeline';
import { importedRows } from '../../support/store-import';
import { setupTestApp, type TestAppFixture } from '../../support/test-app';
import {
  installMinimalTheme,
  metaOf,
  type RealStoreName,
  realStore,
  type WooItem,
  wooRest,
} from './real-stores';
import { startTlsProxy, type TlsProxy } from './tls-proxy';

/** How the app reaches the store: OAuth over http, or https through the proxy with Basic or query keys. */
export type WayIn = 'oauth' | 'basic' | 'query';

export const SEO_KEYS: Record<RealStoreName, { title: string; description: string } | null> = {
  none: null,
  yoast: { title: '_yoast_wpseo_title', description: '_yoast_wpseo_metadesc' },
  rankmath: { title: 'rank_math_title', description: 'rank_math_description' },
};

export type FlowContext = {
  t: TestAppFixture;
  storeUrl: () => string;
  proxy: () => TlsProxy | undefined;
};

/** The app, its worker and (for https) the proxy for one store file; the theme goes in first. */
export function setupStoreFlow(name: RealStoreName, way: WayIn): FlowContext {
  const store = realStore(name);
  let proxy: TlsProxy | undefined;
  let worker: RunningWorker | undefined;
  beforeAll(async () => {
    if (way !== 'oauth') proxy = await startTlsProxy(store.url, { stripAuthorization: way === 'query' });
    await installMinimalTheme(store);
  });
  afterAll(() => proxy?.close());
  const storeUrl = () => proxy?.origin ?? store.url;
  const t = setupTestApp({ env: () => ({ ALLOW_PRIVATE_STORE_HOSTS: new URL(storeUrl()).host }) });
  beforeAll(async () => {
    worker = await startTestWorker(t.app, 2);
  });
  // Registered after setupTestApp's, so it runs before the database is dropped.
  afterAll(() => worker?.stop());
  return { t, storeUrl, proxy: () => proxy };
}

export type Imported = {
  storeId: number;
  bundleWorkflowId: number;
  run: FunctionResponse<'view-bundle-workflow'>;
  rows: Awaited<ReturnType<typeof importedRows>>;
  /** bundle_workflow_product id → the store's `product|variation` key */
  keyOf: Map<number, string>;
};

export async function connectAndImport(flow: FlowContext, name: RealStoreName): Promise<Imported> {
  const store = realStore(name);
  const { t } = flow;
  const connected = await t.call('connect-store', {
    platform: 'woocommerce',
    store_url: flow.storeUrl(),
    consumer_key: store.consumerKey,
    consumer_secret: store.consumerSecret,
  });
  expect(connected.status, JSON.stringify(connected.error)).toBe(200);
  const imported = await t.call('import-store', {
    store_id: connected.data.store.id,
    bundle_name: `real ${name}`,
  });
  expect(imported.status, JSON.stringify(imported.error)).toBe(200);
  const run = await waitForRun(
    t.app,
    t.user.token,
    imported.data.bundle_id,
    imported.data.workflow_id,
    90_000,
  );
  expect(run.store_import?.state, JSON.stringify(run.store_import)).toBe('done');
  const rows = await importedRows(t, imported.data.bundle_id);
  const { rows: links } = await t.app.services.db.execute<{
    id: number;
    remote_product_id: string;
    remote_variant_id: string | null;
  }>(sql`
    select b.id, s.remote_product_id, s.remote_variant_id
    from bundle_workflow_products b join store_products s on s.product_id = b.product_id
    where b.bundle_workflow_id = ${imported.data.bundle_workflow_id}`);
  return {
    storeId: connected.data.store.id,
    bundleWorkflowId: imported.data.bundle_workflow_id,
    run,
    rows,
    keyOf: new Map(
      links.map((link) => [link.id, `${link.remote_product_id}|${link.remote_variant_id ?? ''}`]),
    ),
  };
}

/** The stored value a push field names, as the app should read it ('' where absent). */
export function storedField(item: WooItem, field: string, name: RealStoreName): string {
  const keys = SEO_KEYS[name];
  if (field === 'description') return item.description;
  if (field === 'short_description') return item.short_description ?? '';
  if (field === 'handle') return item.slug ?? '';
  if (field === 'seo_title') return (keys && metaOf(item, keys.title)) ?? '';
  if (field === 'seo_description') return (keys && metaOf(item, keys.description)) ?? '';
  if (field.startsWith('alt_text:')) {
    const id = Number(field.slice('alt_text:'.length));
    return item.images?.find((image) => image.id === id)?.alt ?? '';
  }
  throw new Error(`no stored value for ${field}`);
}

/** Edits a product's description through the REST API, as the merchant would in wp-admin. */
export async function editInStore(name: RealStoreName, productId: string, description: string) {
  const answer = await wooRest<WooItem>(realStore(name), 'POST', `/products/${productId}`, {
    body: { description },
  });
  expect(answer.status).toBe(200);
}
