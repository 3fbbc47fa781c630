// Entry point for `npm start`: parse config, boot, and shut down cleanly on SIGINT/SIGTERM.

import { type RunningServer, startServer } from './boot';
import { loadConfigOrExit } from './config';
import { loggerForConfig } from './logger';
import { stopOnSignals } from './shutdown';

const config = loadConfigOrExit();
const log = loggerForConfig(config);
let running: RunningServer | undefined;

stopOnSignals(
  () => running?.stop() ?? Promise.resolve(),
  (signal) => log.info(`${signal} received: finishing requests and jobs in flight, then stopping.`),
);

// A promise nobody awaited failed: a bug to fix, but not a reason to drop every request and job in flight.
process.on('unhandledRejection', (reason) => log.error({ err: reason }, 'unhandled promise rejection'));
// A thrown exception leaves the process in an unknown state: stop (the embedded PostgreSQL too) and exit.
process.on('uncaughtException', (error) => {
  log.fatal({ err: error }, 'fatal error');
  void (running?.stop() ?? Promise.resolve()).finally(() => process.exit(1));
});

startServer(config, log).then(
  (server) => {
    running = server;
  },
  (error) => {
    log.fatal({ err: error }, 'Copyloom did not start');
    process.exit(1);
  },
);
