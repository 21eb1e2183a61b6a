import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    setupFiles: ['../scripts/fail-on-console.ts'],
    // The JSON report feeds the test run's time report (scripts/test-report.mjs).
    reporters: ['default', 'json'],
    outputFile: { json: '../test-results/vitest-sdk.json' },
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // One test process keeps the modules it has loaded from one file to the next (as the
    // server's suite does): loading them again for each file was most of this suite's processor
    // time. No test replaces a module, and those that stub a global or fake the clock undo it.
    isolate: false,
  },
});
