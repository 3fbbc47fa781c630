// What the app needs from the outside world, wired once in boot.ts and passed down.

import type { DevOutbox } from '../domain/auth/dev-outbox';
import type { Mailer } from '../domain/auth/mailer';
import type { FunctionServices } from '../functions/types';
import type { Logger } from '../leaves/logger/logger';
import type { Config } from './config';

/** Every service, wired once; the handlers see the part they need (FunctionServices). */
export type Services = FunctionServices & {
  config: Config;
  /** Delivers what the send-mail jobs carry: SMTP, the dev outbox, or a loud refusal. */
  mailer: Mailer;
  /** The process's logger; a request's lines go through its child with the request id. */
  log: Logger;
  /** Present when mail goes to the dev outbox rather than SMTP. */
  outbox?: DevOutbox;
  /** Directory holding the built SPA, if it has been built. */
  webRoot?: string;
};
