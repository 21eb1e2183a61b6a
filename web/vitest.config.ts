import { defineConfig } from 'vitest/config';

// Unit tests cover pure logic only, so they run in Node without a DOM.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});
