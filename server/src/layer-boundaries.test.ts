/**
 * The server's layering (docs/architecture.md), as the linter enforces it (eslint.config.js):
 * the generic layers refuse an import of a capability, and the imports next to it pass. Sources
 * are linted as if they lay at the named path, so nothing is written to the tree.
 */
import { describe, expect, it } from 'vitest';
import { boundaryErrors } from '../../scripts/boundary-errors.ts';

describe('the server’s layers', () => {
  it('generic layers import no capability, nor the files that assemble them', async () => {
    for (const [at, source] of [
      ['server/src/rest/example.ts', "import '../calendar/stored-events.ts';"],
      ['server/src/http/example.ts', "import '../auth/session-check.ts';"],
      ['server/src/store/example.ts', "import '../tables.ts';"],
      ['server/src/jobs/example.ts', "import '../notices/handlers.ts';"],
      ['server/src/mail/example.ts', "import '../members/audit-log.ts';"],
      ['server/src/security/example.ts', "import '../auth/credentials.ts';"],
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
