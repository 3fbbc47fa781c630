// Signed webhooks: a local receiver gets run.completed with a valid Standard Webhooks signature,
// a receiver failing twice gets the event on the third attempt, every attempt is visible, an endpoint failing
// for 24 hours is switched off and its owner told, and private addresses are refused at create-webhook.
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pauseRun } from '../../src/server/leaves/spending-cap/spending-cap';
import type { RunningWorker } from '../../src/server/runner/start-worker';
import { startTestWorker } from '../support/pipeline';
import { callFunction, createTestUser, setupTestApp } from '../support/test-app';
import { waitUntil } from '../support/wait-until';
import { webhookEventBody } from '../support/webhook-event';
import { setupWebhookReceiver } from '../support/webhook-receiver';

// /flaky answers 500 twice, then 204; /down always answers 500.
const receiver = setupWebhookReceiver({ '/flaky': 2, '/down': Number.POSITIVE_INFINITY });
const { received } = receiver;

const t = setupTestApp({
  env: () => ({
    ALLOW_PRIVATE_WEBHOOK_HOSTS: `127.0.0.1:${receiver.port()}`,
    WEBHOOK_RETRY_DELAYS_SECONDS: '0.3,0.3',
  }),
});
let worker: RunningWorker | undefined;
beforeAll(async () => {
  worker = await startTestWorker(t.app, 2);
});
afterAll(() => worker?.stop());

const list = { columns: ['title', 'brand'], raw_csv: 'Linen Cushion,Hemma\nWool Throw,Hemma' };
const at = (path: string) => received.filter((r) => r.path === path);

