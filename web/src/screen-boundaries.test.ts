/**
 * The web app's layering (docs/architecture.md), as the linter enforces it (eslint.config.js):
 * the primitives in ui/ import no screen, and no screen imports another. Sources are linted as if
 * they lay at the named path, so nothing is written to the tree.
 */
import { describe, expect, it } from 'vitest';
import { boundaryErrors } from '../../scripts/boundary-errors.ts';

describe('the web app’s layers', () => {
  it('primitives import no screen, and no screen imports another', async () => {
    expect(
      await boundaryErrors('web/src/ui/example.tsx', "import '../screens/calendar/event-row.tsx';"),
    ).toEqual([expect.stringContaining('web/src/ui/ holds primitives')]);
    expect(
      await boundaryErrors(
        'web/src/screens/dashboard/example.tsx',
        "import '../calendar/event-row.tsx';",
      ),
    ).toEqual([expect.stringContaining('A screen may not import another screen')]);
  }, 60_000);

  it('a screen imports its own parts, the primitives and lib/ freely', async () => {
    expect(
      await boundaryErrors(
        'web/src/screens/profile/example.tsx',
        "import './family/family-section.tsx'; import '../../ui/button.tsx'; import '../../lib/sdk.ts';",
      ),
    ).toEqual([]);
  }, 60_000);
});
