/**
 * The SDK as someone outside this repository gets it: `npm pack` in sdk/, the tarball installed
 * into an empty project in a temporary folder, and a plain Node script (no TypeScript loader)
 * that imports it and signs up against the running server. A TypeScript file in that project is
 * type-checked against the package's declarations.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import { baseURL } from '../playwright.config.ts';
import { packSdk, repoRoot as root, type PackedSdk } from '../support/packed-sdk.ts';

let sdk: PackedSdk;
let project: string;
let tarball: string;

test.beforeAll(() => {
  sdk = packSdk();
  ({ project, tarball } = sdk);
});

test.afterAll(() => sdk.remove());

test('the tarball holds JavaScript and declarations, and nothing for tests or from the workspace', () => {
  const list = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean);
  expect(list).toContain('package/dist/index.js');
  expect(list).toContain('package/dist/index.d.ts');
  expect(list).toContain('package/README.md');
  expect(list.filter((f) => /test|fake|\/src\/.*\.ts$/.test(f) && !f.endsWith('.d.ts'))).toEqual(
    [],
  );
  const manifest = JSON.parse(
    fs.readFileSync(path.join(project, 'node_modules/@scout/sdk/package.json'), 'utf8'),
  );
  // The protocol it needs is inside the bundle: installing the package pulls in nothing else.
  expect(Object.keys(manifest.dependencies ?? {})).toEqual([]);
  expect(fs.readdirSync(path.join(project, 'node_modules')).sort()).toEqual([
    '.package-lock.json',
    '@scout',
  ]);
});

/** Every file a manifest's `exports`, `main`, `module` and `types` name, conditions included. */
function manifestTargets(manifest: Record<string, unknown>): string[] {
  const targets: string[] = [];
  const visit = (entry: unknown) => {
    if (typeof entry === 'string') targets.push(entry);
    else if (Array.isArray(entry)) entry.forEach(visit);
    else if (entry !== null && typeof entry === 'object') Object.values(entry).forEach(visit);
  };
  visit(manifest.exports);
  for (const field of ['main', 'module', 'types', 'typings']) visit(manifest[field]);
  return targets;
}

test('every file the packed manifest exports is in the tarball', () => {
  const list = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean);
  const manifest = JSON.parse(
    execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' }),
  ) as Record<string, unknown>;
  const targets = manifestTargets(manifest);
  expect(targets).toContain('./dist/index.js');
  const missing = targets.filter((target) => {
    const inPackage = `package/${target.replace(/^\.\//, '')}`;
    if (!target.includes('*')) return !list.includes(inPackage);
    // A subpath pattern must match at least one file.
    const escaped = inPackage.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
    const pattern = new RegExp(`^${escaped.replace(/\*/g, '.+')}$`);
    return !list.some((file) => pattern.test(file));
  });
  expect(missing).toEqual([]);
});

test('a plain Node script imports the package and signs up', () => {
  const email = `packed.${Date.now().toString(36)}@troop214.example`;
  fs.writeFileSync(
    path.join(project, 'sign-up.mjs'),
    `import { createClient, isScoutError } from '@scout/sdk';
const client = createClient({ projectId: 'scout-troop', baseUrl: process.argv[2] });
const user = await client.auth.signUp({ email: process.argv[3], password: 'campfire-2026', displayName: 'Jamie Rivera' });
const me = await client.auth.me();
let refused = '';
try {
  await client.auth.signUp({ email: process.argv[3], password: 'campfire-2026' });
} catch (err) {
  refused = isScoutError(err) ? err.code : 'not a ScoutError';
}
console.log(JSON.stringify({ id: user.id, email: me.email, name: me.displayName, refused }));
`,
  );
  const out = execFileSync(process.execPath, ['sign-up.mjs', baseURL, email], {
    cwd: project,
    encoding: 'utf8',
  });
  const result = JSON.parse(out.trim()) as {
    id: string;
    email: string;
    name: string;
    refused: string;
  };
  expect(result.id).toBeTruthy();
  expect(result.email).toBe(email);
  expect(result.name).toBe('Jamie Rivera');
  expect(result.refused).toBe('EMAIL_ALREADY_EXISTS');
});

test('its declarations type-check an app that uses it, and catch a wrong call', () => {
  fs.writeFileSync(
    path.join(project, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        strict: true,
        noEmit: true,
        lib: ['ES2023', 'DOM'],
        types: [],
      },
      include: ['*.ts'],
    }),
  );
  fs.writeFileSync(
    path.join(project, 'app.ts'),
    `import { createClient, type WireUser } from '@scout/sdk';
const client = createClient({ projectId: 'scout-troop', baseUrl: 'http://127.0.0.1:1' });
export async function greet(): Promise<string> {
  const user: WireUser = await client.auth.me();
  const events = await client.db.table('calendar_events').list({ limit: 5 });
  return user.email + events.length;
}
`,
  );
  const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', project], { cwd: project, encoding: 'utf8' });
  fs.writeFileSync(
    path.join(project, 'wrong.ts'),
    `import { createClient } from '@scout/sdk';\ncreateClient({ project: 'x' });\n`,
  );
  let failed = '';
  try {
    execFileSync(process.execPath, [tsc, '-p', project], { cwd: project, encoding: 'utf8' });
  } catch (err) {
    failed = String((err as { stdout?: string }).stdout ?? err);
  }
  fs.rmSync(path.join(project, 'wrong.ts'));
  expect(failed).toContain('wrong.ts');
  expect(failed).toContain('projectId');
});
