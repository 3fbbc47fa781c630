// What the app needs from the outside world, wired once in boot.ts and passed down.

import type { WriterRegistry } from './ai/writer-registry';
import type { Auth } from './auth/auth';
import type { DevOutbox } from './auth/dev-outbox';
import type { Mailer } from './auth/mailer';
import type { Config } from './config';
import type { Database } from './db/client';
import type { Logger } from './logger';
import type { QueueHandle } from './runner/job-loop';
import type { StoreAccess } from './stores/store-access';

export type Services = {
  config: Config;
  db: Database;
  auth: Auth;
  writers: WriterRegistry;
  /** The job queue, for job-queue-event-loop. */
  queue: QueueHandle;
  /** Delivers what the send-mail jobs carry: SMTP, the dev outbox, or a loud refusal. */
  mailer: Mailer;
  /** The process's logger; a request's lines go through its child with the request id. */
  log: Logger;
  /** How connected stores are reached and their credentials sealed. */
  stores: StoreAccess;
  /** Seals secrets at rest: store credentials and webhook signing secrets (src/server/secrets/seal.ts). */
  secretsKey: Buffer;
  /** Present when mail goes to the dev outbox rather than SMTP. */
  outbox?: DevOutbox;
  /** Directory holding the built SPA, if it has been built. */
  webRoot?: string;
};
