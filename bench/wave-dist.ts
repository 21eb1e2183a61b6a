/**
 * A copy of the compiled server (server/dist) that a long benchmark starts its processes from,
 * so that a rebuild of server/dist while it runs (the build empties the folder first) cannot fail
 * a restart half-way. The copy lives under server/.tmp/ (ignored by git), where Node finds the
 * server's packages as it does from server/dist, and it is checked to be whole: every module
 * file one of its modules imports is there.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { serverDir } from './processes.ts';

export interface DistCopy {
  /** The absolute path of the copy's main.js. */
  main: string;
  dispose(): void;
}

/** The relative module files the modules of `dir` import, that are missing there. */
function missingImports(dir: string): string[] {
  const missing: string[] = [];
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.js'))) {
    const text = fs.readFileSync(path.join(dir, file), 'utf8');
    for (const m of text.matchAll(/(?:from|import\()\s*["']\.\/([^"']+)["']/g))
      if (!fs.existsSync(path.join(dir, m[1]!))) missing.push(`${file} -> ${m[1]}`);
  }
  return missing;
}

export async function copyServerDist(): Promise<DistCopy> {
  const source = path.join(serverDir, 'dist');
  const target = path.join(
    serverDir,
    '.tmp',
    `bench-dist-${crypto.randomBytes(4).toString('hex')}`,
  );
  for (let attempt = 1; ; attempt++) {
    fs.rmSync(target, { recursive: true, force: true });
    try {
      fs.cpSync(source, target, { recursive: true });
      if (fs.existsSync(path.join(target, 'main.js')) && missingImports(target).length === 0) break;
    } catch {
      // A build was emptying the folder as it was read: copy again.
    }
    if (attempt === 20) throw new Error('server/dist stayed incomplete; run the build again');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return {
    main: path.join(target, 'main.js'),
    dispose: () => fs.rmSync(target, { recursive: true, force: true }),
  };
}
