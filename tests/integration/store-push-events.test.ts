// Where pushes meet the other features of their wave: a push with write_handles is refused before writing
// when the Shopify token lacks the navigation scopes; a finished push or undo is announced as
// push.completed to a local receiver, signed; a pushed product gets its export date for the
// Search Console before/after report, a product the push did not write does not, and undo takes it back (26).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SHOPIFY_HANDLE_SCOPES,
  SHOPIFY_SCOPES,
} from '../../src/server/domain/stores/shopify/shopify-connect';
import type { RunningWorker } from '../../src/server/runner/start-worker';
import { type FakeShopify, startFakeShopify } from '../support/fake-shopify';
import { startTestWorker, waitForRun } from '../support/pipeline';
import { shopifyCatalogue } from '../support/store-catalogues';
import { setupTestApp } from '../support/test-app';
import { waitForPush } from '../support/wait-for-push';
import { waitUntil } from '../support/wait-until';
import { webhookEventBody } from '../support/webhook-event';

const TOKEN = 'shpat_push_events_token_0123456789';
let full: FakeShopify;
let narrow: FakeShopify;
let receiver: Server;
let port = 0;
const received: { headers: Record<string, string>; body: string }[] = [];

beforeAll(async () => {
  full = await startFakeShopify(shopifyCatalogue(3), {
    accessToken: TOKEN,
    scopes: [...SHOPIFY_SCOPES, ...SHOPIFY_HANDLE_SCOPES],
  });
  // What connect-store asks for, and no more: enough to push, not to write handles.
  narrow = await startFakeShopify(shopifyCatalogue(3), { accessToken: TOKEN, scopes: [...SHOPIFY_SCOPES] });
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ headers: request.headers as Record<string, string>, body });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  port = (receiver.address() as AddressInfo).port;
});
afterAll(async () => {
  await Promise.all([full?.close(), narrow?.close(), new Promise((resolve) => receiver.close(resolve))]);
});

const t = setupTestApp({
  env: () => ({
    ALLOW_PRIVATE_STORE_HOSTS: `${full.hostPort},${narrow.hostPort}`,
    ALLOW_PRIVATE_WEBHOOK_HOSTS: `127.0.0.1:${port}`,
  }),
});
let worker: RunningWorker | undefined;
beforeAll(async () => {
  worker = await startTestWorker(t.app, 2);
});
afterAll(() => worker?.stop());

async function importAll(fake: FakeShopify) {
  const connected = await t.call('connect-store', {
    platform: 'shopify',
    store_url: fake.origin,
    access_token: TOKEN,
  });
  expect(connected.status).toBe(200);
  const imported = await t.call('import-store', { store_id: connected.data.store.id, bundle_name: 'Pushed' });
  const run = await waitForRun(t.app, t.user.token, imported.data.bundle_id, imported.data.workflow_id);
  expect(run.totals.done).toBe(run.totals.total);
  return { bundleWorkflowId: imported.data.bundle_workflow_id, storeId: connected.data.store.id, run };
}

describe('pushes and the wave around them', () => {
  it('refuses write_handles before writing anything when the token lacks the navigation scopes', async () => {
    const { bundleWorkflowId, storeId, run } = await importAll(narrow);
    await t.call('set-product-review', {
      bundle_workflow_product_ids: run.products.map((p) => p.id),
      review: 'approved',
    });
    const before = structuredClone(narrow.products);
    const asked = { bundle_workflow_id: bundleWorkflowId, store_id: storeId, write_handles: true };
    for (const name of ['preview-push', 'push-to-store'] as const) {
      const refused = await t.call(name, asked);
      expect(refused.status).toBe(400);
      expect(refused.error?.message).toContain('read_online_store_navigation, write_online_store_navigation');
    }
    expect(narrow.calls.some((call) => /productUpdate|fileUpdate/.test(call.query))).toBe(false);
    expect(narrow.products).toEqual(before);
    const { rows } = await t.app.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from store_pushes where store_id = ${storeId}`,
    );
    expect(rows[0]!.n).toBe(0);
    // Without handles the same token pushes.
    const preview = await t.call('preview-push', { bundle_workflow_id: bundleWorkflowId, store_id: storeId });
    expect(preview.status).toBe(200);
    expect(preview.data.changes.length).toBeGreaterThan(0);
  });

  it('announces push.completed for a push and its undo, and dates the pushed products for the report', async () => {
    const hook = await t.call('create-webhook', {
      url: `http://127.0.0.1:${port}/push`,
      events: ['push.completed'],
    });
    expect(hook.status).toBe(200);
    const { bundleWorkflowId, storeId, run } = await importAll(full);
    const ring = run.products.find((p) => p.product_details.handle === 'aurora-ring' && !p.is_multiple_of)!;
    await t.call('set-product-review', { bundle_workflow_product_ids: [ring.id], review: 'approved' });

    const push = await t.call('push-to-store', {
      bundle_workflow_id: bundleWorkflowId,
      store_id: storeId,
      fields: ['seo_title'],
    });
    expect(push.status).toBe(200);
    const pushed = await waitForPush(t, push.data.push_id);
    expect(pushed).toMatchObject({ state: 'done', done: 1, failed: 0 });

    const db = t.app.database.db;
    const dated = async () =>
      (
        await db.execute<{ id: number }>(sql`
          select p.id from bundle_workflow_products p join copy_exports e on e.product_id = p.product_id
          where p.bundle_workflow_id = ${bundleWorkflowId} order by p.id`)
      ).rows.map((row) => row.id);
    expect(await dated()).toEqual([ring.id]);

    const undo = await t.call('undo-push', { push_id: push.data.push_id });
    expect((await waitForPush(t, undo.data.push_id)).state).toBe('done');
    // The store shows the old copy again: the report no longer dates the ring's copy from the push.
    expect(await dated()).toEqual([]);
    await waitUntil('the receiver got both push.completed', () => received.length >= 2, {
      timeoutMs: 30_000,
    });
    const events = received.map((delivery) =>
      webhookEventBody.parse(
        new Webhook(hook.data.secret).verify(delivery.body, {
          'webhook-id': delivery.headers['webhook-id']!,
          'webhook-timestamp': delivery.headers['webhook-timestamp']!,
          'webhook-signature': delivery.headers['webhook-signature']!,
        }),
      ),
    );
    const byKind = new Map(events.map((event) => [event.data.kind, event]));
    expect(byKind.get('push')).toMatchObject({
      type: 'push.completed',
      data: {
        push_id: push.data.push_id,
        state: 'done',
        store_id: storeId,
        bundle_workflow_id: bundleWorkflowId,
        counts: { done: 1, failed: 0, skipped: 0 },
      },
    });
    expect(byKind.get('undo')).toMatchObject({
      type: 'push.completed',
      data: { push_id: undo.data.push_id, undo_of: push.data.push_id, state: 'done', counts: { done: 1 } },
    });
    // Once each, not again on a later job.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(received).toHaveLength(2);
  });
});
