/**
 * Reads an upload's multipart parts. The file streams straight into a temporary file, so a
 * 50 MB upload never sits in memory; the parser stops counting at the limit and the temporary
 * file is deleted on every path that does not end in a stored file.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { UI_MESSAGES } from '@scout/protocol/errors';
import { ApiError } from '../errors.ts';

/** The two kinds of part the multipart parser yields, as much of them as this module reads. */
export type UploadPart =
  | { type: 'file'; fieldname: string; file: Readable & { truncated?: boolean } }
  | { type: 'field'; fieldname: string; value: unknown };

export interface ReceivedUpload {
  fields: Record<string, unknown>;
  /** The temporary file holding the upload, or undefined when no `file` part came. */
  tempFile: string | undefined;
  size: number;
}

export const fileTooLarge = () => new ApiError('PAYLOAD_TOO_LARGE', UI_MESSAGES.storageTooLarge);

/** The parser's own errors, as answers a client can act on. */
export function multipartError(err: unknown): ApiError | undefined {
  switch ((err as { code?: unknown } | null)?.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return fileTooLarge();
    case 'FST_FILES_LIMIT':
      return new ApiError('VALIDATION_ERROR', 'Send one file per upload');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
    case 'FST_MP_PREMATURE_CLOSE':
      return new ApiError('VALIDATION_ERROR', UI_MESSAGES.storageInvalid);
    default:
      break;
  }
  // The parser's complaints about a malformed body: no boundary, a body cut short.
  if (
    err instanceof Error &&
    /^(Multipart: Boundary not found|Boundary required|Unexpected end of multipart data|.* terminated early due to unexpected end of multipart data)$/.test(
      err.message,
    )
  ) {
    return new ApiError('VALIDATION_ERROR', UI_MESSAGES.storageInvalid);
  }
  return undefined;
}

export const discardTempFile = (file: string | undefined) =>
  file ? fsp.rm(file, { force: true }) : Promise.resolve();

export async function receiveUpload(
  parts: AsyncIterable<UploadPart>,
  createTempFile: () => Promise<string>,
): Promise<ReceivedUpload> {
  const fields: Record<string, unknown> = {};
  let tempFile: string | undefined;
  let size = 0;
  let extraFile = false;
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'file' || tempFile !== undefined) {
        extraFile = true;
        part.file.resume();
        continue;
      }
      tempFile = await createTempFile();
      await pipeline(part.file, fs.createWriteStream(tempFile, { flags: 'wx' }));
      if (part.file.truncated) throw fileTooLarge();
      size = (await fsp.stat(tempFile)).size;
    }
  } catch (err) {
    await discardTempFile(tempFile);
    throw multipartError(err) ?? err;
  }
  if (extraFile) {
    await discardTempFile(tempFile);
    throw new ApiError('VALIDATION_ERROR', 'Send one file, in the field named "file"');
  }
  return { fields, tempFile, size };
}
