/**
 * What both mutation runs share (docs/decisions/004-mutation-testing.md). Each run mutates a
 * workspace's modules and runs only the tests written for them, so a module is guarded by its
 * own tests. The server's tests import protocol/ from the original tree, not the sandbox, so
 * protocol/ gets a run of its own: its constants would otherwise reload and rerun the server's
 * suites for every mutant.
 */

/**
 * @param {'protocol' | 'server'} name the workspace, its Vitest configuration beside this file
 *   (which names the test files) and its report under reports/mutation/
 * @param {string[]} mutate
 * @returns {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export const mutationRun = (name, mutate) => ({
  testRunner: 'vitest',
  vitest: { configFile: `mutation/vitest.${name}.config.mjs`, related: false },
  mutate,
  coverageAnalysis: 'perTest',
  // The sandbox needs the two workspaces under test and the shared test set-up only.
  ignorePatterns: ['web', 'sdk', 'e2e', 'bench', 'docs', 'data', 'reports', '.ci'],
  tempDirName: '.stryker-tmp',
  reporters: ['clear-text', 'progress-append-only', 'html', 'json'],
  htmlReporter: { fileName: `reports/mutation/${name}.html` },
  jsonReporter: { fileName: `reports/mutation/${name}.json` },
  // Each module is kept at 90 % killed or better: a run below that fails.
  thresholds: { high: 90, low: 90, break: 90 },
  concurrency: 2,
  // A mutant that loops forever still times out; a test run slowed by a busy machine does not.
  timeoutMS: 20_000,
});
