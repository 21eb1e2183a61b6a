import path from 'node:path';
import type { Config } from '../config.ts';
import { createDiskFileStore } from './disk.ts';
import type { FileStore } from './file-store.ts';
import { createS3FileStore } from './s3.ts';

/** The bucket when S3_* is configured, else `storage/` under DATA_DIR (created on first write). */
export function openFileStore(config: Config): FileStore {
  if (config.s3) return createS3FileStore(config.s3, path.join(config.dataDir, 'tmp', 'uploads'));
  return createDiskFileStore(path.join(config.dataDir, 'storage'));
}
