/**
 * Vitest setup for every workspace: a test that writes to console.error or console.warn fails,
 * with what it wrote, unless it expected the output and said so by mocking the method itself
 * (`vi.spyOn(console, 'warn').mockImplementation(...)`). Unexpected output is a bug report that
 * nobody reads.
 */
import { format } from 'node:util';
import { afterEach, beforeEach } from 'vitest';

const unexpected: string[] = [];
const original = { error: console.error, warn: console.warn };

beforeEach(() => {
  unexpected.length = 0;
  for (const level of ['error', 'warn'] as const) {
    console[level] = (...args: unknown[]) => {
      unexpected.push(`console.${level}: ${format(...args)}`);
      original[level](...args);
    };
  }
});

afterEach(() => {
  console.error = original.error;
  console.warn = original.warn;
  if (unexpected.length > 0) {
    const lines = unexpected.splice(0);
    throw new Error(`The test wrote to the console unexpectedly:\n${lines.join('\n')}`);
  }
});
