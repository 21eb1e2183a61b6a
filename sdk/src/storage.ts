/**
 * File storage (docs/protocol.md, Storage): upload, download and remove under `/api/storage/{projectId}`.
 * Every failure, local or from the server, is a ScoutError of kind `storage` carrying the
 * server's status and code, with the words of docs/product.md section 8 for the statuses it names.
 */
import { UI_MESSAGES } from '@scout/protocol/errors';
import { STORAGE_MAX_BYTES } from '@scout/protocol/limits';
import { asBlob } from './blob.ts';
import { ScoutError, asKind } from './errors.ts';
import type { HttpClient } from './http.ts';

/** What `upload` accepts (docs/product.md section 5): a File, a Blob, or a Buffer / Uint8Array. */
export type UploadBody = Blob | Uint8Array;

export interface UploadOptions {
  /** Replace a file already at the path instead of failing with 409. */
  upsert?: boolean;
  signal?: AbortSignal;
  timeoutMs?: number;
}

export interface UploadResult {
  publicUrl: string;
}

export interface DownloadInfo {
  downloadUrl: string;
  filename: string;
  contentType: string;
  size: number;
}

export interface StorageClient {
  upload(file: UploadBody, path: string, options?: UploadOptions): Promise<UploadResult>;
  download(
    path: string,
    options?: { filename?: string; signal?: AbortSignal },
  ): Promise<DownloadInfo>;
  /** `remove('a.png')`, `remove('a.png', 'b.png')` or `remove(['a.png', 'b.png'])`. */
  remove(...paths: Array<string | readonly string[]>): Promise<{ removed: string[] }>;
}

export const STORAGE_TOO_LARGE_MESSAGE = UI_MESSAGES.storageTooLarge;

/** The words of docs/product.md section 8 for the statuses it names; other statuses keep the server's message. */
const STATUS_MESSAGES: Record<number, string> = {
  400: UI_MESSAGES.storageInvalid,
  404: UI_MESSAGES.storageNotFound,
  409: UI_MESSAGES.storageExists,
  413: STORAGE_TOO_LARGE_MESSAGE,
};

function localError(message: string): ScoutError {
  return new ScoutError({ kind: 'storage', code: 'VALIDATION_ERROR', message, retryable: false });
}

/** Re-labels an HTTP failure as a storage error, keeping status, code and retryability. */
export function toStorageError(err: unknown): ScoutError {
  if (err instanceof ScoutError && err.kind === 'storage') return err;
  if (!(err instanceof ScoutError)) return asKind(err, 'storage', 'Storage request failed');
  const fromServer =
    err.status !== undefined && err.message !== `HTTP ${err.status}` ? err.message : undefined;
  const message =
    fromServer ??
    (err.status !== undefined ? STATUS_MESSAGES[err.status] : undefined) ??
    err.message;
  return new ScoutError({
    kind: 'storage',
    code: err.code,
    status: err.status,
    message,
    // A request that never got an answer keeps the network wording ("check your connection").
    userMessage: err.status === undefined ? err.userMessage : message,
    retryable: err.retryable,
    cause: err,
  });
}

function toBlob(file: unknown): Blob {
  const blob = asBlob(file);
  if (!blob) throw localError(UI_MESSAGES.unsupportedFileType);
  return blob;
}

function checkPath(path: unknown): string {
  if (typeof path !== 'string' || path.trim() === '') throw localError(UI_MESSAGES.storageInvalid);
  return path;
}

export function createStorage(http: HttpClient, projectId: string): StorageClient {
  const base = `/api/storage/${encodeURIComponent(projectId)}`;

  async function call<T>(run: () => Promise<{ data: T }>): Promise<T> {
    try {
      return (await run()).data;
    } catch (err) {
      throw toStorageError(err);
    }
  }

  return {
    async upload(file, path, options = {}) {
      const blob = toBlob(file);
      checkPath(path);
      if (blob.size > STORAGE_MAX_BYTES) throw localError(STORAGE_TOO_LARGE_MESSAGE);
      const form = new FormData();
      // The server goes by `path`; the part's file name is only a courtesy.
      form.append('file', blob, path.slice(path.lastIndexOf('/') + 1) || 'blob');
      form.append('path', path);
      form.append('options', JSON.stringify({ upsert: options.upsert === true }));
      const result = await call(() =>
        http.post<UploadResult>(`${base}/upload`, form, {
          // With upsert the same upload twice leaves the same file: safe to retry.
          idempotent: options.upsert === true,
          signal: options.signal,
          timeoutMs: options.timeoutMs,
        }),
      );
      if (!result || typeof result.publicUrl !== 'string' || result.publicUrl === '') {
        throw new ScoutError({
          kind: 'storage',
          code: 'NETWORK_ERROR',
          message: UI_MESSAGES.avatarNoPublicUrl,
          // The code alone would word it as a connection problem; UI_MESSAGES names this failure.
          userMessage: UI_MESSAGES.avatarNoPublicUrl,
        });
      }
      return { publicUrl: result.publicUrl };
    },

    async download(path, options = {}) {
      checkPath(path);
      return call(() =>
        http.get<DownloadInfo>(`${base}/download`, {
          query: { path, filename: options.filename },
          signal: options.signal,
        }),
      );
    },

    async remove(...paths) {
      const list = paths.flat();
      if (list.length === 0) throw localError(UI_MESSAGES.storageInvalid);
      list.forEach(checkPath);
      const result = await call(() =>
        http.delete<{ removed?: string[] }>(`${base}/remove`, { body: { paths: list } }),
      );
      return { removed: Array.isArray(result?.removed) ? result.removed : list };
    },
  };
}
