/**
 * Avatars are re-encoded, never stored as sent: decoding and encoding again keeps only pixels,
 * so EXIF data (a phone photo's GPS position, camera serial) and anything smuggled after the
 * image data are gone. The input is bounded in pixels before it is decoded, so a small file
 * that claims to be 100000 x 100000 (a decompression bomb) is refused instead of eating memory.
 */
import { UI_MESSAGES } from '@scout/protocol/errors';
import { AVATAR_MAX_BYTES } from '@scout/protocol/limits';
import { ApiError } from '../errors.ts';
import { detectContentType } from './content-type.ts';

export const AVATAR_MAX_INPUT_PIXELS = 40_000_000;
export const AVATAR_MAX_DIMENSION = 1024;

const FORMATS: Record<string, { format: 'png' | 'jpeg' | 'webp' | 'gif'; contentType: string }> = {
  'image/png': { format: 'png', contentType: 'image/png' },
  // An animated PNG keeps its first frame, like every other re-encoded avatar.
  'image/apng': { format: 'png', contentType: 'image/png' },
  'image/jpeg': { format: 'jpeg', contentType: 'image/jpeg' },
  'image/webp': { format: 'webp', contentType: 'image/webp' },
  'image/gif': { format: 'gif', contentType: 'image/gif' },
};

/**
 * Checks an uploaded avatar by its bytes and writes a clean copy to `outFile`. PNG, JPEG, WebP
 * and GIF only: SVG can carry script and is refused with the other non-images.
 */
export async function reencodeAvatar(
  inFile: string,
  size: number,
  outFile: string,
): Promise<{ contentType: string; size: number }> {
  if (size > AVATAR_MAX_BYTES) throw new ApiError('PAYLOAD_TOO_LARGE', UI_MESSAGES.avatarTooLarge);
  const target = FORMATS[await detectContentType(inFile)];
  if (!target) throw new ApiError('VALIDATION_ERROR', UI_MESSAGES.avatarNotImage);
  try {
    // Loaded at the first avatar: libvips is large, and most requests never need it.
    const { default: sharp } = await import('sharp');
    const info = await sharp(inFile, { limitInputPixels: AVATAR_MAX_INPUT_PIXELS, failOn: 'error' })
      // Orientation lives in EXIF, which is about to go: turn the pixels upright first.
      .rotate()
      .resize(AVATAR_MAX_DIMENSION, AVATAR_MAX_DIMENSION, {
        fit: 'inside',
        withoutEnlargement: true,
      })
      .toFormat(target.format)
      .toFile(outFile);
    return { contentType: target.contentType, size: info.size };
  } catch (err) {
    if (err instanceof Error && /pixel limit/i.test(err.message)) {
      throw new ApiError(
        'VALIDATION_ERROR',
        `Image dimensions are too large (at most ${AVATAR_MAX_INPUT_PIXELS / 1_000_000} megapixels)`,
      );
    }
    // The bytes start like an image but do not decode as one.
    throw new ApiError('VALIDATION_ERROR', UI_MESSAGES.avatarNotImage);
  }
}
