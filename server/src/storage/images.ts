/**
 * Uploaded images are re-encoded, never stored as sent: decoding and encoding again keeps only
 * pixels, so EXIF data (a phone photo's GPS position, camera serial), an embedded colour profile
 * and anything smuggled after the image data are gone. The input is bounded in pixels before it
 * is decoded, so a small file that claims to be 100000 x 100000 (a decompression bomb) is
 * refused instead of eating memory. Each use (an avatar, a newsletter's photo) names its limits.
 */
import { UI_MESSAGES, type ErrorCode } from '@scout/protocol/errors';
import { AVATAR_MAX_BYTES } from '@scout/protocol/limits';
import { ApiError } from '../errors.ts';
import { detectContentType } from './content-type.ts';

export const AVATAR_MAX_INPUT_PIXELS = 40_000_000;
export const AVATAR_MAX_DIMENSION = 1024;

type Format = 'png' | 'jpeg' | 'webp' | 'gif';

const FORMATS: Record<string, { format: Format; contentType: string; ext: string }> = {
  'image/png': { format: 'png', contentType: 'image/png', ext: 'png' },
  // An animated PNG keeps its first frame, like every other re-encoded image.
  'image/apng': { format: 'png', contentType: 'image/png', ext: 'png' },
  'image/jpeg': { format: 'jpeg', contentType: 'image/jpeg', ext: 'jpg' },
  'image/webp': { format: 'webp', contentType: 'image/webp', ext: 'webp' },
  'image/gif': { format: 'gif', contentType: 'image/gif', ext: 'gif' },
};

/** What one use of images accepts, and the words it refuses with. */
export interface ImageLimits {
  maxBytes: number;
  /** The stored copy fits inside this square, never enlarged. */
  maxDimension: number;
  maxInputPixels: number;
  tooLarge: string;
  notImage: string;
  tooManyPixels: string;
  /** The answer for bytes that are not one of the four formats: 400 or 415. */
  notImageCode: ErrorCode;
}

export const AVATAR_LIMITS: ImageLimits = {
  maxBytes: AVATAR_MAX_BYTES,
  maxDimension: AVATAR_MAX_DIMENSION,
  maxInputPixels: AVATAR_MAX_INPUT_PIXELS,
  tooLarge: UI_MESSAGES.avatarTooLarge,
  notImage: UI_MESSAGES.avatarNotImage,
  tooManyPixels: `Image dimensions are too large (at most ${AVATAR_MAX_INPUT_PIXELS / 1_000_000} megapixels)`,
  notImageCode: 'VALIDATION_ERROR',
};

export interface ReencodedImage {
  contentType: string;
  /** The file name extension of the stored format. */
  ext: string;
  size: number;
  width: number;
  height: number;
}

/**
 * Checks an uploaded image by its bytes and writes a clean copy to `outFile`. PNG, JPEG, WebP
 * and GIF only: SVG can carry script and is refused with the other non-images.
 */
export async function reencodeImage(
  inFile: string,
  size: number,
  outFile: string,
  limits: ImageLimits,
): Promise<ReencodedImage> {
  if (size > limits.maxBytes) throw new ApiError('PAYLOAD_TOO_LARGE', limits.tooLarge);
  const target = FORMATS[await detectContentType(inFile)];
  if (!target) throw new ApiError(limits.notImageCode, limits.notImage);
  try {
    // Loaded at the first image: libvips is large, and most requests never need it.
    const { default: sharp } = await import('sharp');
    const info = await sharp(inFile, { limitInputPixels: limits.maxInputPixels, failOn: 'error' })
      // Orientation lives in EXIF, which is about to go: turn the pixels upright first.
      .rotate()
      .resize(limits.maxDimension, limits.maxDimension, {
        fit: 'inside',
        withoutEnlargement: true,
      })
      .toFormat(target.format)
      .toFile(outFile);
    return {
      contentType: target.contentType,
      ext: target.ext,
      size: info.size,
      width: info.width,
      height: info.height,
    };
  } catch (err) {
    if (err instanceof Error && /pixel limit/i.test(err.message))
      throw new ApiError('VALIDATION_ERROR', limits.tooManyPixels);
    // The bytes start like an image but do not decode as one.
    throw new ApiError('VALIDATION_ERROR', limits.notImage);
  }
}

/** An avatar's clean copy (storage-service.ts). */
export async function reencodeAvatar(
  inFile: string,
  size: number,
  outFile: string,
): Promise<{ contentType: string; size: number }> {
  const { contentType, size: written } = await reencodeImage(inFile, size, outFile, AVATAR_LIMITS);
  return { contentType, size: written };
}
