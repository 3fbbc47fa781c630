// Graceful shutdown for the entry points: the first SIGINT/SIGTERM/SIGHUP runs `stop` and exits 0 (1 if it
// failed); a second one later forces the exit. And what a process does when something fails unhandled.
import type { Logger } from '../leaves/logger/logger';

/** Ctrl-C reaches npm, tsx and this process at once, and tsx relays it too: a repeat this soon is the same request. */
const REPEAT_WINDOW_MS = 2_000;

export function stopOnSignals(stop: () => Promise<void>, announce: (signal: string) => void): void {
  let signalledAt: number | undefined;
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      if (signalledAt !== undefined) {
        if (Date.now() - signalledAt < REPEAT_WINDOW_MS) return;
        console.log('Forced exit.');
        process.exit(1);
      }
      signalledAt = Date.now();
      announce(signal);
      stop().then(
        () => process.exit(0),
        (error) => {
          console.error('Shutdown failed:', error);
          process.exit(1);
        },
      );
    });
  }
}

/**
 * A promise nobody awaited failed (graphile-worker leaves one when it cannot release a job while the database
 * is away): log it, but keep the requests and jobs in flight. A thrown exception leaves the process in an
 * unknown state: stop (the embedded PostgreSQL too) and exit 1.
 */
export function handleProcessFailures(log: Logger, stop: () => Promise<void>): void {
  process.on('unhandledRejection', (reason) => log.error({ err: reason }, 'unhandled promise rejection'));
  process.on('uncaughtException', (error) => {
    log.fatal({ err: error }, 'fatal error');
    void stop().finally(() => process.exit(1));
  });
}
