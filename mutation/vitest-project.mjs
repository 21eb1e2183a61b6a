/**
 * A workspace's own Vitest settings (setup files, pool, time-outs), narrowed to the test files
 * written for the modules a mutation run mutates. The files are chosen here rather than with
 * Stryker's `testFiles`: with that option StrykerJS 9 switches on module-level mutants only
 * after the module is loaded, and counts them as survivors.
 */
import { fileURLToPath } from 'node:url';

/**
 * @param {string} workspace
 * @param {import('vitest/config').UserConfig} config the workspace's vitest.config.ts
 * @param {string[]} include test files, relative to the workspace
 */
export const narrowed = (workspace, config, include) => ({
  ...config,
  root: fileURLToPath(new URL(`../${workspace}/`, import.meta.url)),
  test: { ...config.test, include },
});
