import { defineConfig } from 'vitest/config';

/**
 * Suites that start servers of their own with hundreds of sockets and a shared Redis, and wait on
 * their messages: each runs in a fresh process, apart from whatever the files before it left.
 */
const OWN_PROCESS = ['src/realtime/restart.test.ts'];

export default defineConfig({
  test: {
    setupFiles: ['../scripts/fail-on-console.ts'],
    // The JSON report feeds the test run's time report (scripts/test-report.mjs).
    reporters: ['default', 'json'],
    outputFile: { json: '../test-results/vitest-server.json' },
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // A wait for something a server does on its own (a socket's frame, a job's mail) is given the
    // time a busy machine needs: CI runs this suite beside a browser's journeys on two cores,
    // where Vitest's default second is too short for a frame that is on its way.
    expect: { poll: { timeout: 10_000 } },
    // On CI a failed test is tried once more, like a journey, and the run's report names every
    // test that needed it (scripts/test-report.mjs), so a test that fails now and then is seen.
    retry: process.env.CI ? 1 : 0,
    pool: 'forks',
    // Most of a server test's time is spent waiting (on PostgreSQL, Redis, a browser, a socket),
    // so three processes share two cores well; Vitest's default is one per core but one.
    maxWorkers: 3,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          // The test support's own tests too (test/test-app.test.ts).
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: OWN_PROCESS,
          // Each process keeps the modules it has loaded from one file to the next: loading the
          // server's modules again for each of 175 files cost more than a fifth of the suite's
          // time. The server keeps no state in modules that a file could leak (its caches are
          // keyed by the store or configuration they belong to), and no test replaces a module.
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'server-own-process', include: OWN_PROCESS, isolate: true },
      },
    ],
  },
});
