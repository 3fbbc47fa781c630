// Webhook signing secrets at rest: sealed like store credentials (src/server/leaves/secrets/seal.ts), so no table
// holds one in plain text, nothing logs one, and deliveries are still signed with it. Rows from before
// secrets were sealed are sealed at boot (sealPlaintextWebhookSecrets) or at their next delivery.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sealPlaintextWebhookSecrets } from '../../src/server/domain/webhooks/webhook-secrets';
import type { RunningWorker } from '../../src/server/runner/start-worker';
import { captureLog } from '../support/capture-log';
import { startTestWorker } from '../support/pipeline';
import { setupTestApp } from '../support/test-app';
import { waitUntil } from '../support/wait-until';
import { webhookEventBody } from '../support/webhook-event';
import { setupWebhookReceiver } from '../support/webhook-receiver';

const receiver = setupWebhookReceiver();
const { received } = receiver;

const captured = captureLog('debug');
const t = setupTestApp({
  env: () => ({ ALLOW_PRIVATE_WEBHOOK_HOSTS: `127.0.0.1:${receiver.port()}` }),
  log: captured.log,
});
let worker: RunningWorker | undefined;
beforeAll(async () => {
  worker = await startTestWorker(t.app, 2);
});
afterAll(() => worker?.stop());

/** Every row of every table of ours and graphile-worker's, as text. */
async function everyRow(): Promise<Map<string, string>> {
  const { rows: tables } = await t.app.database.db.execute<{ name: string }>(
    sql`select quote_ident(table_schema) || '.' || quote_ident(table_name) as name from information_schema.tables
        where table_schema in ('public', 'graphile_worker') and table_type = 'BASE TABLE'`,
  );
  const all = new Map<string, string>();
  for (const { name } of tables) {
    const { rows } = await t.app.database.db.execute<{ row: string }>(
      sql.raw(`select t::text as row from ${name} t`),
    );
    all.set(name, rows.map((row) => row.row).join('\n'));
  }
  return all;
}

function expectNowhere(tables: Map<string, string>, secret: string) {
  // The whole secret and its key alone (the part after "whsec_"), in case something stored it split.
  const key = secret.slice('whsec_'.length);
  for (const [name, text] of tables) {
    expect(text, name).not.toContain(secret);
    expect(text, name).not.toContain(key);
  }
  expect(captured.text()).not.toContain(key);
}

/** Sends webhook.test to the endpoint and checks the receiver's copy verifies with `secret`. */
async function expectSignedWith(webhookId: number, path: string, secret: string) {
  expect((await t.call('test-webhook', { webhook_id: webhookId })).status).toBe(200);
  await waitUntil(`${path} got webhook.test`, () => received.some((r) => r.path === path), {
    timeoutMs: 15_000,
  });
  const delivery = received.find((r) => r.path === path)!;
  const headers = {
    'webhook-id': String(delivery.headers['webhook-id']),
    'webhook-timestamp': String(delivery.headers['webhook-timestamp']),
    'webhook-signature': String(delivery.headers['webhook-signature']),
  };
  const payload = webhookEventBody.parse(new Webhook(secret).verify(delivery.body, headers));
  expect(payload.type).toBe('webhook.test');
  // A wrong secret does not verify it: the signature is really the endpoint's.
  const other = `whsec_${randomBytes(32).toString('base64')}`;
  expect(() => new Webhook(other).verify(delivery.body, headers)).toThrow();
}

/** An endpoint as written before secrets were sealed: the secret in plain text. */
async function insertPlaintextEndpoint(path: string): Promise<{ id: number; secret: string }> {
  const secret = `whsec_${randomBytes(32).toString('base64')}`;
  const { rows } = await t.app.database.pool.query<{ id: number }>(
    `insert into webhook_endpoints (user_id, owner_id, url, events, secret) values ($1, $1, $2, '{run.completed}', $3)
     returning id`,
    [t.user.userId, `http://127.0.0.1:${receiver.port()}${path}`, secret],
  );
  return { id: rows[0]!.id, secret };
}

const secretColumns = async (id: number) =>
  (
    await t.app.database.pool.query<{ secret: string | null; sealed_secret: string | null }>(
      'select secret, sealed_secret from webhook_endpoints where id = $1',
      [id],
    )
  ).rows[0]!;

describe('webhook secrets at rest', () => {
  it('keeps a new secret out of every table and log, returns it once, and still signs with it', async () => {
    const created = await t.call('create-webhook', {
      url: `http://127.0.0.1:${receiver.port()}/new`,
      events: ['run.completed'],
    });
    expect(created.status).toBe(200);
    const { secret } = created.data;
    expect(secret).toMatch(/^whsec_/);
    await expectSignedWith(created.data.webhook.id, '/new', secret);
    const listed = await t.call('list-webhooks', {});
    expect(JSON.stringify(listed.data)).not.toContain(secret.slice('whsec_'.length));
    expectNowhere(await everyRow(), secret);
    expect(await secretColumns(created.data.webhook.id)).toMatchObject({ secret: null });
  });

  it('seals the plain-text secrets of older rows at boot, and they still sign', async () => {
    const old = await insertPlaintextEndpoint('/old');
    expect(await sealPlaintextWebhookSecrets(t.app.services.db, t.app.services.secretsKey)).toBe(1);
    // Run again (a second process starting): nothing left to seal, nothing sealed twice.
    expect(await sealPlaintextWebhookSecrets(t.app.services.db, t.app.services.secretsKey)).toBe(0);
    const columns = await secretColumns(old.id);
    expect(columns.secret).toBeNull();
    expect(columns.sealed_secret).not.toContain(old.secret.slice('whsec_'.length));
    expectNowhere(await everyRow(), old.secret);
    await expectSignedWith(old.id, '/old', old.secret);
  });

  it('seals an older row at its first delivery when no boot has sealed it yet', async () => {
    const old = await insertPlaintextEndpoint('/lazy');
    await expectSignedWith(old.id, '/lazy', old.secret);
    expect((await secretColumns(old.id)).secret).toBeNull();
    expectNowhere(await everyRow(), old.secret);
  });

  it('refuses a row with both secrets or neither', async () => {
    await expect(
      t.app.database.pool.query(
        `insert into webhook_endpoints (user_id, owner_id, url, events) values ($1, $1, 'http://127.0.0.1:1/x', '{run.completed}')`,
        [t.user.userId],
      ),
    ).rejects.toThrow(/webhook_endpoints_one_secret/);
  });
});
