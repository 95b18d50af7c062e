import { defineConfig } from 'vitest/config';

// One run for every kind of test. Browser (e2e) tests start their own server and Chromium;
// they run in their own files so vitest's file parallelism (2 workers here) keeps them apart.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    coverage: {
      enabled: true,
      provider: 'v8',
      include: ['core/**/*.ts'],
      exclude: ['core/ports/**'],
      reporter: ['text-summary', 'text'],
      thresholds: { lines: 95 },
    },
  },
});