describe('webhooks', () => {
  it('delivers run.completed for a finished run, signed, once; the flaky receiver gets it on the third attempt', async () => {
    const good = await t.call('create-webhook', {
      url: `http://127.0.0.1:${receiver.port()}/hook`,
      events: ['run.completed'],
    });
    expect(good.status).toBe(200);
    expect(good.data.secret).toMatch(/^whsec_/);
    const flaky = await t.call('create-webhook', {
      url: `http://127.0.0.1:${receiver.port()}/flaky`,
      events: ['run.completed', 'run.paused'],
    });
    expect(flaky.status).toBe(200);

    const created = await t.call('new-bundle', { bundle_name: 'Hooked', ...list });
    expect(created.status).toBe(200);
    await waitUntil('the receiver got run.completed', () => at('/hook').length > 0, { timeoutMs: 30_000 });
    const [delivery] = at('/hook');
    const payload = webhookEventBody.parse(
      new Webhook(good.data.secret).verify(delivery!.body, {
        'webhook-id': String(delivery!.headers['webhook-id']),
        'webhook-timestamp': String(delivery!.headers['webhook-timestamp']),
        'webhook-signature': String(delivery!.headers['webhook-signature']),
      }),
    );
    expect(payload.type).toBe('run.completed');
    expect(payload.data).toMatchObject({
      bundle_id: created.data.bundle_id,
      bundle_workflow_id: created.data.bundle_workflow_id,
      products: { total: 2, done: 2, failed: 0 },
    });
    // Another endpoint's secret does not verify it.
    expect(() =>
      new Webhook(flaky.data.secret).verify(delivery!.body, {
        'webhook-id': String(delivery!.headers['webhook-id']),
        'webhook-timestamp': String(delivery!.headers['webhook-timestamp']),
        'webhook-signature': String(delivery!.headers['webhook-signature']),
      }),
    ).toThrow();

    await waitUntil('the flaky receiver answered 200', () => at('/flaky').length >= 3, { timeoutMs: 30_000 });
    const attempts = at('/flaky');
    expect(new Set(attempts.map((a) => a.headers['webhook-id'])).size).toBe(1);
    expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(250);
    // Every attempt is visible, newest first.
    await waitUntil('the third attempt is recorded', async () => {
      const listed = await t.call('list-webhooks', {});
      return listed.data.webhooks.find((w) => w.id === flaky.data.webhook.id)!.recent_attempts.length === 3;
    });
    const listed = await t.call('list-webhooks', {});
    const shown = listed.data.webhooks.find((w) => w.id === flaky.data.webhook.id)!;
    expect(shown.recent_attempts.map((a) => [a.attempt, a.status_code])).toEqual([
      [3, 204],
      [2, 500],
      [1, 500],
    ]);
    expect(JSON.stringify(listed.data)).not.toContain(good.data.secret);

    // Settled, the run is announced once, not again on a later poll or job.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(at('/hook')).toHaveLength(1);
    expect(at('/flaky')).toHaveLength(3);
  });

  it('announces run.paused when the spending cap stops a run, once per pause', async () => {
    const hook = await t.call('create-webhook', {
      url: `http://127.0.0.1:${receiver.port()}/paused`,
      events: ['run.paused'],
    });
    expect(hook.status).toBe(200);
    const created = await t.call('new-bundle', { bundle_name: 'Capped', ...list });
    const reason = 'The spending cap of $0.01 is reached.';
    await pauseRun(t.app.services.db, created.data.bundle_workflow_id, reason);
    await pauseRun(t.app.services.db, created.data.bundle_workflow_id, reason);
    await waitUntil('the receiver got run.paused', () => at('/paused').length > 0, { timeoutMs: 15_000 });
    const payload = webhookEventBody.parse(
      new Webhook(hook.data.secret).verify(at('/paused')[0]!.body, {
        'webhook-id': String(at('/paused')[0]!.headers['webhook-id']),
        'webhook-timestamp': String(at('/paused')[0]!.headers['webhook-timestamp']),
        'webhook-signature': String(at('/paused')[0]!.headers['webhook-signature']),
      }),
    );
    expect(payload.type).toBe('run.paused');
    expect(payload.data).toMatchObject({ bundle_workflow_id: created.data.bundle_workflow_id, reason });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(at('/paused')).toHaveLength(1);
  });

  it('the test button sends webhook.test; an endpoint failing for 24 hours is switched off and its owner told', async () => {
    const down = await t.call('create-webhook', {
      url: `http://127.0.0.1:${receiver.port()}/down`,
      events: ['batch.completed'],
    });
    expect((await t.call('test-webhook', { webhook_id: down.data.webhook.id })).status).toBe(200);
    await waitUntil('the first attempt', () => at('/down').length > 0, { timeoutMs: 15_000 });
    expect(JSON.parse(at('/down')[0]!.body).type).toBe('webhook.test');
    // 24 hours pass (the delivery is made older), and the next failure gives up.
    await t.app.database.pool.query(
      `update webhook_deliveries set created_at = now() - interval '25 hours' where endpoint_id = $1`,
      [down.data.webhook.id],
    );
    await waitUntil(
      'the endpoint is switched off',
      async () => {
        const listed = await t.call('list-webhooks', {});
        return listed.data.webhooks.find((w) => w.id === down.data.webhook.id)?.enabled === false;
      },
      { timeoutMs: 15_000 },
    );
    const listed = await t.call('list-webhooks', {});
    expect(listed.data.webhooks.find((w) => w.id === down.data.webhook.id)?.disabled_reason).toContain(
      '24 hours',
    );
    await waitUntil('the owner is told by mail', () =>
      Boolean(t.app.services.outbox?.list().some((m) => m.to === t.user.email && /webhook/i.test(m.subject))),
    );
    const { rows } = await t.app.database.pool.query<{ status: string }>(
      'select status from webhook_deliveries where endpoint_id = $1',
      [down.data.webhook.id],
    );
    expect(rows.map((r) => r.status)).toEqual(['failed']);
  });

  it('refuses private, loopback and metadata addresses unless allow-listed, and bad input', async () => {
    for (const url of [
      'http://127.0.0.1:1/hook',
      `http://localhost:${receiver.port()}/hook`,
      'http://169.254.169.254/latest/meta-data',
      'http://10.0.0.7/hook',
      'http://[::1]:8080/hook',
      'http://0x7f000001/hook',
    ]) {
      const refused = await t.call('create-webhook', { url, events: ['run.completed'] });
      expect(refused.status, url).toBe(400);
      expect(refused.error?.message, url).toMatch(/private|loopback|metadata|reserved/i);
    }
    const ftp = await t.call('create-webhook', { url: 'ftp://example.com/x', events: ['run.completed'] });
    expect(ftp.status).toBe(400);
    const noEvents = await t.call('create-webhook', {
      url: `http://127.0.0.1:${receiver.port()}/hook`,
      events: [],
    });
    expect(noEvents.status).toBe(400);
    expect(noEvents.error?.message).toContain('events');
  });

  it('another user cannot see, test or delete my webhook; a deleted webhook leaves the list', async () => {
    const other = await createTestUser(t.app);
    const mine = await t.call('create-webhook', {
      url: `http://127.0.0.1:${receiver.port()}/mine`,
      events: ['run.completed'],
    });
    const theirList = await callFunction(t.app, 'list-webhooks', {}, other.token);
    expect(theirList.data.webhooks).toEqual([]);
    const theirDelete = await callFunction(
      t.app,
      'delete-webhook',
      { webhook_id: mine.data.webhook.id },
      other.token,
    );
    expect(theirDelete.status).toBe(400);
    const theirTest = await callFunction(
      t.app,
      'test-webhook',
      { webhook_id: mine.data.webhook.id },
      other.token,
    );
    expect(theirTest.status).toBe(400);
    expect((await t.call('delete-webhook', { webhook_id: mine.data.webhook.id })).status).toBe(200);
    expect((await t.call('list-webhooks', {})).data.webhooks.map((w) => w.id)).not.toContain(
      mine.data.webhook.id,
    );
  });
});
