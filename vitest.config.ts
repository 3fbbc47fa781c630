import { defineConfig } from 'vitest/config';

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
