/**
 * What `/text` and `/object` take and answer (docs/protocol.md, AI), as the route schemas.
 * Fields clients of this protocol send and the gateway does not use (`search`, `maxSteps`)
 * are accepted and ignored, as documented there.
 */
import { z } from 'zod';
import {
  AI_ENUM_MAX_VALUES,
  AI_MAX_TOKENS_MAX,
  AI_MESSAGE_IMAGES_MAX,
  AI_MESSAGES_MAX,
  AI_PROMPT_MAX_LENGTH,
  AI_URL_MAX_LENGTH,
} from '@scout/protocol/limits';
import { OBJECT_STREAM_FORMATS, TEXT_STREAM_FORMATS } from '@scout/protocol/ai-streams';

const isHttpsUrl = (s: string) => {
  try {
    return new URL(s).protocol === 'https:';
  } catch {
    return false;
  }
};

export const httpsUrl = z
  .string()
  .max(AI_URL_MAX_LENGTH)
  .refine(isHttpsUrl, { message: 'must be an https URL' });

const text = z.string().max(AI_PROMPT_MAX_LENGTH);

const contentPart = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text }),
  z.object({ type: z.literal('image'), image: httpsUrl }),
]);

export const chatMessage = z.object({
  role: z.enum(['system', 'user', 'assistant']),
  content: z.union([text, z.array(contentPart).min(1).max(50)]),
});
export type ChatMessage = z.infer<typeof chatMessage>;

const modelName = z.string().min(1).max(200);

const imageCount = (messages: ChatMessage[] | undefined) =>
  (messages ?? []).reduce(
    (n, m) =>
      n + (typeof m.content === 'string' ? 0 : m.content.filter((p) => p.type === 'image').length),
    0,
  );

export const textRequest = z
  .object({
    prompt: text.min(1).optional(),
    messages: z.array(chatMessage).min(1).max(AI_MESSAGES_MAX).optional(),
    model: modelName.optional(),
    stream: z.boolean().optional(),
    /** How a stream is written: both generations' lines (the default) or the older lines alone. */
    streamFormat: z.enum(TEXT_STREAM_FORMATS).optional(),
    system: text.optional(),
    maxTokens: z.number().int().min(1).max(AI_MAX_TOKENS_MAX).optional(),
    temperature: z.number().min(0).max(2).optional(),
    /** Accepted for existing clients; the gateway does not search the web. */
    search: z.boolean().optional(),
    /** Accepted for existing clients; the gateway runs no tools, so one step is all there is. */
    maxSteps: z.number().int().min(1).max(100).optional(),
  })
  .refine((b) => b.prompt !== undefined || b.messages !== undefined, {
    message: 'Text generation needs a prompt or messages',
    path: ['prompt'],
  })
  // Each image is read by the server before the provider is asked (message-images.ts).
  .refine((b) => imageCount(b.messages) <= AI_MESSAGE_IMAGES_MAX, {
    message: `At most ${AI_MESSAGE_IMAGES_MAX} images in the messages`,
    path: ['messages'],
  });
export type TextRequest = z.infer<typeof textRequest>;

export const usage = z.object({
  promptTokens: z.number(),
  completionTokens: z.number(),
  totalTokens: z.number(),
});

const textResult = z.object({ text: z.string(), finishReason: z.string(), usage });
export const textAnswer = textResult.extend({ result: textResult.optional() });

export const objectRequest = z
  .object({
    prompt: text.min(1),
    system: text.optional(),
    model: modelName.optional(),
    output: z.enum(['object', 'array', 'enum']).optional(),
    /** Absent: any JSON object, or for an `array` output an array of anything. */
    schema: z.record(z.string(), z.unknown()).optional(),
    enum: z.array(z.string().max(500)).min(1).max(AI_ENUM_MAX_VALUES).optional(),
    stream: z.boolean().optional(),
    /** How a stream is written: `2:` lines or the growing JSON text; absent: AI_OBJECT_STREAM. */
    streamFormat: z.enum(OBJECT_STREAM_FORMATS).optional(),
    maxTokens: z.number().int().min(1).max(AI_MAX_TOKENS_MAX).optional(),
    temperature: z.number().min(0).max(2).optional(),
  })
  .refine((b) => b.output !== 'enum' || b.enum !== undefined, {
    message: 'An enum output needs enum values',
    path: ['enum'],
  });
export type ObjectRequest = z.infer<typeof objectRequest>;

export const objectAnswer = z.object({ object: z.unknown(), finishReason: z.string(), usage });
