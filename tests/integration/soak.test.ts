// "Soak with faults", at CI size: 500 products on three real worker processes, a provider that fails
// 5% of calls (500, 429, broken JSON), and one worker killed with SIGKILL mid-run and started again. Every
// product must end done (or failed with a reason), none done twice, the totals equal to the logs, and
// nothing stuck in the queue. `npx tsx bench/soak.ts` runs the same soak at 10,000 products.
import { describe, expect, it } from 'vitest';
import { runSoak, SOAK_API_KEY } from '../support/soak';
import { postFunction, setupTestApp } from '../support/test-app';

// No in-process worker (WORKER_CONCURRENCY=0): only the soak's worker processes work.
const t = setupTestApp({ env: { OPENAI_API_KEY: SOAK_API_KEY } });

describe('the soak, at CI size', () => {
  it('loses nothing and does nothing twice through provider failures and a SIGKILL', {
    timeout: 240_000,
  }, async () => {
    const lines: string[] = [];
    const report = await runSoak(
      {
        // The soak is shared with bench/soak.ts, and reads raw answers.
        call: (name, body) => postFunction(t.app, name, body, t.user.token),
        pool: t.app.database.pool,
        databaseUrl: t.app.database.url,
      },
      {
        products: 500,
        workers: 3,
        workerConcurrency: 4,
        deadAfterSeconds: 6,
        // One kill, once a fifth of the run is done, so it lands with jobs in flight.
        kills: { everyMs: 0, max: 1, notBeforeDone: 100 },
        failureRate: 0.05,
        latency: { mean: 60, jitter: 40 },
        seed: 6,
        timeoutMs: 110_000,
        log: (line) => lines.push(line),
      },
    );
    console.info(
      [
        ...lines,
        `soak (CI): ${report.done} done, ${report.failed} failed of ${report.products}; ${report.kills} kill; ${report.rerunProducts} products started again; ${report.retriedCalls} calls retried; ${report.minutes.toFixed(2)} min`,
        ...report.checks.map((check) => `  ${check.pass ? 'ok  ' : 'FAIL'} ${check.name}: ${check.detail}`),
      ].join('\n'),
    );
    expect(report.kills).toBe(1);
    // The failures were injected: the retry path ran.
    expect(report.retriedCalls).toBeGreaterThan(0);
    expect(report.checks.filter((check) => !check.pass)).toEqual([]);
  });
});
