import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The slow proofs: a soak with a SIGKILL, a worker crash, a 5,000-product run, a 1,050-product run written by
 * the worker, the database killed mid-run, app and worker processes side by side, batch mode through a
 * SIGKILL, a store push and a store import each through a SIGKILL of the worker, and both again through a
 * SIGKILL of the database.
 * `npm test` runs them; CI runs the suite twice (embedded and server PostgreSQL) and sets SLOW_PROOFS=off
 * for one of the two passes, so each proof runs once per CI run.
 */
const SLOW_PROOFS = [
  'tests/integration/soak.test.ts',
  'tests/integration/worker-crash.test.ts',
  'tests/integration/view-poll-scale.test.ts',
  'tests/integration/run-poll-edit.test.ts',
  'tests/integration/database-blink.test.ts',
  'tests/integration/multi-process.test.ts',
  'tests/integration/batch-mode.test.ts',
  'tests/integration/store-push-kill.test.ts',
  'tests/integration/store-import-kill.test.ts',
  'tests/integration/store-database-kill.test.ts',
];
const skipSlowProofs = process.env.SLOW_PROOFS === 'off';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'tests/unit/**/*.test.ts'],
          environment: 'node',
          sequence: { groupOrder: 0 },
          // Loading a tokenizer or starting sharp can take seconds on a busy 2-core machine.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...(skipSlowProofs ? SLOW_PROOFS : [])],
          environment: 'node',
          sequence: { groupOrder: 1 },
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Each file gets its own database; two workers suit a 2-core machine.
          pool: 'forks',
          maxWorkers: 2,
        },
      },
    ],
  },
});
