/**
 * The AI gateway (docs/protocol.md, AI): text, objects, images, speech and transcription under
 * `/api/ai/{projectId}`. Input is checked before any request (ai-input.ts); every failure is a
 * ScoutError of kind `ai` with the server's status and code (AI_NOT_CONFIGURED when the troop
 * has no provider, RATE_LIMITED past a budget). Calls are never retried on their own: each one
 * spends the troop's tokens.
 */
import { AI_HTTP_TIMEOUT_MS } from '@scout/protocol/limits';
import {
  audioForWire,
  checkImagesToModify,
  checkObjectInput,
  checkPrompt,
  checkSpeechInput,
  checkTextInput,
  invalidAi,
  serverOrigin,
} from './ai-input.ts';
import {
  bodyLines,
  bodyText,
  cutOff,
  readObjectLines,
  readObjectText,
  readTextEvents,
  type AiUsage,
} from './ai-stream.ts';
import { ScoutError, withKind } from './errors.ts';
import type { HttpClient } from './http.ts';

export type { AiUsage } from './ai-stream.ts';

export type AiContentPart = { type: 'text'; text: string } | { type: 'image'; image: string };
export interface AiMessage {
  role: 'system' | 'user' | 'assistant';
  content: string | AiContentPart[];
}

export interface TextInput {
  prompt?: string;
  messages?: AiMessage[];
  system?: string;
  model?: string;
  maxTokens?: number;
  temperature?: number;
  /** Accepted for compatibility; the gateway does not search the web. */
  search?: boolean;
  /** Accepted for compatibility; the gateway runs one step. */
  maxSteps?: number;
}
export interface TextResult {
  text: string;
  finishReason: string;
  usage: AiUsage;
}

export interface ObjectInput {
  prompt: string;
  system?: string;
  model?: string;
  output?: 'object' | 'array' | 'enum';
  /**
   * A JSON Schema: the object's, or each element's when `output` is `array`. Absent: any JSON
   * object, or an array of anything.
   */
  schema?: Record<string, unknown>;
  enum?: string[];
  maxTokens?: number;
  temperature?: number;
}
export interface StreamObjectInput extends ObjectInput {
  /**
   * How the server writes the stream: `lines` (the default) carries the finish reason, usage
   * and a readable error when the answer does not fit; `text` is the growing JSON text, with
   * neither (`finishReason` is `unknown`, usage 0), and an answer that does not fit or is cut
   * fails as NETWORK_ERROR (docs/protocol.md, AI).
   */
  streamFormat?: 'lines' | 'text';
}
export interface ObjectResult<T> {
  object: T;
  finishReason: string;
  usage: AiUsage;
}

export interface ImageInput {
  prompt: string;
  model?: string;
  n?: number;
  size?: string;
}
export interface ModifyImageInput extends ImageInput {
  /**
   * https URLs ending in jpg, jpeg, png, gif or webp; at most 50. A troop served over http
   * gives its own files http URLs: those are accepted from the client's own server only.
   */
  images: string[];
}
export interface ImageResult {
  created: number;
  data: { url: string }[];
}

export interface SpeechInput {
  text: string;
  model?: string;
  voice?: string;
  response_format?: 'mp3' | 'opus' | 'aac' | 'flac' | 'wav' | 'pcm';
  speed?: number;
}
export interface SpeechResult {
  url: string;
  voice: string;
  format: string;
  mimeType: string;
}

export interface TranscriptionInput {
  /** Base64, a data: URL, an https URL of a stored file, bytes as numbers, a Uint8Array or an ArrayBuffer. */
  audio: string | number[] | Uint8Array | ArrayBuffer;
  model?: string;
  language?: string;
  response_format?: 'json' | 'text' | 'verbose_json' | 'srt' | 'vtt';
}
export interface TranscriptionResult {
  text: string;
  language?: string;
  duration?: number;
  segments?: { start: number; end: number; text: string }[];
}

export interface AiCallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

