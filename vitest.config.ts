import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'] } },
      // The corpus's own checks (dated, not stale), apart from the unit tests of the code.
      { test: { name: 'content', include: ['tests/content/**/*.test.ts'] } },
      {
        test: {
          name: 'http',
          include: ['tests/http/**/*.test.ts'],
          globalSetup: ['tests/support/server-setup.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/support/server-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // One browser at a time: the machines have two cores.
          fileParallelism: false,
        },
      },
    ],
  },
});
