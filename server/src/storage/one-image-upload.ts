/**
 * A route that takes one image and nothing else (a newsletter's image, a feed's photo): the
 * multipart limits of such a body, and its reading, with the temporary file discarded on every
 * path and an oversized file answered in the route's own words, whichever check found it.
 */
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../errors.ts';
import type { FileStore } from './file-store.ts';
import {
  discardTempFile,
  multipartError,
  receiveUpload,
  type UploadPart,
} from './receive-upload.ts';

/** One file and nothing else. The parser stops counting at the limit + 1 byte. */
export const oneFileLimits = (fileSize: number) => ({
  fileSize,
  files: 1,
  fields: 2,
  fieldSize: 1024,
  parts: 3,
  headerPairs: 50,
});

export interface OneImageWords {
  /** "image", "photo": what the answers for a malformed body call it. */
  what: string;
  /** The answer for a file over the limit. */
  tooLarge: string;
}

/** The route's words for a file over the limit; the parser's errors as answers; else as it is. */
function uploadError(err: unknown, tooLarge: string): unknown {
  const known = err instanceof ApiError ? err : multipartError(err);
  if (known?.code === 'PAYLOAD_TOO_LARGE') return new ApiError('PAYLOAD_TOO_LARGE', tooLarge);
  return known ?? err;
}

/**
 * Streams the request's `file` part into a temporary file and answers what `keep` makes of it;
 * the temporary file is gone afterwards, kept or not.
 */
export async function withOneImage<T>(
  req: FastifyRequest,
  files: FileStore,
  words: OneImageWords,
  keep: (tempFile: string, size: number) => Promise<T>,
): Promise<T> {
  if (!req.isMultipart())
    throw new ApiError('VALIDATION_ERROR', `Send the ${words.what} as multipart/form-data`);
  let received;
  try {
    received = await receiveUpload(req.parts() as AsyncIterable<UploadPart>, () =>
      files.createTempFile(),
    );
  } catch (err) {
    throw uploadError(err, words.tooLarge);
  }
  try {
    if (!received.tempFile)
      throw new ApiError('VALIDATION_ERROR', `Send the ${words.what} in the field named "file"`);
    return await keep(received.tempFile, received.size);
  } catch (err) {
    throw uploadError(err, words.tooLarge);
  } finally {
    await discardTempFile(received.tempFile);
  }
}
