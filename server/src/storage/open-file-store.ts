import path from 'node:path';
import type { Config } from '../config.ts';
import { createDiskFileStore } from './disk.ts';
import type { FileStore } from './file-store.ts';

/**
 * The bucket when S3_* is configured, else `storage/` under DATA_DIR (created on first write).
 * The S3 client library is loaded only when a bucket is configured: it is the largest module
 * the server could load.
 */
export async function openFileStore(config: Config): Promise<FileStore> {
  if (config.s3) {
    const { createS3FileStore } = await import('./s3.ts');
    return createS3FileStore(config.s3, path.join(config.dataDir, 'tmp', 'uploads'));
  }
  return createDiskFileStore(path.join(config.dataDir, 'storage'));
}
