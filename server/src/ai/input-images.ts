/**
 * Images a request names by URL, read for the provider: images to modify (`/image`) and the
 * images of `/text` messages. Each is read by remote-media.ts (this troop's storage, or another
 * site through the checked outbound client), a few at a time within one deadline and one total,
 * and judged by its bytes to be a JPEG, PNG, GIF or WebP image.
 */
import { fileTypeFromBuffer } from '../http/file-type.ts';
import { AI_IMAGE_INPUT_MAX_BYTES, AI_IMAGES_INPUT_TOTAL_MAX_BYTES } from '@scout/protocol/limits';
import { SAFE_IMAGE_TYPES } from '../storage/content-type.ts';
import { ApiError } from '../errors.ts';
import type { AiCall, AiContext } from './ai-context.ts';
import { mediaDeadline, readMedia } from './remote-media.ts';

/** Images read at once: enough to overlap slow sites, few enough to bound memory. */
const IMAGE_READS_AT_ONCE = 4;

export interface InputImage {
  bytes: Buffer;
  /** The type its bytes show, never the site's word. */
  mime: string;
  ext: string;
}

/**
 * The images behind `urls`, in order. `together` names them all in the answer when they are
 * too large together ("The images to modify").
 */
export async function readImages(
  ctx: AiContext,
  call: AiCall,
  urls: readonly string[],
  together: string,
): Promise<InputImage[]> {
  const deadline = mediaDeadline(ctx);
  const images = new Array<InputImage>(urls.length);
  let total = 0;
  let next = 0;
  async function worker() {
    for (let i = next++; i < urls.length; i = next++) {
      const url = urls[i] as string;
      const what = `The image ${url}`;
      const { bytes } = await readMedia(ctx, url, {
        what,
        maxBytes: AI_IMAGE_INPUT_MAX_BYTES,
        deadline,
        clientGone: call.clientGone,
      });
      total += bytes.length;
      if (total > AI_IMAGES_INPUT_TOTAL_MAX_BYTES)
        throw new ApiError(
          'VALIDATION_ERROR',
          `${together} are too large together (at most ${AI_IMAGES_INPUT_TOTAL_MAX_BYTES / (1024 * 1024)} MB)`,
        );
      const type = await fileTypeFromBuffer(bytes);
      if (!type || !SAFE_IMAGE_TYPES.has(type.mime))
        throw new ApiError('VALIDATION_ERROR', `${what} is not a JPEG, PNG, GIF or WebP image`);
      images[i] = { bytes, mime: type.mime, ext: type.ext };
    }
  }
  await Promise.all(Array.from({ length: Math.min(IMAGE_READS_AT_ONCE, urls.length) }, worker));
  return images;
}
