/**
 * The server's layering (docs/architecture.md), as the linter enforces it (eslint.config.js):
 * the generic layers refuse an import of a capability, and the imports next to it pass. Sources
 * are linted as if they lay at the named path, so nothing is written to the tree.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: repoRoot });

/** The messages of the boundary rule for `source` linted as the file at `at`. */
async function boundaryErrors(at: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.join(repoRoot, at) });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'import/no-restricted-paths')
    .map((m) => m.message);
}

describe('the server’s layers', () => {
  it('generic layers import no capability, nor the files that assemble them', async () => {
    for (const [at, source] of [
      ['server/src/rest/example.ts', "import '../calendar/stored-events.ts';"],
      ['server/src/http/example.ts', "import '../auth/session-check.ts';"],
      ['server/src/store/example.ts', "import '../tables.ts';"],
      ['server/src/jobs/example.ts', "import '../notices/handlers.ts';"],
      ['server/src/mail/example.ts', "import '../members/audit-log.ts';"],
    ] as const) {
      expect(await boundaryErrors(at, source), at).toEqual([
        expect.stringContaining('is a generic layer: it may not import a capability'),
      ]);
    }
  }, 60_000);

  it('generic layers use each other, capabilities use them, and tests may drive the whole app', async () => {
    expect(
      await boundaryErrors('server/src/rest/example.ts', "import '../store/store.ts';"),
    ).toEqual([]);
    expect(
      await boundaryErrors('server/src/calendar/example.ts', "import '../rest/rules.ts';"),
    ).toEqual([]);
    expect(
      await boundaryErrors('server/src/rest/example.test.ts', "import '../auth/session-check.ts';"),
    ).toEqual([]);
  }, 60_000);
});
