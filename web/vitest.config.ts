import { defineConfig } from 'vitest/config';
import { sdkFromSource } from './sdk-source.ts';

// Unit tests cover pure logic only, so they run in Node without a DOM.
export default defineConfig({
  // As in vite.config.ts: the SDK from its sources.
  resolve: { alias: sdkFromSource },
  test: {
    setupFiles: ['../scripts/fail-on-console.ts'],
    // The JSON report feeds the test run's time report (scripts/test-report.mjs).
    reporters: ['default', 'json'],
    outputFile: { json: '../test-results/vitest-web.json' },
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});
