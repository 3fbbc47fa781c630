// API keys over the real routes: scopes, revocation, expiry, the stored hash, the per-key rate
// limit, and the functions a key may never call.
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiKeyScope } from '../../src/common/contract/functions';
import { errorOf } from '../support/answers';
import { waitForRun } from '../support/pipeline';
import { callFunction, postFunction, setupTestApp } from '../support/test-app';

const t = setupTestApp();
const OFFLINE = 4;
const list = {
  columns: ['title', 'brand', 'description'],
  raw_csv: 'Linen Cushion,Hemma,A soft linen cushion cover.\nWool Throw,Hemma,A warm wool throw.',
};

async function createKey(scopes: ApiKeyScope[], extra: { expires_in_days?: number } = {}) {
  const created = await t.call('create-api-key', { name: `key ${scopes.join('+')}`, scopes, ...extra });
  expect(created.status).toBe(200);
  return created.data;
}

describe('API keys', () => {
  let bundleWorkflowId: number;
  beforeAll(async () => {
    const created = await t.call('new-bundle', { bundle_name: 'Keyed', ...list });
    expect(created.status).toBe(200);
    bundleWorkflowId = created.data.bundle_workflow_id;
    await t.call('job-queue-event-loop', {
      exit_after_seconds: 20,
      testing: { exit_after_inactive_seconds: 1 },
    });
    await waitForRun(t.app, t.user.token, created.data.bundle_id, OFFLINE, 20_000);
  });

  it('a read key lists bundles and exports, with no cookie and no Origin; write is 403 naming the scope', async () => {
    const { key, api_key } = await createKey(['read']);
    expect(key).toMatch(/^cl_[A-Za-z0-9_-]{43}$/);
    expect(key.startsWith(api_key.prefix)).toBe(true);
    expect(api_key.scopes).toEqual(['read']);

    const bundles = await callFunction(t.app, 'list-bundles', {}, key);
    expect(bundles.status).toBe(200);
    expect(bundles.data.bundles.map((b) => b.name)).toContain('Keyed');

    const exported = await postFunction(
      t.app,
      'export-bundle',
      { bundle_workflow_id: bundleWorkflowId, format: 'csv' },
      key,
      { 'x-response-format': 'Uint8Array' },
    );
    expect(exported.status).toBe(200);
    expect(await exported.text()).toContain('Linen Cushion');

    const refused = await callFunction(t.app, 'new-bundle', { bundle_name: 'Nope', ...list }, key);
    expect(refused.status).toBe(403);
    expect(refused.error?.type).toBe('forbidden');
    expect(refused.error?.message).toContain('"write"');

    const listed = await t.call('list-api-keys', {});
    const shown = listed.data.api_keys.find((k) => k.id === api_key.id);
    expect(shown?.last_used_at).not.toBeNull();
    // The list never shows the key itself.
    expect(JSON.stringify(listed.data)).not.toContain(key);
  });

  it('a revoked key is 401 from its next request on', async () => {
    const { key, api_key } = await createKey(['read']);
    expect((await callFunction(t.app, 'list-bundles', {}, key)).status).toBe(200);
    expect((await t.call('revoke-api-key', { api_key_id: api_key.id })).status).toBe(200);
    const after = await callFunction(t.app, 'list-bundles', {}, key);
    expect(after.status).toBe(401);
    expect(after.error?.type).toBe('unauthorized');
    const listed = await t.call('list-api-keys', {});
    expect(listed.data.api_keys.map((k) => k.id)).not.toContain(api_key.id);
  });

  it('an expired key is 401', async () => {
    const { key, api_key } = await createKey(['read'], { expires_in_days: 1 });
    expect(api_key.expires_at).not.toBeNull();
    expect((await callFunction(t.app, 'list-bundles', {}, key)).status).toBe(200);
    await t.app.database.pool.query(
      `update api_keys set expires_at = now() - interval '1 second' where id = $1`,
      [api_key.id],
    );
    expect((await callFunction(t.app, 'list-bundles', {}, key)).status).toBe(401);
  });

  it('the database holds only a hash of the key', async () => {
    const { key } = await createKey(['read', 'write']);
    expect((await callFunction(t.app, 'list-bundles', {}, key)).status).toBe(200);
    const secretPart = key.slice(12);
    const { rows: tables } = await t.app.database.pool.query<{ schema: string; name: string }>(
      `select table_schema as schema, table_name as name from information_schema.tables
       where table_schema in ('public', 'graphile_worker') and table_type = 'BASE TABLE'`,
    );
    expect(tables.length).toBeGreaterThan(10);
    const holding: string[] = [];
    for (const table of tables) {
      const { rows } = await t.app.database.pool.query<{ n: number }>(
        `select count(*)::int as n from "${table.schema}"."${table.name}" t where t::text like $1`,
        [`%${secretPart}%`],
      );
      if (rows[0]!.n > 0) holding.push(`${table.schema}.${table.name}`);
    }
    expect(holding).toEqual([]);
    const { rows } = await t.app.database.pool.query<{ key_hash: string }>(
      `select key_hash from api_keys where prefix = $1`,
      [key.slice(0, 11)],
    );
    expect(rows[0]?.key_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('a key cannot manage keys, nor reach sessions, passwords or 2FA', async () => {
    const { key } = await createKey(['read', 'write', 'run', 'push']);
    for (const name of ['create-api-key', 'list-api-keys', 'revoke-api-key'] as const) {
      const body =
        name === 'create-api-key'
          ? { name: 'x', scopes: ['read'] }
          : name === 'revoke-api-key'
            ? { api_key_id: 1 }
            : {};
      const answer = await postFunction(t.app, name, body, key);
      expect(answer.status, name).toBe(403);
      expect((await errorOf(answer)).message).toContain('API key');
    }
    for (const path of ['/list-sessions', '/two-factor/enable', '/change-password']) {
      const answer = await t.app.app.request(`/api/auth${path}`, {
        method: path === '/list-sessions' ? 'GET' : 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body:
          path === '/list-sessions'
            ? undefined
            : JSON.stringify({
                password: t.user.password,
                currentPassword: t.user.password,
                newPassword: 'A-much-longer-passphrase-nobody-guesses-42',
              }),
      });
      expect(answer.status, path).toBe(401);
    }
  });

  it('the 121st request in a minute is 429 with Retry-After', async () => {
    const { key } = await createKey(['read']);
    for (let i = 1; i <= 120; i++) {
      const answer = await postFunction(t.app, 'list-bundles', {}, key);
      if (answer.status !== 200) throw new Error(`request ${i} answered ${answer.status}`);
    }
    const limited = await postFunction(t.app, 'list-bundles', {}, key);
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await errorOf(limited)).type).toBe('rate_limited');
    // Another key of the same user has its own window.
    const other = await createKey(['read']);
    expect((await postFunction(t.app, 'list-bundles', {}, other.key)).status).toBe(200);
  });

  it('refuses bad input naming the field', async () => {
    const noScopes = await postFunction(t.app, 'create-api-key', { name: 'x', scopes: [] }, t.user.token);
    expect(noScopes.status).toBe(400);
    expect(await noScopes.text()).toContain('scopes');
    const badScope = await postFunction(
      t.app,
      'create-api-key',
      { name: 'x', scopes: ['admin'] },
      t.user.token,
    );
    expect(badScope.status).toBe(400);
    const unknown = await t.call('revoke-api-key', { api_key_id: 999_999 });
    expect(unknown.status).toBe(400);
    const forged = await callFunction(t.app, 'list-bundles', {}, `cl_${'A'.repeat(43)}`);
    expect(forged.status).toBe(401);
  });
});
