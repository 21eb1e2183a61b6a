import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    setupFiles: ['../scripts/fail-on-console.ts'],
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
  },
});
