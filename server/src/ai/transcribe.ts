/**
 * Transcription (docs/protocol.md, AI): audio as base64, a data: URL, an https URL or an array
 * of bytes, sent to the provider as a file named by its detected type.
 */
import { AI_TRANSCRIBE_AUDIO_MAX_BYTES } from '@scout/protocol/limits';
import { ApiError } from '../errors.ts';
import { fileTypeFromBuffer } from '../http/file-type.ts';
import type { AiCall, AiContext } from './ai-context.ts';
import { estimateTokens } from './chat.ts';
import type { TranscribeRequest } from './media-schemas.ts';
import { outputInvalid } from './object-schema.ts';
import { tokens, withLease } from './provider-call.ts';
import { mediaDeadline, readMedia } from './remote-media.ts';

const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+)?(;[\w-]+=[\w.-]+)*;base64,/i;
const BASE64 = /^[A-Za-z0-9+/\s]*={0,2}\s*$/;

/** Audio by URL of another site must be sound (or a video's sound track) by its bytes. */
async function checkFetchedAudio(bytes: Buffer): Promise<void> {
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !/^(audio|video)\//.test(type.mime))
    throw new ApiError('VALIDATION_ERROR', 'The audio at that URL is not a sound file');
}

/** The audio bytes from any of the four forms clients send. */
async function audioBytes(
  ctx: AiContext,
  call: AiCall,
  audio: TranscribeRequest['audio'],
): Promise<Buffer> {
  let bytes: Buffer;
  if (Array.isArray(audio)) bytes = Buffer.from(audio);
  else if (/^https?:\/\//i.test(audio)) {
    const read = await readMedia(ctx, audio, {
      what: 'The audio',
      maxBytes: AI_TRANSCRIBE_AUDIO_MAX_BYTES,
      deadline: mediaDeadline(ctx),
      clientGone: call.clientGone,
    });
    if (!read.fromStorage) await checkFetchedAudio(read.bytes);
    bytes = read.bytes;
  } else {
    const data = DATA_URL.exec(audio);
    const b64 = data ? audio.slice(data[0].length) : audio;
    if (!BASE64.test(b64))
      throw new ApiError(
        'VALIDATION_ERROR',
        'audio must be base64, a data: URL, an https URL or an array of bytes',
      );
    bytes = Buffer.from(b64, 'base64');
  }
  if (bytes.length === 0) throw new ApiError('VALIDATION_ERROR', 'The audio is empty');
  if (bytes.length > AI_TRANSCRIBE_AUDIO_MAX_BYTES)
    throw new ApiError(
      'VALIDATION_ERROR',
      `The audio is too large (at most ${AI_TRANSCRIBE_AUDIO_MAX_BYTES} bytes)`,
    );
  return bytes;
}

async function audioFile(
  ctx: AiContext,
  call: AiCall,
  audio: TranscribeRequest['audio'],
): Promise<File> {
  const bytes = await audioBytes(ctx, call, audio);
  const type = await fileTypeFromBuffer(bytes);
  // Providers tell the audio's format by the file name's extension.
  return new File([bytes], `audio.${type?.ext ?? 'mp3'}`, { type: type?.mime ?? 'audio/mpeg' });
}

export async function transcribeAudio(ctx: AiContext, call: AiCall, body: TranscribeRequest) {
  ctx.provider.assertConfigured('transcribe');
  // Audio in the body is checked before the budget is asked; audio by URL is read after it.
  const byUrl = typeof body.audio === 'string' && /^https?:\/\//i.test(body.audio);
  const inline = byUrl ? undefined : await audioFile(ctx, call, body.audio);
  const format = body.response_format ?? 'verbose_json';
  const { result: answer, model } = await withLease(
    ctx,
    call,
    'transcribe',
    body.model,
    (lease, file: File) =>
      lease.client.audio.transcriptions.create(
        {
          model: lease.model,
          file,
          response_format: format,
          ...(body.language ? { language: body.language } : {}),
        },
        { signal: lease.signal },
      ) as Promise<unknown>,
    async () => inline ?? audioFile(ctx, call, body.audio),
  );
  const result = toTranscript(answer);
  const reported = (answer as { usage?: { type?: string; total_tokens?: number } }).usage;
  await ctx.meter.record(
    call.caller,
    'transcribe',
    model,
    tokens(
      reported?.type === 'tokens' && reported.total_tokens
        ? reported.total_tokens
        : estimateTokens(result.text.length),
    ),
  );
  return result;
}

function toTranscript(answer: unknown) {
  if (typeof answer === 'string') return { text: answer };
  const a = (answer ?? {}) as {
    text?: unknown;
    language?: unknown;
    duration?: unknown;
    segments?: { start: number; end: number; text: string }[];
  };
  if (typeof a.text !== 'string') throw outputInvalid('The AI service answered no transcript');
  return {
    text: a.text,
    ...(typeof a.language === 'string' ? { language: a.language } : {}),
    ...(typeof a.duration === 'number' ? { duration: a.duration } : {}),
    ...(Array.isArray(a.segments)
      ? { segments: a.segments.map((s) => ({ start: s.start, end: s.end, text: s.text })) }
      : {}),
  };
}
