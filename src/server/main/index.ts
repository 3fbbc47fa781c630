// Entry point for `npm start`: parse config, boot, and shut down cleanly on SIGINT/SIGTERM.

import { loggerForConfig } from '../leaves/logger/logger';
import { type RunningServer, startServer } from './boot';
import { loadConfigOrExit } from './config';
import { handleProcessFailures, stopOnSignals } from './shutdown';

const config = loadConfigOrExit();
const log = loggerForConfig(config);
let running: RunningServer | undefined;

stopOnSignals(
  () => running?.stop() ?? Promise.resolve(),
  (signal) => log.info(`${signal} received: finishing requests and jobs in flight, then stopping.`),
);

handleProcessFailures(log, () => running?.stop() ?? Promise.resolve());

startServer(config, log).then(
  (server) => {
    running = server;
  },
  (error) => {
    log.fatal({ err: error }, 'Copyloom did not start');
    process.exit(1);
  },
);
