// What the app needs from the outside world, wired once in index.ts and passed down.
import type { Auth } from './auth/auth';
import type { DevOutbox } from './auth/dev-outbox';
import type { Config } from './config';
import type { Database } from './db/client';

export type Services = {
  config: Config;
  db: Database;
  auth: Auth;
  /** Present when mail goes to the dev outbox rather than SMTP. */
  outbox?: DevOutbox;
  /** Directory holding the built SPA, if it has been built. */
  webRoot?: string;
};
