/**
 * The layer rules of eslint.config.js, asked of one import: the boundary errors the linter gives
 * `source` as if it lay at `at` (a path from the repository's root), so each workspace's tests
 * can show its rules refusing and allowing imports without writing a file.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let eslint: ESLint | undefined;

export async function boundaryErrors(at: string, source: string): Promise<string[]> {
  eslint ??= new ESLint({ cwd: repoRoot });
  const [result] = await eslint.lintText(source, { filePath: path.join(repoRoot, at) });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'import/no-restricted-paths')
    .map((m) => m.message);
}
