// The worker's side of auth mail: the send-mail task, and a one-off delivery for tests and tools.
import { runOnce, type Task, Logger as WorkerLogger } from 'graphile-worker';
import type pg from 'pg';
import type { Mailer } from '../auth/mailer';
import { type Logger, silentLogger } from '../logger';
import { SEND_MAIL_TASK, sendMailPayloadSchema } from '../queue/mail-jobs';

/** The worker's send-mail task. The log line names the kind of mail, never the code or link it carries. */
export function createSendMailTask(mailer: Mailer, log: Logger = silentLogger): Task {
  return async (payload, helpers) => {
    const { kind, to, subject, text } = sendMailPayloadSchema.parse(payload);
    await mailer.send({ to, subject, text });
    log
      .child({ job_id: helpers.job.id, task: SEND_MAIL_TASK })
      .info(`sent ${kind} mail (attempt ${helpers.job.attempts})`);
  };
}

const quietLogger = new WorkerLogger(() => () => {});

/**
 * Delivers every queued mail now, in this process: for tests and tools that run no worker. A mail that another
 * caller's runOnce holds at the moment is not ours to send, so wait until no send-mail job is left at all:
 * then every mail queued before this call has gone out, whoever sent it.
 */
export async function deliverQueuedMail(pool: pg.Pool, mailer: Mailer, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await runOnce({
      pgPool: pool,
      taskList: { [SEND_MAIL_TASK]: createSendMailTask(mailer) },
      logger: quietLogger,
    });
    const { rows } = await pool.query<{ waiting: boolean }>(
      `select exists (select 1 from graphile_worker.jobs
         where task_identifier = $1 and attempts < max_attempts) as waiting`,
      [SEND_MAIL_TASK],
    );
    if (!rows[0]?.waiting || Date.now() > deadline) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
