// Boot: config → database (embedded or URL) → migrate → auth → app → worker → listen; and the way down.
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { connectDatabase, type DatabaseHandle } from '../db/client';
import { startEmbeddedPostgres } from '../db/embedded';
import { createAuth } from '../domain/auth/auth';
import { DevOutbox } from '../domain/auth/dev-outbox';
import { chooseMailer } from '../domain/auth/mailer';
import { compressImageDepsFromConfig } from '../domain/images/compress-image';
import { storeAccessFromConfig } from '../domain/stores/store-access';
import { webhookDeliveryDepsFromConfig } from '../domain/webhooks/deliver-webhook-task';
import { sealPlaintextWebhookSecrets } from '../domain/webhooks/webhook-secrets';
import { type Logger, loggerForConfig, silentLogger } from '../leaves/logger/logger';
import { createMailQueue } from '../leaves/queue/mail-jobs';
import { type RunningWorker, startWorker, workerTimings } from '../runner/start-worker';
import { createTaskList } from '../runner/task-list';
import { poolSizesFromConfig } from '../runner/worker-pools';
import { createApp } from './app';
import { resolveAuthSecret } from './auth-secret';
import { applyCostConfig, type Config, socialProviders } from './config';
import { prepareDatabase } from './prepare-database';
import type { Services } from './services';
import { writersFromConfig } from './writers-from-config';

export type RunningServer = { url: string; services: Services; stop: () => Promise<void> };

/** The folder holding package.json: built, this module is dist/server/index.js; from source, src/server/main/boot.ts. */
function findProjectRoot(from: string): string {
  for (let dir = from; dir !== path.dirname(dir); dir = path.dirname(dir))
    if (existsSync(path.join(dir, 'package.json'))) return dir;
  return from;
}
const projectRoot = findProjectRoot(path.dirname(fileURLToPath(import.meta.url)));
export const WEB_ROOT = path.join(projectRoot, 'dist/web');

/** Opens the database: DATABASE_URL if set, otherwise the embedded server in DATA_DIR. Migrated and seeded. */
export async function openDatabase(config: Config, log: Logger): Promise<DatabaseHandle> {
  let url = config.DATABASE_URL;
  let stopEmbedded: (() => Promise<void>) | undefined;
  if (!url) {
    const embedded = await startEmbeddedPostgres(config.DATA_DIR, log);
    url = embedded.url;
    stopEmbedded = embedded.stop;
  }
  const handle = connectDatabase(url, config.DATABASE_POOL_SIZE ?? 20, log);
  try {
    await prepareDatabase(handle.pool, handle.db);
  } catch (error) {
    await handle.close();
    await stopEmbedded?.();
    throw error;
  }
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await stopEmbedded?.();
    },
  };
}

export async function startServer(
  config: Config,
  log: Logger = loggerForConfig(config),
): Promise<RunningServer> {
  const database = await openDatabase(config, log);
  let runner: RunningWorker | undefined;
  let httpServer: Server | undefined;
  try {
    const services = buildServices(config, database, log);
    // Webhook secrets written before they were sealed: sealed now (the migration could not, having no key).
    const sealed = await sealPlaintextWebhookSecrets(database.db, services.secretsKey);
    if (sealed > 0) log.info({ sealed }, 'Sealed webhook signing secrets kept in plain text');
    const app = createApp(services);

    if (config.WORKER_CONCURRENCY > 0) {
      runner = await startWorker(services.queue);
    }

    httpServer = await new Promise<Server>((resolve, reject) => {
      const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, () =>
        resolve(server as Server),
      ) as Server;
      server.once('error', (error) =>
        reject(new Error(`Could not listen on port ${config.PORT}: ${error.message}`)),
      );
    });
    const url = config.APP_URL;
    log.info(`Copyloom is running at ${url}`);
    if (config.HOST === '127.0.0.1' && config.NODE_ENV !== 'production') {
      log.info('Listening on 127.0.0.1 only. To accept connections from other machines, set HOST=0.0.0.0.');
    }

    let stopping: Promise<void> | undefined;
    const stop = () => {
      stopping ??= (async () => {
        // Stop taking requests, let the ones in flight finish, then the jobs, then the database.
        await new Promise<void>((resolve) => {
          httpServer?.close(() => resolve());
          httpServer?.closeIdleConnections();
          setTimeout(() => {
            httpServer?.closeAllConnections();
            resolve();
          }, 5_000).unref();
        });
        await runner?.stop().catch((error) => log.warn({ err: error }, 'worker stop failed'));
        await database.close();
      })();
      return stopping;
    };
    return { url, services, stop };
  } catch (error) {
    httpServer?.close();
    await runner?.stop().catch(() => {});
    await database.close();
    throw error;
  }
}

/** Everything the app needs, given an open database. Tests build their app with this too. */
export function buildServices(
  config: Config,
  { db, pool }: Pick<DatabaseHandle, 'db' | 'pool'>,
  log: Logger = silentLogger,
): Services {
  applyCostConfig(config);
  const outbox = !config.SMTP_URL && config.NODE_ENV !== 'production' ? new DevOutbox() : undefined;
  const mailer = chooseMailer(config, outbox, log);
  const authSecret = resolveAuthSecret(config, log);
  const auth = createAuth({
    db,
    secret: authSecret,
    appUrl: config.APP_URL,
    trustedOrigins: config.TRUSTED_ORIGINS,
    log,
    mailQueue: createMailQueue(db),
    socialProviders: socialProviders(config),
    isProduction: config.NODE_ENV === 'production',
  });
  const webRoot = existsSync(path.join(WEB_ROOT, 'index.html')) ? WEB_ROOT : undefined;
  if (!webRoot) log.warn('The web app is not built (dist/web); run `npm run build` to serve it.');
  const writers = writersFromConfig(config, log);
  const stores = storeAccessFromConfig(config, authSecret, log);
  const taskList = createTaskList({
    db,
    writers,
    images: compressImageDepsFromConfig(config),
    mailer,
    log,
    webhooks: webhookDeliveryDepsFromConfig(config, stores.secretsKey),
    stores,
  });
  const queue = {
    pool,
    taskList,
    concurrency: Math.max(1, config.WORKER_CONCURRENCY),
    // Image fetches, webhook deliveries and store jobs in pools of their own: a silent host, receiver or
    // store never holds a generation slot (runner/worker-pools.ts).
    ...poolSizesFromConfig(config),
    log,
    ...workerTimings(config),
  };
  return {
    config,
    db,
    auth,
    writers,
    queue,
    mailer,
    outbox,
    webRoot,
    log,
    stores,
    secretsKey: stores.secretsKey,
  };
}
