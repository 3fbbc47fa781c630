// Entry point for `npm start`: parse config, boot, and shut down cleanly on SIGINT/SIGTERM.
import { loadConfigOrExit } from './config';
import { type RunningServer, startServer } from './runtime';
import { stopOnSignals } from './shutdown';

let running: RunningServer | undefined;

async function main() {
  running = await startServer(loadConfigOrExit());
}

stopOnSignals(
  () => running?.stop() ?? Promise.resolve(),
  (signal) => console.log(`\n${signal} received: finishing requests and jobs in flight, then stopping.`),
);

// A crash must not leave the embedded PostgreSQL running: stop it before exiting.
process.on('uncaughtException', (error) => {
  console.error('Fatal error:', error);
  void (running?.stop() ?? Promise.resolve()).finally(() => process.exit(1));
});

main().catch((error) => {
  console.error(`Copyloom did not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
