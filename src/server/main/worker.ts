// Entry point for `npm run worker`: an extra worker process against the same database (DATABASE_URL),
// the scale-out path. SIGINT/SIGTERM let jobs in flight finish before it exits.

import { connectDatabase } from '../db/client';
import { createSmtpMailer } from '../domain/auth/mailer';
import { compressImageDepsFromConfig } from '../domain/images/compress-image';
import { storeAccessFromConfig } from '../domain/stores/store-access';
import { webhookDeliveryDepsFromConfig } from '../domain/webhooks/deliver-webhook-task';
import { sealPlaintextWebhookSecrets } from '../domain/webhooks/webhook-secrets';
import { loggerForConfig } from '../leaves/logger/logger';
import { startWorker, workerTimings } from '../runner/start-worker';
import { createTaskList } from '../runner/task-list';
import { poolSizesFromConfig } from '../runner/worker-pools';
import { applyCostConfig, loadConfigOrExit } from './config';
import { prepareDatabase } from './prepare-database';
import { handleProcessFailures, stopOnSignals } from './shutdown';
import { writersFromConfig } from './writers-from-config';

const config = loadConfigOrExit();
const log = loggerForConfig(config);

async function main() {
  if (!config.DATABASE_URL) {
    log.error(
      'npm run worker needs DATABASE_URL: extra workers share the database of a running server (see README, "Adding worker processes").',
    );
    process.exit(1);
  }
  const pools = poolSizesFromConfig(config);
  // A connection for each slot, plus each pool's LISTEN connection and two to spare.
  const slots =
    config.WORKER_CONCURRENCY + pools.imageConcurrency + pools.webhookConcurrency + pools.storeConcurrency;
  const database = connectDatabase(config.DATABASE_URL, config.DATABASE_POOL_SIZE ?? slots + 6, log);
  await prepareDatabase(database.pool, database.db);
  // Store credentials and webhook secrets are sealed with a key from AUTH_SECRET: without it (or
  // STORE_SECRETS_KEY), this worker could not open them, so it leaves push and webhook jobs to the server.
  const stores =
    config.AUTH_SECRET || config.STORE_SECRETS_KEY
      ? storeAccessFromConfig(config, config.AUTH_SECRET ?? '', log)
      : undefined;
  if (stores) await sealPlaintextWebhookSecrets(database.db, stores.secretsKey);
  applyCostConfig(config);
  const writers = writersFromConfig(config, log);
  const concurrency = Math.max(1, config.WORKER_CONCURRENCY);
  const worker = await startWorker({
    pool: database.pool,
    concurrency,
    ...pools,
    log,
    ...workerTimings(config),
    taskList: createTaskList({
      db: database.db,
      writers,
      images: compressImageDepsFromConfig(config),
      webhooks: stores && webhookDeliveryDepsFromConfig(config, stores.secretsKey),
      // Without SMTP, mail goes to the server's dev outbox: leave those jobs to the server's own worker.
      mailer: config.SMTP_URL ? createSmtpMailer(config.SMTP_URL, config.MAIL_FROM) : undefined,
      log,
      stores,
    }),
  });
  log.info(
    `Copyloom worker running (concurrency ${concurrency}, images ${pools.imageConcurrency}, webhooks ${pools.webhookConcurrency}, stores ${pools.storeConcurrency}).`,
  );

  const stop = async () => {
    await worker.stop();
    await database.close();
  };
  stopOnSignals(stop, (signal) => log.info(`${signal} received: finishing jobs in flight, then stopping.`));
  handleProcessFailures(log, stop);
}

main().catch((error) => {
  log.error({ err: error }, 'Copyloom worker did not start');
  process.exit(1);
});
