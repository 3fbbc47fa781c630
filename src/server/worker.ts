// Entry point for `npm run worker`: an extra worker process against the same database (DATABASE_URL),
// the scale-out path. SIGINT/SIGTERM let jobs in flight finish before it exits.
import { createSmtpMailer } from './auth/mailer';
import { loadConfigOrExit } from './config';
import { connectDatabase, migrateDatabase } from './db/client';
import { WriterRegistry } from './generation/writers';
import { compressImageDepsFromConfig } from './images/tasks';
import { migrateQueue } from './jobs/queue';
import { createTaskList } from './jobs/tasks';
import { startWorker } from './jobs/worker';
import { stopOnSignals } from './shutdown';

async function main() {
  const config = loadConfigOrExit();
  if (!config.DATABASE_URL) {
    console.error(
      'npm run worker needs DATABASE_URL: extra workers share the database of a running server (see README, "Adding worker processes").',
    );
    process.exit(1);
  }
  const database = connectDatabase(config.DATABASE_URL, config.WORKER_CONCURRENCY + 4);
  await migrateDatabase(database.pool);
  await migrateQueue(database.pool);
  const writers = new WriterRegistry({
    apiKey: config.OPENAI_API_KEY,
    baseURL: config.OPENAI_BASE_URL,
    maxConcurrency: config.AI_MAX_CONCURRENCY,
  });
  const worker = await startWorker({
    pool: database.pool,
    concurrency: Math.max(1, config.WORKER_CONCURRENCY),
    taskList: createTaskList({
      db: database.db,
      writers,
      images: compressImageDepsFromConfig(config),
      // Without SMTP, mail goes to the server's dev outbox: leave those jobs to the server's own worker.
      mailer: config.SMTP_URL ? createSmtpMailer(config.SMTP_URL, config.MAIL_FROM) : undefined,
    }),
    deadAfterMs: config.WORKER_DEAD_AFTER_SECONDS * 1000,
    heartbeatMs: Math.min(5_000, (config.WORKER_DEAD_AFTER_SECONDS * 1000) / 4),
  });
  console.log(`Copyloom worker running (concurrency ${Math.max(1, config.WORKER_CONCURRENCY)}).`);

  stopOnSignals(
    async () => {
      await worker.stop();
      await database.close();
    },
    (signal) => console.log(`${signal} received: finishing jobs in flight, then stopping.`),
  );
}

main().catch((error) => {
  console.error(`Copyloom worker did not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
