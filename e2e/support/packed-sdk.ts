/**
 * The SDK as an outside project gets it: `npm pack` in sdk/, the tarball installed into an empty
 * project in a temporary folder: packed once per run, installed once per test file that asks.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from '@playwright/test';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

export interface PackedSdk {
  /** The consumer project, with the package installed in node_modules. */
  project: string;
  tarball: string;
  /** The package's entry, to import in a test. */
  entry: string;
  remove(): void;
}

/** `npm pack` in sdk/ into `folder`; answers the tarball's path. */
export function packTarball(folder: string): string {
  const packed = execFileSync(npm, ['pack', '--json', '--pack-destination', folder], {
    cwd: path.join(repoRoot, 'sdk'),
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const [info] = JSON.parse(packed.slice(packed.indexOf('['))) as Array<{ filename: string }>;
  if (!info) throw new Error('npm pack reported nothing');
  return path.join(folder, info.filename);
}

/**
 * Where the run's one tarball is (support/pack-sdk-once.ts packs it before the journeys):
 * packing rebuilds sdk/dist, and workers packing side by side would delete each other's files.
 */
export const PACKED_SDK_ENV = 'E2E_SDK_TARBALL';

export function packSdk(): PackedSdk {
  const project = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-sdk-consumer-'));
  const shared = process.env[PACKED_SDK_ENV];
  const tarball = shared ? path.join(project, path.basename(shared)) : packTarball(project);
  if (shared) fs.copyFileSync(shared, tarball);
  fs.writeFileSync(
    path.join(project, 'package.json'),
    JSON.stringify({ name: 'troop-tools', private: true, type: 'module' }),
  );
  execFileSync(npm, ['install', '--no-audit', '--no-fund', '--offline', tarball], {
    cwd: project,
    stdio: 'pipe',
  });
  return {
    project,
    tarball,
    entry: path.join(project, 'node_modules/@scout/sdk/dist/index.js'),
    remove: () => fs.rmSync(project, { recursive: true, force: true }),
  };
}

/** The packed module, typed by the package's own declarations. */
export type Sdk = typeof import('@scout/sdk');

/**
 * The packed SDK for the calling spec file: packed and imported before its tests, removed after
 * them. The answer stands for the module (its properties are the loaded module's), so tests write
 * `sdk.createClient(...)` as an app would.
 */
export function usePackedSdk(): Sdk {
  let packed: PackedSdk | undefined;
  let loaded: Sdk | undefined;
  test.beforeAll(async () => {
    packed = packSdk();
    loaded = (await import(packed.entry)) as Sdk;
  });
  test.afterAll(() => packed?.remove());
  return new Proxy({} as Sdk, {
    get(_target, prop) {
      if (!loaded)
        throw new Error('The packed SDK is loaded in beforeAll: use it in tests and hooks');
      return Reflect.get(loaded, prop) as unknown;
    },
  });
}
