// Auth mail leaves the request path: a request only queues a send-mail job, and the worker delivers it with
// retries. So a password-reset or sign-in-code request takes the same time whether or not the account
// exists (an SMTP round trip would show it), and a slow or failing mail server does not fail the request.
import { z } from 'zod';
import type { Queryable } from '../../db/client';
import { addJob } from './job-queue';

export const SEND_MAIL_TASK = 'send-mail';

export const MAIL_KINDS = [
  'confirm-email',
  'reset-password',
  'existing-account',
  'magic-link',
  'sign-in-code',
  'webhook-disabled',
  'workspace-invite',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export const sendMailPayloadSchema = z.object({
  kind: z.enum(MAIL_KINDS),
  to: z.string().min(1),
  subject: z.string(),
  text: z.string(),
});

export type QueuedMail = z.infer<typeof sendMailPayloadSchema>;
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
