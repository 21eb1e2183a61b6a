/**
 * The embedded file store: objects under `<root>/objects/<path>`, uploads in progress under
 * `<root>/tmp`. Both sit on one file system, so publishing an upload is a rename: a reader sees
 * the old file or the new one, never half of one.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import {
  PathConflictError,
  type FileStore,
  type OpenedObject,
  type StoredObject,
} from './file-store.ts';

export interface DiskFileStore extends FileStore {
  readonly kind: 'disk';
  readonly root: string;
}

const code = (err: unknown) => (err as NodeJS.ErrnoException | undefined)?.code;
const MISSING = new Set(['ENOENT', 'ENOTDIR']);

export function createDiskFileStore(root: string): DiskFileStore {
  const objectsDir = path.resolve(root, 'objects');
  const tmpDir = path.resolve(root, 'tmp');

  /** Keys are validated before they get here; this is the second lock on the same door. */
  const fileFor = (key: string) => {
    const file = path.resolve(objectsDir, ...key.split('/'));
    if (!file.startsWith(objectsDir + path.sep)) throw new PathConflictError(key);
    return file;
  };

  /** Folders left empty by a removal go too, so a later file may take their name. */
  const pruneEmptyParents = async (file: string) => {
    for (
      let dir = path.dirname(file);
      dir.startsWith(objectsDir + path.sep);
      dir = path.dirname(dir)
    ) {
      try {
        await fsp.rmdir(dir);
      } catch {
        return;
      }
    }
  };

  return {
    kind: 'disk',
    root: path.resolve(root),

    async createTempFile() {
      await fsp.mkdir(tmpDir, { recursive: true });
      return path.join(tmpDir, crypto.randomUUID());
    },

    async put(key, tempFile) {
      const file = fileFor(key);
      // A removal pruning the same folder at this moment can take it away between mkdir and
      // rename; one more try settles that.
      for (let attempt = 1; ; attempt++) {
        try {
          await fsp.mkdir(path.dirname(file), { recursive: true });
          await fsp.rename(tempFile, file);
          return;
        } catch (err) {
          if (['ENOTDIR', 'EEXIST', 'EISDIR', 'ENOTEMPTY'].includes(code(err) ?? ''))
            throw new PathConflictError(key);
          if (code(err) !== 'ENOENT' || attempt >= 3) throw err;
        }
      }
    },

    async stat(key): Promise<StoredObject | null> {
      try {
        const s = await fsp.stat(fileFor(key));
        return s.isFile() ? { size: s.size } : null;
      } catch (err) {
        if (MISSING.has(code(err) ?? '')) return null;
        throw err;
      }
    },

    async open(key): Promise<OpenedObject | null> {
      let handle: fsp.FileHandle;
      try {
        handle = await fsp.open(fileFor(key), fs.constants.O_RDONLY);
      } catch (err) {
        if (MISSING.has(code(err) ?? '') || code(err) === 'EISDIR') return null;
        throw err;
      }
      // Size and bytes come from the same open file, even if an upsert replaces it meanwhile.
      const s = await handle.stat();
      if (!s.isFile()) {
        await handle.close();
        return null;
      }
      return { size: s.size, stream: handle.createReadStream() };
    },

    async remove(key) {
      const file = fileFor(key);
      try {
        await fsp.unlink(file);
      } catch (err) {
        if (MISSING.has(code(err) ?? '') || code(err) === 'EISDIR') return;
        throw err;
      }
      await pruneEmptyParents(file);
    },
  };
}
