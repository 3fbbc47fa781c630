// Idempotency-Key on new-bundle, and the server's own check of every answer against the contract.
import { describe, expect, it } from 'vitest';
import { functionRegistry } from '../../src/server/functions/registry';
import type { FunctionHandler } from '../../src/server/functions/types';
import { createApp } from '../../src/server/main/app';
import { captureLog } from '../support/capture-log';
import { callFunction, createTestUser, setupTestApp } from '../support/test-app';

const log = captureLog();
const t = setupTestApp({ log: log.log });
const list = { columns: ['title', 'brand'], raw_csv: 'Linen Cushion,Hemma\nWool Throw,Hemma' };

async function bundleCount(): Promise<number> {
  const { rows } = await t.app.database.pool.query<{ n: number }>(
    'select count(*)::int as n from bundles where owner_id = $1',
    [t.user.userId],
  );
  return rows[0]!.n;
}

describe('Idempotency-Key on new-bundle', () => {
  it('the same key and body twice make one bundle and answer the same; another body is 409', async () => {
    const before = await bundleCount();
    const headers = { 'idempotency-key': 'order-2026-11-26-0001' };
    const first = await t.call('new-bundle', { bundle_name: 'Nightly import', ...list }, headers);
    expect(first.status).toBe(200);
    // Keys in another order are the same body.
    const second = await t.call('new-bundle', { ...list, bundle_name: 'Nightly import' }, headers);
    expect(second.status).toBe(200);
    expect(second.data).toEqual(first.data);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(await bundleCount()).toBe(before + 1);

    const other = await t.call('new-bundle', { bundle_name: 'Another import', ...list }, headers);
    expect(other.status).toBe(409);
    expect(other.error?.type).toBe('conflict');
    expect(other.error?.message).toContain('different request body');
    expect(await bundleCount()).toBe(before + 1);

    // Without the header, or with a new key, a bundle is made each time.
    expect((await t.call('new-bundle', { bundle_name: 'Nightly import', ...list })).status).toBe(200);
    const fresh = await t.call(
      'new-bundle',
      { bundle_name: 'Nightly import', ...list },
      { 'idempotency-key': 'k2' },
    );
    expect(fresh.status).toBe(200);
    expect(await bundleCount()).toBe(before + 3);
  });

  it('the same key with another product list is 409, not the first list’s answer', async () => {
    const before = await bundleCount();
    const headers = { 'idempotency-key': 'list-changed' };
    const first = await t.call('new-bundle', { bundle_name: 'Weekly import', ...list }, headers);
    expect(first.status).toBe(200);
    const otherList = { ...list, raw_csv: 'Oak Stool,Hemma\nJute Rug,Hemma' };
    const other = await t.call('new-bundle', { bundle_name: 'Weekly import', ...otherList }, headers);
    expect(other.status).toBe(409);
    expect(other.error?.message).toContain('different request body');
    expect(await bundleCount()).toBe(before + 1);
  });

  it('a key is the caller’s own: another user with the same key makes their own bundle', async () => {
    const other = await createTestUser(t.app);
    const headers = { 'idempotency-key': 'shared-key' };
    const mine = await t.call('new-bundle', { bundle_name: 'Mine', ...list }, headers);
    const theirs = await callFunction(
      t.app,
      'new-bundle',
      { bundle_name: 'Mine', ...list },
      other.token,
      headers,
    );
    expect(mine.status).toBe(200);
    expect(theirs.status).toBe(200);
    expect(theirs.data.bundle_id).not.toBe(mine.data.bundle_id);
  });

  it('a repeat while the first call runs is 409; a first call cut off 10 minutes ago is not waited for', async () => {
    const hold = async (key: string, age: string) =>
      t.app.database.pool.query(
        `insert into idempotency_keys (user_id, function_name, key, request_hash, created_at)
         values ($1, 'new-bundle', $2, 'x', now() - $3::interval)`,
        [t.user.userId, key, age],
      );
    await hold('in-flight', '1 second');
    const busy = await t.call(
      'new-bundle',
      { bundle_name: 'Busy', ...list },
      { 'idempotency-key': 'in-flight' },
    );
    expect(busy.status).toBe(409);
    await hold('cut-off', '11 minutes');
    const resumed = await t.call(
      'new-bundle',
      { bundle_name: 'Busy', ...list },
      { 'idempotency-key': 'cut-off' },
    );
    expect(resumed.status).toBe(200);
  });

  it('a failed first call frees the key; a bad key or a function without keys is 400', async () => {
    const headers = { 'idempotency-key': 'retry-me' };
    const failed = await t.call(
      'new-bundle',
      { bundle_name: 'Bad', columns: ['title'], raw_csv: '' },
      headers,
    );
    expect(failed.status).toBe(400);
    const retried = await t.call('new-bundle', { bundle_name: 'Good', ...list }, headers);
    expect(retried.status).toBe(200);
    const tooLong = await t.call(
      'new-bundle',
      { bundle_name: 'X', ...list },
      { 'idempotency-key': 'k'.repeat(300) },
    );
    expect(tooLong.status).toBe(400);
    expect(tooLong.error?.message).toContain('Idempotency-Key');
    const elsewhere = await t.call('list-bundles', {}, headers);
    expect(elsewhere.status).toBe(400);
  });
});

describe('answers checked against the contract', () => {
  // list-bundles broken on purpose: a bundle's id as a string, as a raw SQL row might hand it over.
  const broken: FunctionHandler<'list-bundles'> = async (ctx, input) => {
    const answer = await functionRegistry['list-bundles'](ctx, input);
    if (typeof answer !== 'object' || !('bundles' in answer)) return answer;
    return { bundles: answer.bundles.map((b) => ({ ...b, id: String(b.id) as unknown as number })) };
  };
  const registry = { ...functionRegistry, 'list-bundles': broken };

  it('outside production a wrong field type is a 500 naming the field, and logged', async () => {
    await t.call('new-bundle', { bundle_name: 'Checked', ...list });
    expect((await t.call('list-bundles', {})).status).toBe(200);
    const app = createApp(t.app.services, registry);
    const answer = await callFunction({ app }, 'list-bundles', {}, t.user.token);
    expect(answer.status).toBe(500);
    expect(answer.error?.type).toBe('server_error');
    expect(answer.error?.message).toMatch(/list-bundles does not match the contract: bundles\.0\.id/);
    expect(log.text()).toContain('answer does not match the contract');
  });

  it('in production the answer is a plain 500, and the mismatch is logged once', async () => {
    const before = log.lines.filter((l) => l.includes('answer does not match the contract')).length;
    const services = {
      ...t.app.services,
      config: { ...t.app.services.config, NODE_ENV: 'production' as const },
    };
    const app = createApp(services, registry);
    for (let i = 0; i < 3; i++) {
      const answer = await callFunction({ app }, 'list-bundles', {}, t.user.token);
      expect(answer.status).toBe(500);
      expect(answer.error?.message).toBe('Something went wrong on our side.');
    }
    const after = log.lines.filter((l) => l.includes('answer does not match the contract')).length;
    expect(after - before).toBe(1);
  });
});
