/**
 * The environment is read in one place: config.ts and the readers it hands the environment to
 * (config-values.ts, env-values.ts and the parsers that take an `Env`). Every variable read is
 * listed in docs/operations.md, so an operator finds every setting there.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = path.dirname(fileURLToPath(import.meta.url));
const operations = fs.readFileSync(path.join(src, '../../docs/operations.md'), 'utf8');

/** Entry points that hand the whole environment to loadConfig and read nothing of it themselves. */
const HANDS_ENVIRONMENT_TO_CONFIG: Record<string, string> = {
  'main.ts': 'the server process: loadConfig(process.env)',
  'cli/admin.ts': 'the admin command: loadConfig(env), env defaulting to process.env',
};

function productionFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return productionFiles(file);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [file] : [];
  });
}

const files = productionFiles(src).map((file) => ({
  name: path.relative(src, file).split(path.sep).join('/'),
  text: fs.readFileSync(file, 'utf8'),
}));
const readsConfigItself = (name: string) => /^(config[\w-]*|env-values)\.ts$/.test(name);

describe('reading the environment', () => {
  it('happens in config.ts and its readers; the entry points only hand process.env over', () => {
    const reading = files.filter((f) => /process\.env\s*(\.|\[)/.test(f.text)).map((f) => f.name);
    expect(reading.filter((name) => !readsConfigItself(name))).toEqual([]);
    const handing = files.filter((f) => /process\.env\b/.test(f.text)).map((f) => f.name);
    expect(handing.filter((name) => !readsConfigItself(name)).sort()).toEqual(
      Object.keys(HANDS_ENVIRONMENT_TO_CONFIG).sort(),
    );
  });

  it('reads only variables docs/operations.md lists', () => {
    const documented = new Set(
      operations.match(/`[A-Z][A-Z0-9_<>]*`/g)?.map((n) => n.slice(1, -1)),
    );
    const read = new Set<string>();
    for (const { text } of files) {
      for (const m of text.matchAll(/\benv(?:\.([A-Z][A-Z0-9_]+)|\[['"]([A-Z][A-Z0-9_]+)['"]\])/g))
        read.add(m[1] ?? m[2] ?? '');
      // Helpers that take the environment and a variable's name: wholeNumber(env, 'JOBS_POLL_MS', ...).
      for (const m of text.matchAll(/\(env, '([A-Z][A-Z0-9_]+)'/g)) read.add(m[1] ?? '');
      // Names made from a prefix (`${prefix}_MODEL`): documented with a placeholder (`AI_<CAP>_MODEL`).
      for (const m of text.matchAll(/\benv\[`\$\{\w+\}(_[A-Z0-9_]+)`\]/g)) read.add(`<>${m[1]}`);
    }
    expect(read.size).toBeGreaterThan(40);
    const listed = (name: string) =>
      name.startsWith('<>')
        ? [...documented].some((d) => /<[A-Z]+>/.test(d) && d.endsWith(name.slice(2)))
        : documented.has(name);
    expect([...read].filter((name) => !listed(name))).toEqual([]);
  });
});
