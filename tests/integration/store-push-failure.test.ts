// A push job that hits an error which is not the store's (here: credentials that no longer open, as after a
// change of STORE_SECRETS_KEY) is left to the queue's retry while attempts remain, and on its last attempt
// ends `failed` with a reason instead of showing `running` for ever.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storePushes } from '../../src/server/db/schema';
import { runPush } from '../../src/server/domain/stores/run-push';
import { type FakeWooCommerce, startFakeWooCommerce } from '../support/fake-woocommerce';
import { wooCommerceCatalogue } from '../support/store-catalogues';
import { setupTestApp } from '../support/test-app';

let woo: FakeWooCommerce;
beforeAll(async () => {
  woo = await startFakeWooCommerce(wooCommerceCatalogue(1), { consumerKey: 'ck_f', consumerSecret: 'cs_f' });
});
afterAll(() => woo?.close());

const t = setupTestApp({ env: () => ({ ALLOW_PRIVATE_STORE_HOSTS: woo.hostPort }) });

async function queuedPush(): Promise<number> {
  const connected = await t.call('connect-store', {
    platform: 'woocommerce',
    store_url: woo.origin,
    consumer_key: 'ck_f',
    consumer_secret: 'cs_f',
  });
  expect(connected.status).toBe(200);
  const [push] = await t.app.database.db
    .insert(storePushes)
    .values({
      ownerId: t.user.userId,
      storeId: connected.data.store.id,
      bundleWorkflowId: 1,
      kind: 'push',
      apiVersion: 'wc/v3',
    })
    .returning({ id: storePushes.id });
  return push!.id;
}

const stateOf = async (pushId: number) =>
  (await t.app.database.db.select().from(storePushes).where(eq(storePushes.id, pushId)))[0]!;

describe('a push job failing on an error of ours', () => {
  it('is retried while attempts remain, and ends failed with a reason on the last one', async () => {
    const pushId = await queuedPush();
    // A key the credentials were not sealed with: opening them throws, and not as a store's answer.
    const access = { ...t.app.services.stores, secretsKey: randomBytes(32) };
    const db = t.app.database.db;

    await expect(runPush(db, access, pushId, { attempt: 1, maxAttempts: 10 })).rejects.toThrow();
    expect((await stateOf(pushId)).state).toBe('running');

    await expect(runPush(db, access, pushId, { attempt: 10, maxAttempts: 10 })).rejects.toThrow();
    const ended = await stateOf(pushId);
    expect(ended.state).toBe('failed');
    expect(ended.error).toMatch(/unexpected error/);
    expect(ended.finishedAt).not.toBeNull();
  });
});
