/**
 * What `/image`, `/speech` and `/transcribe` take and answer (docs/protocol.md, AI).
 * Images to modify follow docs/protocol.md (AI): at most 50, https (or http for this troop's own
 * files when it is served over http), ending in an image extension; what they are is judged
 * from their bytes once read (remote-media.ts).
 */
import { z } from 'zod';
import {
  AI_IMAGE_MAX_COUNT,
  AI_PROMPT_MAX_LENGTH,
  AI_SPEECH_TEXT_MAX_LENGTH,
  AI_TRANSCRIBE_AUDIO_MAX_BYTES,
  AI_URL_MAX_LENGTH,
  IMAGE_FORMATS,
  IMAGE_MODIFY_MAX_IMAGES,
} from '@scout/protocol/limits';

const IMAGE_PATH = new RegExp(`\\.(${IMAGE_FORMATS.join('|')})$`, 'i');
const imagePath = (u: string) => {
  try {
    return IMAGE_PATH.test(new URL(u).pathname);
  } catch {
    return false;
  }
};
const isWebUrl = (s: string) => {
  try {
    return ['https:', 'http:'].includes(new URL(s).protocol);
  } catch {
    return false;
  }
};

/**
 * An image to modify: any https URL (fetched through the checked outbound client), or over
 * http only this troop's own files, for a troop served over http (its PUBLIC_URL); any other
 * http URL is refused when it is read (remote-media.ts).
 */
export const imageUrl = z
  .string()
  .max(AI_URL_MAX_LENGTH)
  .refine(isWebUrl, { message: 'must be an https URL' })
  .refine(imagePath, { message: `must end in ${IMAGE_FORMATS.join(', ')}` });

const modelName = z.string().min(1).max(200);

export const imageRequest = z.object({
  prompt: z.string().min(1).max(AI_PROMPT_MAX_LENGTH),
  model: modelName.optional(),
  n: z.number().int().min(1).max(AI_IMAGE_MAX_COUNT).optional(),
  size: z
    .string()
    .regex(/^(\d{2,4}x\d{2,4}|auto)$/)
    .optional(),
  /** Present: modify these images instead of making new ones. */
  images: z.array(imageUrl).min(1).max(IMAGE_MODIFY_MAX_IMAGES).optional(),
});
export type ImageRequest = z.infer<typeof imageRequest>;

export const imageAnswer = z.object({
  created: z.number(),
  data: z.array(z.object({ url: z.string() })),
});

export const SPEECH_FORMATS = {
  mp3: 'audio/mpeg',
  opus: 'audio/ogg',
  aac: 'audio/aac',
  flac: 'audio/flac',
  wav: 'audio/wav',
  pcm: 'audio/pcm',
} as const;
export type SpeechFormat = keyof typeof SPEECH_FORMATS;

export const speechRequest = z.object({
  text: z.string().min(1).max(AI_SPEECH_TEXT_MAX_LENGTH),
  model: modelName.optional(),
  voice: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,50}$/)
    .optional(),
  response_format: z
    .enum(Object.keys(SPEECH_FORMATS) as [SpeechFormat, ...SpeechFormat[]])
    .optional(),
  speed: z.number().min(0.25).max(4).optional(),
});
export type SpeechRequest = z.infer<typeof speechRequest>;

export const speechAnswer = z.object({
  url: z.string(),
  voice: z.string(),
  format: z.string(),
  mimeType: z.string(),
});

export const transcribeRequest = z.object({
  /** Base64, a data: URL, an https URL (or http for the troop's own files when it is served so), or the bytes as numbers. */
  audio: z.union([
    z.string().min(1),
    z.array(z.number().int().min(0).max(255)).min(1).max(AI_TRANSCRIBE_AUDIO_MAX_BYTES),
  ]),
  model: modelName.optional(),
  language: z
    .string()
    .regex(/^[a-z]{2,3}$/)
    .optional(),
  response_format: z.enum(['json', 'text', 'verbose_json', 'srt', 'vtt']).optional(),
});
export type TranscribeRequest = z.infer<typeof transcribeRequest>;

export const transcribeAnswer = z.object({
  text: z.string(),
  language: z.string().optional(),
  duration: z.number().optional(),
  segments: z
    .array(z.object({ start: z.number(), end: z.number(), text: z.string() }).passthrough())
    .optional(),
});
