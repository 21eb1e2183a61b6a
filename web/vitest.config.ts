import { defineConfig } from 'vitest/config';
import { sdkFromSource } from './sdk-source.ts';

// Unit tests cover pure logic only, so they run in Node without a DOM.
export default defineConfig({
  // As in vite.config.ts: the SDK from its sources.
  resolve: { alias: sdkFromSource },
  test: {
    setupFiles: ['../scripts/fail-on-console.ts'],
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});
