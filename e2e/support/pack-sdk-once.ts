/**
 * Global setup: packs the SDK once for the whole run (support/packed-sdk.ts installs that one
 * tarball for each spec file that asks), and removes it after the run.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PACKED_SDK_ENV, packTarball } from './packed-sdk.ts';

export default function packSdkOnce() {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-sdk-tarball-'));
  process.env[PACKED_SDK_ENV] = packTarball(folder);
  return () => fs.rmSync(folder, { recursive: true, force: true });
}
