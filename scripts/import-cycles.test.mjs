/**
 * The import-cycle check (import-cycles.mjs) on small trees of its own, and on this repository,
 * which must have no cycle: run with `node --test scripts/*.test.mjs` (`npm run test:checks`).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { cyclesIn, loadedSpecifiers } from './import-cycles.mjs';

/** A tree of files (path from the root: text), written to a fresh folder. */
function tree(files) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'import-cycles-'));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), text);
  }
  return root;
}

test('a module importing one that imports it back is a cycle', () => {
  const root = tree({
    'server/src/a.ts': "import { b } from './b.ts';\nexport const a = () => b;\n",
    'server/src/b.ts': "import { a } from './a.ts';\nexport const b = () => a;\n",
    'server/src/c.ts': "import { a } from './a.ts';\nexport const c = a;\n",
  });
  assert.deepEqual(cyclesIn(root), [['server/src/a.ts', 'server/src/b.ts', 'server/src/a.ts']]);
});

test('a cycle through several modules and folders, without extensions or through an index', () => {
  const root = tree({
    'web/src/a.tsx': "import { b } from './lib/b';\nexport const a = b;\n",
    'web/src/lib/b.ts': "export { c as b } from '../c';\n",
    'web/src/c/index.ts': "export const c = () => import('../a.tsx');\n",
  });
  assert.deepEqual(cyclesIn(root), [
    ['web/src/a.tsx', 'web/src/lib/b.ts', 'web/src/c/index.ts', 'web/src/a.tsx'],
  ]);
});

test('imports of types only close no cycle; one value import among them does', () => {
  const files = {
    'sdk/src/a.ts': "import { b } from './b.ts';\nexport type A = string;\nexport const a = b;\n",
    'sdk/src/b.ts': "import type { A } from './a.ts';\nexport const b: A = 'b';\n",
    'sdk/src/c.ts': "import { type A } from './a.ts';\nexport type { A } from './a.ts';\n",
    'sdk/src/d.ts': "import { c } from './c.ts';\nexport type C = typeof import('./d.ts');\n",
  };
  assert.deepEqual(cyclesIn(tree(files)), []);
  files['sdk/src/b.ts'] = "import { type A, a } from './a.ts';\nexport const b: A = a;\n";
  assert.deepEqual(cyclesIn(tree(files)), [['sdk/src/a.ts', 'sdk/src/b.ts', 'sdk/src/a.ts']]);
});

test('packages, other workspaces and build outputs are not followed', () => {
  const root = tree({
    'protocol/src/a.ts': "import '@scout/protocol/a';\nimport x from 'zod';\nexport const a = x;\n",
    'server/dist/a.ts': "import './b.ts';\n",
    'server/dist/b.ts': "import './a.ts';\n",
  });
  assert.deepEqual(cyclesIn(root), []);
});

test('what a module loads', () => {
  assert.deepEqual(
    loadedSpecifiers(
      'x.ts',
      [
        "import a from './a.ts';",
        "import './side-effect.ts';",
        "import type { B } from './b.ts';",
        "import { type C } from './c.ts';",
        "import d, { type D } from './d.ts';",
        "export * from './e.ts';",
        "export type { F } from './f.ts';",
        "export { g } from './g.ts';",
        "const h = () => import('./h.ts');",
        "let i: typeof import('./i.ts');",
      ].join('\n'),
    ),
    ['./a.ts', './side-effect.ts', './d.ts', './e.ts', './g.ts', './h.ts'],
  );
});

test('this repository has no import cycle', () => {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  assert.deepEqual(cyclesIn(root), []);
});
