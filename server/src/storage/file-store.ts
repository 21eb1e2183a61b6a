/**
 * Where stored files' bytes live: a folder on disk (the embedded default) or an S3-compatible
 * bucket shared by several servers. Keys are storage paths already validated by paths.ts.
 * Uploads arrive in a temporary file first, so a file is only ever published whole.
 */
import type { Readable } from 'node:stream';

export interface StoredObject {
  size: number;
}

export interface OpenedObject extends StoredObject {
  stream: Readable;
}

export interface FileStore {
  readonly kind: 'disk' | 's3';
  /** A fresh path for a temporary file, on the same file system as the objects where that matters. */
  createTempFile(): Promise<string>;
  /** Publishes a finished temporary file under `key`, replacing any object there; consumes the file. */
  put(key: string, tempFile: string, meta: { contentType: string; size: number }): Promise<void>;
  /** The object's size, or null when there is none. */
  stat(key: string): Promise<StoredObject | null>;
  /** The object's bytes as a stream, or null when there is none. */
  open(key: string): Promise<OpenedObject | null>;
  /** Removes the object; removing a missing one is not an error. */
  remove(key: string): Promise<void>;
}

/** The path cannot be used because a file sits where a folder is needed, or the reverse. */
export class PathConflictError extends Error {
  constructor(key: string) {
    super(`Storage path conflicts with an existing file or folder: ${key}`);
    this.name = 'PathConflictError';
  }
}
