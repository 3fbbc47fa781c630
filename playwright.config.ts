import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/support/chromium';

const port = Number(process.env.E2E_PORT ?? 3100);

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/artifacts',
  // Three journeys at a time, from any file: a journey mostly waits (on polling, on the fake provider's
  // latency), so three share a 2-core machine well. They share one server, each as its own user from its own
  // client address (helpers.ts), so none sees another's data or rate limits. The one journey that writes to
  // the fake Shopify store is alone in its file.
  fullyParallel: true,
  workers: 3,
  retries: 0,
  // Each journey also runs axe scans (tests/e2e/axe.ts), a few seconds apiece on a loaded machine.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  webServer: {
    command: 'tsx tests/support/e2e-server.ts',
    url: `http://localhost:${port}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    // Playwright's default is SIGKILL, which would leave the server's embedded PostgreSQL to its watchdog;
    // SIGTERM lets the server stop it itself.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'ignore',
    stderr: 'pipe',
    env: { E2E_PORT: String(port) },
  },
});
