// Auth mail goes through the job queue: in production with a slow real SMTP server, a password-reset request
// takes the same time whether or not the account exists; failed sends are retried; each send is logged.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Logger, runOnce } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sendMailTask } from '../../src/server/domain/auth/send-mail-task';
import { SEND_MAIL_TASK } from '../../src/server/leaves/queue/mail-jobs';
import { type RunningWorker, startWorker } from '../../src/server/runner/start-worker';
import { captureLog } from '../support/capture-log';
import { type SmtpSink, startSmtpSink } from '../support/smtp-sink';
import { createTestApp, deliverMail, randomClientAddress, type TestApp } from '../support/test-app';

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** An account that can ask for a reset: made through sign-up, confirmed directly in the database. */
async function confirmedAccount(testApp: TestApp, baseUrl: string, email: string) {
  const signUp = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: 'http://localhost:3000',
      'x-forwarded-for': randomClientAddress(),
    },
    body: JSON.stringify({ email, password: 'correct horse battery staple', name: 'Timing' }),
  });
  expect(signUp.status).toBe(200);
  await testApp.database.pool.query('update "user" set email_verified = true where email = $1', [email]);
}

describe('mail through the job queue, in production with real SMTP', () => {
  let smtp: SmtpSink;
  let testApp: TestApp;
  let server: Server;
  let baseUrl: string;
  let worker: RunningWorker;
  const captured = captureLog();

  beforeAll(async () => {
    // 150 ms per message, as a distant mail server might take.
    smtp = await startSmtpSink({ delayMs: 150 });
    testApp = await createTestApp(
      { NODE_ENV: 'production', SMTP_URL: smtp.url, TRUST_PROXY: 'true' },
      { log: captured.log },
    );
    worker = await startWorker({ ...testApp.services.queue, concurrency: 2 });
    server = serve({ fetch: testApp.app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server?.close();
    await worker?.stop();
    await testApp?.close();
    await smtp?.close();
  });

  it('answers request-password-reset in the same time for an existing and an unknown account', async () => {
    const existing = `timing-${Date.now()}@example.com`;
    await confirmedAccount(testApp, baseUrl, existing);
    const ask = async (email: string) => {
      const started = performance.now();
      const response = await fetch(`${baseUrl}/api/auth/request-password-reset`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: 'http://localhost:3000',
          'x-forwarded-for': randomClientAddress(),
        },
        body: JSON.stringify({ email, redirectTo: 'http://localhost:3000/?view=update_password' }),
      });
      const elapsed = performance.now() - started;
      expect(response.status).toBe(200);
      await response.text();
      return elapsed;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 15; i++) {
      known.push(await ask(existing));
      unknown.push(await ask(`nobody-${i}-${Date.now()}@example.com`));
    }
    const difference = Math.abs(median(known) - median(unknown));
    console.info(
      `request-password-reset median: existing ${median(known).toFixed(1)} ms, unknown ${median(unknown).toFixed(1)} ms`,
    );
    // A send made inside the request would add the SMTP server's 150 ms; the worker sending the known
    // account's mail in this same process adds some noise to that side only.
    expect(difference).toBeLessThan(75);
    // Mail did go out, through the worker and the slow SMTP server, and each send was logged.
    await vi.waitFor(() => expect(smtp.received.filter((m) => m.to.includes(existing)).length).toBe(16), {
      timeout: 20_000,
    });
    const sent = captured.entries().filter((line) => line.msg === 'sent reset-password mail (attempt 1)');
    expect(sent.length).toBeGreaterThan(0);
    expect(sent[0]).toMatchObject({ task: 'send-mail', job_id: expect.anything() });
    // The log never holds the link or the address it went to.
    expect(captured.text()).not.toMatch(/reset-password\/[A-Za-z0-9]/);
    expect(captured.text()).not.toContain(existing);
  });
});

describe('a failed send', () => {
  it('is retried, and delivered on a later attempt', async () => {
    const smtp = await startSmtpSink({ refuse: (count) => count === 1 });
    const testApp = await createTestApp({ NODE_ENV: 'production', SMTP_URL: smtp.url, TRUST_PROXY: 'true' });
    try {
      await testApp.services.auth.api
        .requestPasswordReset({ body: { email: 'none@example.com' } })
        .catch(() => {});
      const email = `retry-${Date.now()}@example.com`;
      await testApp.database.pool.query(
        `insert into "user" (id, name, email, email_verified, created_at, updated_at)
         values ($1, 'R', $2, true, now(), now())`,
        [`retry-${Date.now()}`, email],
      );
      await testApp.services.auth.api.requestPasswordReset({ body: { email } });
      // One pass of the queue, not deliverMail: that keeps going until the mail is out, retry included.
      await runOnce({
        pgPool: testApp.database.pool,
        taskList: { [SEND_MAIL_TASK]: sendMailTask(testApp.services.mailer) },
        logger: new Logger(() => () => {}),
      });
      // graphile-worker records the failure just after the task throws, as it marks a job done (below).
      await vi.waitFor(async () => {
        const { rows: failed } = await testApp.database.pool.query(
          `select attempts, last_error from graphile_worker.jobs where task_identifier = 'send-mail'`,
        );
        expect(failed).toEqual([{ attempts: 1, last_error: expect.stringMatching(/451|Try again later/) }]);
      }, 5_000);
      expect(smtp.received).toHaveLength(0);

      // graphile-worker waits e^1 s before the next try; bring it forward rather than sleep.
      await testApp.database.pool.query(`update graphile_worker._private_jobs set run_at = now()`);
      await deliverMail(testApp);
      expect(smtp.received.map((m) => m.to)).toEqual([[email]]);
      // graphile-worker marks the job done just after the task returns.
      await vi.waitFor(async () => {
        const { rows } = await testApp.database.pool.query('select 1 from graphile_worker.jobs');
        expect(rows).toEqual([]);
      });
    } finally {
      await testApp.close();
      await smtp.close();
    }
  });
});
