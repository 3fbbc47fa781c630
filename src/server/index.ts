// Entry point for `npm start`: parse config, boot, and shut down cleanly on SIGINT/SIGTERM.
import { loadConfigOrExit } from './config';
import { type RunningServer, startServer } from './runtime';

let running: RunningServer | undefined;

async function main() {
  running = await startServer(loadConfigOrExit());
}

let signalled = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (signalled) {
      console.log('Forced exit.');
      process.exit(1);
    }
    signalled = true;
    console.log(`\n${signal} received: finishing requests and jobs in flight, then stopping.`);
    void (running?.stop() ?? Promise.resolve()).then(
      () => process.exit(0),
      (error) => {
        console.error('Shutdown failed:', error);
        process.exit(1);
      },
    );
  });
}

// A crash must not leave the embedded PostgreSQL running: stop it before exiting.
process.on('uncaughtException', (error) => {
  console.error('Fatal error:', error);
  void (running?.stop() ?? Promise.resolve()).finally(() => process.exit(1));
});

main().catch((error) => {
  console.error(`Copyloom did not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
