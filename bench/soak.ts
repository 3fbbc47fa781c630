// Soak bench: 10,000 products on three `npm run worker` processes, a provider
// that fails 5% of calls (mixed 500, 429 and broken JSON), and a random worker killed with SIGKILL every 20 s
// and started again. It prints the integrity checks, the counts and the minutes it took. Runs on
// TEST_DATABASE_URL's server in a database of its own (an embedded server when unset), dropped afterwards.
// `npx tsx bench/soak.ts`; SOAK_PRODUCTS sets the size.
import { runSoak, SOAK_API_KEY } from '../tests/support/soak';
import { withBenchApp } from './support';

const PRODUCTS = Number(process.env.SOAK_PRODUCTS ?? 10_000);

await withBenchApp(
  async ({ call, database }) => {
    const report = await runSoak(
      { call, pool: database.pool, databaseUrl: database.url },
      {
        products: PRODUCTS,
        workers: 3,
        workerConcurrency: 8,
        deadAfterSeconds: 6,
        kills: { everyMs: 20_000 },
        failureRate: Number(process.env.SOAK_FAILURE_RATE ?? 0.05),
        latency: { mean: 60, jitter: 40 },
        seed: 6,
        timeoutMs: 15 * 60_000,
        log: console.log,
      },
    );
    const { provider } = report;
    const failures = provider.failures;
    console.log(
      `soak: ${report.products.toLocaleString('en-US')} products on ${process.env.TEST_DATABASE_URL ? 'TEST_DATABASE_URL' : 'an embedded server'}, 3 worker processes, ${report.kills} SIGKILLs, ${report.minutes.toFixed(2)} min`,
    );
    console.log(
      `  products: ${report.done} done, ${report.failed} failed; ${report.rerunProducts} started again on a later attempt`,
    );
    console.log(
      `  provider: ${provider.chatRequests} calls, ${provider.answered} answered; injected ${failures.server_error ?? 0} × 500, ${failures.rate_limit ?? 0} × 429, ${failures.broken_json ?? 0} × broken JSON; ${report.retriedCalls} calls retried`,
    );
    console.log(`  cost: $${report.cost.toFixed(4)} over ${report.aiLogs} logged answers`);
    for (const check of report.checks)
      console.log(`  ${check.pass ? 'ok  ' : 'FAIL'} ${check.name}: ${check.detail}`);
    console.log(`RESULT soak_integrity ${report.ok ? 1 : 0} (goal = 1)`);
  },
  // The app only creates the run and reads it back; it needs a key to accept an AI workflow.
  { env: { OPENAI_API_KEY: SOAK_API_KEY } },
);
