// The send-mail task (auth mail: codes, links, notices), and a one-off delivery for tests and tools that run no
// worker.
import { runOnce, type Task, Logger as WorkerLogger } from 'graphile-worker';
import type pg from 'pg';
import { z } from 'zod';
import { computedRow, parseRows } from '../../db/raw-rows';
import { type Logger, silentLogger } from '../../leaves/logger/logger';
import { SEND_MAIL_TASK, sendMailPayloadSchema } from '../../leaves/queue/mail-jobs';
import type { Mailer } from './mailer';

/** The worker's send-mail task. The log line names the kind of mail, never the code or link it carries. */
export function sendMailTask(mailer: Mailer, log: Logger = silentLogger): Task {
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
 * caller's runOnce holds is not ours to send: wait until it is released (sent, or put back for a retry), then
 * send whatever is due. Mail whose retry is scheduled for later stays queued.
 */
export async function deliverQueuedMail(pool: pg.Pool, mailer: Mailer, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const taskList = { [SEND_MAIL_TASK]: sendMailTask(mailer) };
  for (;;) {
    await runOnce({ pgPool: pool, taskList, logger: quietLogger });
    let state = await sendMailJobs(pool);
    while (state.held > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      state = await sendMailJobs(pool);
    }
    if (state.due === 0 || Date.now() >= deadline) return;
  }
}

async function sendMailJobs(pool: pg.Pool): Promise<{ due: number; held: number }> {
  const { rows: raw } = await pool.query(
    `select count(*) filter (where locked_at is null and run_at <= now())::int as due,
            count(*) filter (where locked_at is not null)::int as held
     from graphile_worker.jobs where task_identifier = $1 and attempts < max_attempts`,
    [SEND_MAIL_TASK],
  );
  return parseRows(computedRow({ due: z.number(), held: z.number() }), raw)[0] ?? { due: 0, held: 0 };
}
