import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The slow proofs: a soak with a SIGKILL, a worker crash, a 5,000-product run, a 1,050-product run written by
 * the worker, the database killed mid-run, app and worker processes side by side, batch mode through a
 * SIGKILL, a store push and a store import each through a SIGKILL of the worker, and both again through a
 * SIGKILL of the database, and a 50,000-product Shopify bulk import in a heap-capped worker.
 * `npm test` runs them; CI leaves them out of its embedded pass (TEST_TIER=ordinary) and runs them in its
 * PostgreSQL-server pass, so each runs once per CI run.
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
  'tests/integration/store-import-stream.test.ts',
  'tests/integration/store-database-kill.test.ts',
];
const skipSlowProofs = process.env.SLOW_PROOFS === 'off';

/**
 * What depends on which PostgreSQL serves the tests: the database going away or being killed, several
 * processes and job queues sharing one server (graphile-worker's private tables, advisory locks, named
 * queues, force-unlocks), and the slow proofs. Every other file talks to PostgreSQL only through the app's
 * ordinary queries, which behave alike on the embedded server (18) and Debian's (15). `TEST_TIER=database`
 * runs just these, as CI's second pass does on the PostgreSQL server; `npm test` runs everything.
 */
const DATABASE_PROOFS = [
  ...SLOW_PROOFS,
  'tests/integration/database-away.test.ts',
  'tests/integration/fair-share.test.ts',
  'tests/integration/job-loop-capacity.test.ts',
  'tests/integration/concurrent-lockout.test.ts',
  'tests/integration/image-isolation.test.ts',
  'tests/integration/mail-queue.test.ts',
  'tests/integration/store-import-job.test.ts',
  'tests/integration/run-actions.test.ts',
];
const databaseTierOnly = process.env.TEST_TIER === 'database';
/** `TEST_TIER=ordinary`, CI's first pass on the embedded server: everything but the database proofs. */
const ordinaryTierOnly = process.env.TEST_TIER === 'ordinary';

/**
 * The proofs that one tenant's load leaves another's requests at their usual speed: each compares timings
 * taken in the same test, which another file running beside it (compressing images, importing 20 MB) would
 * distort. They run last and alone, one file at a time.
 */
const TIMING_PROOFS = [
  'tests/integration/sign-in-burst.test.ts',
  'tests/integration/webhook-isolation.test.ts',
  'tests/integration/store-isolation.test.ts',
  'tests/integration/search-import-stall.test.ts',
  'tests/integration/hostile-import.test.ts',
  'tests/integration/mail-queue.test.ts',
];
const integration = {
  environment: 'node',
  globalSetup: ['tests/support/global-setup.ts'],
  testTimeout: 60_000,
  hookTimeout: 60_000,
  // Each file gets its own database, in a worker process that runs file after file: the server's modules load
  // once per worker (loading them for each file was a third of the suite's time). What the process remembers
  // by database id is forgotten between files (forget-memos.ts).
  pool: 'forks' as const,
  isolate: false,
  setupFiles: ['tests/support/forget-memos.ts'],
};

/**
 * Against real WooCommerce stores (tests/real-stores, started from the shared real-stores folder by their global
 * setup): only `npm run test:real-stores` runs them, which sets REAL_STORES=1 and trusts the TLS proxy's test
 * certificate (NODE_EXTRA_CA_CERTS); `npm test` never needs that folder.
 */
const realStores = {
  test: {
    ...integration,
    name: 'real-stores',
    include: ['tests/real-stores/**/*.test.ts'],
    globalSetup: ['tests/support/global-setup.ts', 'tests/real-stores/support/real-woo-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    maxWorkers: 2,
  },
};

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'tests/unit/**/*.test.ts'],
          environment: 'node',
          sequence: { groupOrder: 0 },
          // One module graph per worker, not one per file: importing was most of this project's time. A file
          // that mocks a module loads its subjects afresh (vi.resetModules) so the mock holds.
          isolate: false,
          // Loading a tokenizer or starting sharp can take seconds on a busy 2-core machine.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          ...integration,
          name: 'integration',
          include: databaseTierOnly ? DATABASE_PROOFS : ['tests/integration/**/*.test.ts'],
          exclude: [
            ...configDefaults.exclude,
            ...(skipSlowProofs ? SLOW_PROOFS : []),
            ...(ordinaryTierOnly ? DATABASE_PROOFS : []),
            ...(databaseTierOnly ? [] : TIMING_PROOFS),
          ],
          sequence: { groupOrder: 1 },
          // Two workers suit a 2-core machine.
          maxWorkers: 2,
        },
      },
      {
        test: {
          ...integration,
          name: 'timing',
          include: databaseTierOnly ? [] : TIMING_PROOFS,
          // A fresh process per file: what an earlier file left running must not weigh on these timings.
          isolate: true,
          exclude: [...configDefaults.exclude, ...(ordinaryTierOnly ? DATABASE_PROOFS : [])],
          sequence: { groupOrder: 2 },
          maxWorkers: 1,
        },
      },
      ...(process.env.REAL_STORES === '1' ? [realStores] : []),
    ],
  },
});
