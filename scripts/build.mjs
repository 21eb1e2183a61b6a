#!/usr/bin/env node
/**
 * Builds the product: the web app (Vite, then brotli and gzip copies of every compressible file)
 * and the server (one ES module bundle run by plain `node`, with `protocol/` inlined and every
 * npm dependency left to node_modules). `--if-stale` builds only a part whose sources are newer
 * than its last build, so `npm start` starts at once when nothing changed.
 *
 * Runs on `npm install` (the `prepare` script) and before `npm start`.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ifStale = process.argv.includes('--if-stale');
const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);

/** Newest modification time under the given files and folders (node_modules and dist skipped). */
function newestMtime(paths) {
  let newest = 0;
  const visit = (p) => {
    let st;
    try {
      st = fs.statSync(p);
    } catch {
      return;
    }
    if (st.isDirectory()) {
      for (const name of fs.readdirSync(p)) {
        if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
        visit(path.join(p, name));
      }
    } else {
      newest = Math.max(newest, st.mtimeMs);
    }
  };
  paths.forEach((p) => visit(path.join(root, p)));
  return newest;
}

function stampTime(stamp) {
  try {
    return fs.statSync(path.join(root, stamp)).mtimeMs;
  } catch {
    return 0;
  }
}

function run(cmd, args, opts = {}) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
  if (result.status !== 0) {
    console.error(`build failed: ${cmd} ${args.join(' ')}`);
    process.exit(result.status ?? 1);
  }
}

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest|ico)$/;

/** Writes .br and .gz beside each compressible file the static server may send as is. */
function precompress(dir) {
  for (const name of fs.readdirSync(dir)) {
    const file = path.join(dir, name);
    const st = fs.statSync(file);
    if (st.isDirectory()) {
      precompress(file);
      continue;
    }
    if (!COMPRESSIBLE.test(name) || st.size < 512) continue;
    const bytes = fs.readFileSync(file);
    fs.writeFileSync(
      `${file}.br`,
      zlib.brotliCompressSync(bytes, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
    );
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(bytes, { level: 9 }));
  }
}

const parts = {
  web: {
    inputs: [
      'web/src',
      'web/public',
      'web/index.html',
      'web/vite.config.ts',
      'web/sdk-source.ts',
      'protocol/src',
      'sdk/src',
      'package-lock.json',
    ],
    stamp: 'web/dist/index.html',
    build() {
      run(
        process.execPath,
        [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
        {
          cwd: path.join(root, 'web'),
        },
      );
      precompress(path.join(root, 'web/dist'));
    },
  },
  server: {
    inputs: ['server/src', 'protocol/src', 'server/package.json', 'package-lock.json'],
    stamp: 'server/dist/main.js',
    async build() {
      const { build } = await import('esbuild');
      const pkg = JSON.parse(fs.readFileSync(path.join(root, 'server/package.json'), 'utf8'));
      // npm packages stay in node_modules (native addons among them); our own protocol is inlined.
      const external = Object.keys(pkg.dependencies ?? {}).filter(
        (name) => !name.startsWith('@scout/'),
      );
      const outdir = path.join(root, 'server/dist');
      fs.rmSync(outdir, { recursive: true, force: true });
      await build({
        entryPoints: { main: 'server/src/main.ts', admin: 'server/src/cli/admin.ts' },
        absWorkingDir: root,
        outdir,
        bundle: true,
        splitting: true,
        format: 'esm',
        platform: 'node',
        target: 'node20',
        external: external.flatMap((name) => [name, `${name}/*`]),
        sourcemap: 'linked',
        logLevel: 'warning',
        // Bundled CommonJS helpers (if any) need require() in an ES module.
        banner: {
          js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
        },
      });
      // Files the server opens by path next to its own module.
      for (const file of [
        'admin/sqlite-sql-child.js',
        'admin/sqlite-backup-child.js',
        'auth/hash-worker.js',
      ]) {
        fs.copyFileSync(
          path.join(root, 'server/src', file),
          path.join(outdir, path.basename(file)),
        );
      }
    },
  },
};

for (const [name, part] of Object.entries(parts)) {
  if (only && only !== name) continue;
  if (ifStale && stampTime(part.stamp) >= newestMtime(part.inputs)) continue;
  const started = Date.now();
  await part.build();
  console.log(`built ${name} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
