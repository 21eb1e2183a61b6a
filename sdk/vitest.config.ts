import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    setupFiles: ['../scripts/fail-on-console.ts'],
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});
