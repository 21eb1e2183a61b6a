#!/usr/bin/env node
/**
 * Builds the SDK as a package others can install: `dist/index.js` (one ES module with the parts
 * of `protocol/` it uses inlined, so the package depends on nothing) and `dist/index.d.ts` with
 * the declarations beside it. Runs before `npm pack` (the `prepack` script).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const sdkDir = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(sdkDir, '..');
const dist = path.join(sdkDir, 'dist');
const typesDir = path.join(dist, 'types');

fs.rmSync(dist, { recursive: true, force: true });

await build({
  entryPoints: [path.join(sdkDir, 'src/index.ts')],
  outfile: path.join(dist, 'index.js'),
  bundle: true,
  format: 'esm',
  platform: 'neutral',
  target: 'es2022',
  sourcemap: true,
  logLevel: 'warning',
});

// Declarations: tsc emits them for the SDK and the protocol files it uses, which are then
// addressed relatively, as the protocol workspace is not part of the package.
const tsc = spawnSync(
  process.execPath,
  [
    path.join(root, 'node_modules/typescript/bin/tsc'),
    '-p',
    path.join(sdkDir, 'tsconfig.package.json'),
  ],
  { stdio: 'inherit' },
);
if (tsc.status !== 0) process.exit(tsc.status ?? 1);

function rewriteDeclarations(dir) {
  for (const name of fs.readdirSync(dir)) {
    const file = path.join(dir, name);
    if (fs.statSync(file).isDirectory()) {
      rewriteDeclarations(file);
      continue;
    }
    if (!name.endsWith('.d.ts')) continue;
    const text = fs
      .readFileSync(file, 'utf8')
      .replace(/(from\s+|import\()(['"])@scout\/protocol\/([\w-]+)\2/g, (_m, lead, q, mod) => {
        const target = path.join(typesDir, 'protocol/src', `${mod}.js`);
        let rel = path.relative(path.dirname(file), target).split(path.sep).join('/');
        if (!rel.startsWith('.')) rel = `./${rel}`;
        return `${lead}${q}${rel}${q}`;
      })
      .replace(/(from\s+|import\()(['"])(\.{1,2}\/[^'"]+)\.ts\2/g, '$1$2$3.js$2');
    fs.writeFileSync(file, text);
  }
}
rewriteDeclarations(typesDir);
fs.writeFileSync(path.join(dist, 'index.d.ts'), "export * from './types/sdk/src/index.js';\n");
console.log('built the SDK package in sdk/dist');
