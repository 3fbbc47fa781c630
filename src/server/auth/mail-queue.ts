// Auth mail leaves the request path: a request only queues a send-mail job, and the worker delivers it with
// retries. So a password-reset or sign-in-code request takes the same time whether or not the account
// exists (an SMTP round trip would show it), and a slow or failing mail server does not fail the request.

import { runOnce, type Task, Logger as WorkerLogger } from 'graphile-worker';
import type pg from 'pg';
import { z } from 'zod';
import type { Queryable } from '../db/client';
import { addJob } from '../jobs/queue';
import { type Logger, silentLogger } from '../logger';
import type { Mailer, MailMessage } from './mailer';

export const SEND_MAIL_TASK = 'send-mail';

export const MAIL_KINDS = [
  'confirm-email',
  'reset-password',
  'existing-account',
  'magic-link',
  'sign-in-code',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

const mailPayload = z.object({
  kind: z.enum(MAIL_KINDS),
  to: z.string().min(1),
  subject: z.string(),
  text: z.string(),
});

export type QueuedMail = MailMessage & { kind: MailKind };
export type MailQueue = { send: (mail: QueuedMail) => Promise<void> };

// graphile-worker waits e^attempt seconds between tries: six tries span about four minutes, inside the
// 10 minutes a sign-in code lasts. Mail goes ahead of generation jobs (lower priority runs first).
const MAIL_MAX_ATTEMPTS = 6;
const MAIL_PRIORITY = -10;

export function createMailQueue(db: Queryable): MailQueue {
  return {
    send: (mail) =>
      addJob(db, SEND_MAIL_TASK, mail, { maxAttempts: MAIL_MAX_ATTEMPTS, priority: MAIL_PRIORITY }),
  };
}

/** The worker's send-mail task. The log line names the kind of mail, never the code or link it carries. */
export function createSendMailTask(mailer: Mailer, log: Logger = silentLogger): Task {
  return async (payload, helpers) => {
    const { kind, to, subject, text } = mailPayload.parse(payload);
    await mailer.send({ to, subject, text });
    log
      .child({ job_id: helpers.job.id, task: SEND_MAIL_TASK })
      .info(`sent ${kind} mail (attempt ${helpers.job.attempts})`);
  };
}

const quietLogger = new WorkerLogger(() => () => {});

/** Delivers every queued mail now, in this process: for tests and tools that run no worker. */
export async function deliverQueuedMail(pool: pg.Pool, mailer: Mailer): Promise<void> {
  await runOnce({
    pgPool: pool,
    taskList: { [SEND_MAIL_TASK]: createSendMailTask(mailer) },
    logger: quietLogger,
  });
}