export interface AiClient {
  generateText(input: TextInput, options?: AiCallOptions): Promise<TextResult>;
  /** Calls `onChunk` with each piece of text as it arrives; resolves with the whole answer. */
  streamText(
    input: TextInput,
    onChunk: (chunk: string) => void,
    options?: AiCallOptions,
  ): Promise<TextResult>;
  generateObject<T = unknown>(
    input: ObjectInput,
    options?: AiCallOptions,
  ): Promise<ObjectResult<T>>;
  /** Calls `onPartial` with each more complete object; resolves with the one checked against the schema. */
  streamObject<T = unknown>(
    input: StreamObjectInput,
    onPartial: (partial: Partial<T>) => void,
    options?: AiCallOptions,
  ): Promise<ObjectResult<T>>;
  generateImage(input: ImageInput, options?: AiCallOptions): Promise<ImageResult>;
  modifyImage(input: ModifyImageInput, options?: AiCallOptions): Promise<ImageResult>;
  generateSpeech(input: SpeechInput, options?: AiCallOptions): Promise<SpeechResult>;
  transcribeAudio(input: TranscriptionInput, options?: AiCallOptions): Promise<TranscriptionResult>;
}

/** Re-labels an HTTP failure as an AI error, keeping status, code and retryability. */
function toAiError(err: unknown): ScoutError {
  if (err instanceof ScoutError) return withKind(err, 'ai');
  return cutOff(err);
}

export function createAi(http: HttpClient, projectId: string): AiClient {
  const base = `/api/ai/${encodeURIComponent(projectId)}`;
  const call = async <T>(path: string, body: unknown, options: AiCallOptions = {}) => {
    try {
      const res = await http.post<T>(`${base}${path}`, body, {
        signal: options.signal,
        timeoutMs: options.timeoutMs ?? AI_HTTP_TIMEOUT_MS,
      });
      return res.data;
    } catch (err) {
      throw toAiError(err);
    }
  };
  const stream = async <T>(
    path: string,
    body: unknown,
    options: AiCallOptions,
    read: (response: Response) => Promise<T>,
  ): Promise<T> => {
    try {
      const res = await http.post(`${base}${path}`, body, {
        signal: options.signal,
        timeoutMs: options.timeoutMs ?? AI_HTTP_TIMEOUT_MS,
        responseType: 'raw',
      });
      return await read(res.response);
    } catch (err) {
      throw toAiError(err);
    }
  };

  return {
    async generateText(input, options) {
      checkTextInput(input);
      const answer = await call<TextResult & { result?: TextResult }>(
        '/text',
        { ...input, stream: false },
        options,
      );
      return { text: answer.text, finishReason: answer.finishReason, usage: answer.usage };
    },
    async streamText(input, onChunk, options = {}) {
      checkTextInput(input);
      return stream('/text', { ...input, stream: true }, options, (res) =>
        readTextEvents(bodyLines(res, options.signal), onChunk),
      );
    },
    async generateObject<T>(input: ObjectInput, options?: AiCallOptions) {
      checkObjectInput(input);
      return call<ObjectResult<T>>('/object', { ...input, stream: false }, options);
    },
    async streamObject<T>(
      input: StreamObjectInput,
      onPartial: (partial: Partial<T>) => void,
      options: AiCallOptions = {},
    ) {
      checkObjectInput(input);
      const format = input.streamFormat ?? 'lines';
      if (format !== 'lines' && format !== 'text')
        throw invalidAi('streamFormat must be lines or text');
      const partial = (p: unknown) => onPartial(p as Partial<T>);
      const done = await stream(
        '/object',
        { ...input, stream: true, streamFormat: format },
        options,
        (res) =>
          format === 'text'
            ? readObjectText(bodyText(res, options.signal), input.output ?? 'object', partial)
            : readObjectLines(bodyLines(res, options.signal), partial),
      );
      return { ...done, object: done.object as T };
    },
    async generateImage(input, options) {
      checkPrompt(input, 'An image');
      const { prompt, model, n, size } = input;
      return call<ImageResult>('/image', { prompt, model, n, size }, options);
    },
    async modifyImage(input, options) {
      checkPrompt(input, 'Modifying images');
      checkImagesToModify(input.images, serverOrigin(http.baseUrl));
      return call<ImageResult>('/image', input, options);
    },
    async generateSpeech(input, options) {
      checkSpeechInput(input);
      return call<SpeechResult>('/speech', input, options);
    },
    async transcribeAudio(input, options) {
      const audio = audioForWire((input as Partial<TranscriptionInput> | null)?.audio);
      return call<TranscriptionResult>('/transcribe', { ...input, audio }, options);
    },
  };
}
