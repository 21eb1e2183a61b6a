import { defineConfig } from 'vitest/config';

// Unit tests cover pure logic only, so they run in Node without a DOM.
export default defineConfig({
  // As in vite.config.ts: workspace packages from their sources.
  resolve: { conditions: ['source', 'module', 'node', 'development|production'] },
  ssr: { resolve: { conditions: ['source', 'module', 'node', 'development|production'] } },
  test: {
    setupFiles: ['../scripts/fail-on-console.ts'],
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});
