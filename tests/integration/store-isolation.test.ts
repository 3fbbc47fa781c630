// A store that stops answering stalls nobody else (docs/decisions/020): store jobs run in a pool of their own,
// so an import waiting on a silent store holds no generation slot, and one at a time per store, so a second
// import of the same store waits outside a slot until the first is done.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningWorker, startWorker } from '../../src/server/runner/start-worker';
import { type FakeShopify, startFakeShopify } from '../support/fake-shopify';
import { countSettled, describeQueue } from '../support/run-state';
import { shopifyCatalogue } from '../support/store-catalogues';
import { storeImportOf } from '../support/store-import';
import { callFunction, createTestUser, setupTestApp } from '../support/test-app';
import { waitUntil } from '../support/wait-until';

const TOKEN = 'shpat_store_isolation_test_token_01234';
const BUILT_IN_WRITER = 4;

let store: FakeShopify;
beforeAll(async () => {
  store = await startFakeShopify(shopifyCatalogue(20), { accessToken: TOKEN });
});
const t = setupTestApp({ env: () => ({ ALLOW_PRIVATE_STORE_HOSTS: store.hostPort }) });
let worker: RunningWorker | undefined;
let release = () => {};
afterAll(async () => {
  release();
  await worker?.stop();
  await store?.close();
});

describe('store isolation', () => {
  it('with two imports of a silent store, another user’s 8-product run finishes; the second import waits its turn', {
    timeout: 90_000,
  }, async () => {
    const connected = await t.call('connect-store', {
      platform: 'shopify',
      store_url: store.origin,
      access_token: TOKEN,
    });
    expect(connected.status, JSON.stringify(connected.error)).toBe(200);
    const storeId = connected.data.store.id;
    const imports: number[] = [];
    for (const name of ['First import', 'Second import']) {
      const answer = await t.call('import-store', { store_id: storeId, bundle_name: name });
      expect(answer.status, JSON.stringify(answer.error)).toBe(200);
      imports.push(answer.data.bundle_id);
    }
    // From here on the store answers nothing until released: the import that starts waits on it.
    release = store.holdAfter(0);
    // One generation slot: an import holding it would stall every run.
    worker = await startWorker({ ...t.app.services.queue, concurrency: 1, heartbeatMs: 1_000 });
    const states = async () => Promise.all(imports.map(async (id) => (await storeImportOf(t, id)).state));
    await waitUntil('an import is running', async () => (await states()).includes('running'));

    const other = await createTestUser(t.app);
    const started = Date.now();
    const rows = Array.from({ length: 8 }, (_, i) => `Beside a silent store ${i + 1},Hemma`).join('\n');
    const created = await callFunction(
      t.app,
      'new-bundle',
      { bundle_name: 'Beside', columns: ['title', 'brand'], raw_csv: rows, workflow_id: BUILT_IN_WRITER },
      other.token,
    );
    expect(created.status).toBe(200);
    const runId = created.data.bundle_workflow_id;
    const pool = t.app.database.pool;
    await waitUntil(
      'the other user’s run is settled',
      async () => (await countSettled(pool, runId)).settled === 8,
      {
        timeoutMs: 20_000,
        intervalMs: 50,
        describe: () => describeQueue(pool, runId),
      },
    );
    console.log(`8-product run beside a silent store's import: ${Date.now() - started} ms`);
    expect((await countSettled(pool, runId)).done).toBe(8);
    // Still held: one import runs, the other waits in the store's queue, not in a slot.
    expect((await states()).sort()).toEqual(['queued', 'running']);

    release();
    await waitUntil('both imports are done', async () => (await states()).every((s) => s === 'done'), {
      timeoutMs: 45_000,
      intervalMs: 200,
    });
  });
});
