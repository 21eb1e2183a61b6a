import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    setupFiles: ['../scripts/fail-on-console.ts'],
    // The JSON report feeds the test run's time report (scripts/test-report.mjs).
    reporters: ['default', 'json'],
    outputFile: { json: '../test-results/vitest-sdk.json' },
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});
