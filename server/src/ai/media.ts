/**
 * Images (new or modified), speech and transcription (docs/protocol.md, AI). What the
 * provider makes is stored and answered as URLs; budgets count the provider's tokens where it
 * reports them, else the estimates of docs/decisions/033-ai-budgets-and-usage.md.
 */
import { fileTypeFromBuffer } from '../http/file-type.ts';
import {
  AI_IMAGE_INPUT_MAX_BYTES,
  AI_IMAGES_INPUT_TOTAL_MAX_BYTES,
  AI_TRANSCRIBE_AUDIO_MAX_BYTES,
} from '@scout/protocol/limits';
import { SAFE_IMAGE_TYPES } from '../storage/content-type.ts';
import { badRequest } from '../errors.ts';
import type { AiCall, AiContext } from './ai-context.ts';
import { estimateTokens } from './chat.ts';
import { storeGenerated } from './generated-files.ts';
import { mediaDeadline, readMedia } from './remote-media.ts';
import {
  SPEECH_FORMATS,
  type ImageRequest,
  type SpeechRequest,
  type TranscribeRequest,
} from './media-schemas.ts';
import { outputInvalid } from './object-schema.ts';
import type { AiCapability } from './ai-config.ts';
import type { ProviderLease } from './provider.ts';
import type { Usage } from './stream-lines.ts';
import { OutboundError } from '../web-data/outbound-client.ts';

/** What one generated image counts against a budget when the provider reports no tokens. */
export const IMAGE_TOKEN_ESTIMATE = 1000;
const IMAGE_MAX_BYTES = AI_IMAGE_INPUT_MAX_BYTES;
/** Images to modify read at once: enough to overlap slow sites, few enough to bound memory. */
const IMAGE_READS_AT_ONCE = 4;

const tokens = (total: number, prompt = 0): Usage => ({
  promptTokens: prompt,
  completionTokens: total - prompt,
  totalTokens: total,
});

/**
 * One provider call within the caller's budget. `prepare` runs once the caller is admitted and
 * before a provider place is taken: reading what a request names by URL spends neither a
 * member's budget past its end nor the provider's time.
 */
async function withLease<T, P = undefined>(
  ctx: AiContext,
  call: AiCall,
  capability: AiCapability,
  model: string | undefined,
  run: (lease: ProviderLease, prepared: P) => Promise<T>,
  prepare?: () => Promise<P>,
): Promise<{ result: T; model: string }> {
  ctx.provider.assertConfigured(capability);
  await ctx.meter.admit(call.caller);
  const prepared = (prepare ? await prepare() : undefined) as P;
  const lease = await ctx.provider.lease(capability, model, call.clientGone, call.log);
  try {
    return { result: await run(lease, prepared), model: lease.model };
  } catch (err) {
    throw lease.failure(err);
  } finally {
    lease.release();
  }
}

/**
 * The images to modify, as files for the provider: read a few at a time within one deadline
 * and one total, each checked by its bytes to be a JPEG, PNG, GIF or WebP image.
 */
async function imagesToModify(ctx: AiContext, call: AiCall, urls: string[]): Promise<File[]> {
  const deadline = mediaDeadline(ctx);
  const files: File[] = new Array<File>(urls.length);
  let total = 0;
  let next = 0;
  async function worker() {
    for (let i = next++; i < urls.length; i = next++) {
      const url = urls[i] as string;
      const what = `The image ${url}`;
      const { bytes } = await readMedia(ctx, url, {
        what,
        maxBytes: IMAGE_MAX_BYTES,
        deadline,
        clientGone: call.clientGone,
      });
      total += bytes.length;
      if (total > AI_IMAGES_INPUT_TOTAL_MAX_BYTES)
        throw badRequest(
          `The images to modify are too large together (at most ${AI_IMAGES_INPUT_TOTAL_MAX_BYTES / (1024 * 1024)} MB)`,
        );
      const type = await fileTypeFromBuffer(bytes);
      if (!type || !SAFE_IMAGE_TYPES.has(type.mime))
        throw badRequest(`${what} is not a JPEG, PNG, GIF or WebP image`);
      files[i] = new File([bytes], `image-${i}.${type.ext}`, { type: type.mime });
    }
  }
  await Promise.all(Array.from({ length: Math.min(IMAGE_READS_AT_ONCE, urls.length) }, worker));
  return files;
}

export async function generateImage(ctx: AiContext, call: AiCall, body: ImageRequest) {
  const images = body.images;
  const { result: answer, model } = await withLease(
    ctx,
    call,
    'image',
    body.model,
    (lease, sources: File[] | undefined) => {
      const common = {
        model: lease.model,
        prompt: body.prompt,
        ...(body.n !== undefined ? { n: body.n } : {}),
        ...(body.size !== undefined ? { size: body.size as '1024x1024' } : {}),
      };
      return sources
        ? lease.client.images.edit({ ...common, image: sources }, { signal: lease.signal })
        : lease.client.images.generate(common, { signal: lease.signal });
    },
    images ? () => imagesToModify(ctx, call, images) : undefined,
  );
  const data: { url: string }[] = [];
  for (const item of answer.data ?? []) {
    const bytes = item.b64_json
      ? Buffer.from(item.b64_json, 'base64')
      : item.url
        ? await fetchProviderImage(ctx, call, item.url)
        : undefined;
    // Only a raster image a browser shows safely is kept, whatever the provider says it is.
    const type = bytes && (await fileTypeFromBuffer(bytes));
    if (!bytes || !type || !SAFE_IMAGE_TYPES.has(type.mime))
      throw outputInvalid('The AI service answered no image');
    data.push({
      url: await storeGenerated(ctx.storage, call.caller, bytes, {
        ext: type.ext,
        contentType: type.mime,
      }),
    });
  }
  const reported = answer.usage?.total_tokens;
  await ctx.meter.record(
    call.caller,
    'image',
    model,
    tokens(reported && reported > 0 ? reported : IMAGE_TOKEN_ESTIMATE * Math.max(1, data.length)),
  );
  return { created: answer.created, data };
}

/**
 * Some providers answer an image as a link to their own storage, valid for a while. The link is
 * the provider's word, so it is fetched with the checks of every outbound request: an address
 * inside the troop's network is refused unless it is a configured provider's own host (a local
 * service serving its files) or DATA_ALLOW_PRIVATE_HOSTS lists it.
 */
async function fetchProviderImage(
  ctx: AiContext,
  call: AiCall,
  url: string,
): Promise<Buffer | undefined> {
  try {
    const res = await ctx.remote.providerLinks.request({
      url,
      headers: { accept: 'image/*' },
      maxBytes: IMAGE_MAX_BYTES,
      timeoutMs: ctx.remote.timeoutMs,
      maxRedirects: 3,
      signal: call.clientGone,
    });
    return res.status >= 200 && res.status <= 299 ? res.body : undefined;
  } catch (err) {
    if (err instanceof OutboundError) return undefined;
    throw err;
  }
}

export async function generateSpeech(ctx: AiContext, call: AiCall, body: SpeechRequest) {
  const format = body.response_format ?? 'mp3';
  const voice = body.voice ?? 'alloy';
  const { result: bytes, model } = await withLease(
    ctx,
    call,
    'speech',
    body.model,
    async (lease) => {
      const res = await lease.client.audio.speech.create(
        {
          model: lease.model,
          input: body.text,
          voice,
          response_format: format,
          ...(body.speed !== undefined ? { speed: body.speed } : {}),
        },
        { signal: lease.signal },
      );
      return Buffer.from(await res.arrayBuffer());
    },
  );
  if (bytes.length === 0) throw outputInvalid('The AI service answered no audio');
  // The format asked for names the type: raw PCM has no signature to detect.
  const mimeType = SPEECH_FORMATS[format];
  const url = await storeGenerated(ctx.storage, call.caller, bytes, {
    ext: format,
    contentType: mimeType,
  });
  await ctx.meter.record(call.caller, 'speech', model, tokens(estimateTokens(body.text.length)));
  return { url, voice, format, mimeType };
}

const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+)?(;[\w-]+=[\w.-]+)*;base64,/i;
const BASE64 = /^[A-Za-z0-9+/\s]*={0,2}\s*$/;

/** Audio by URL of another site must be sound (or a video's sound track) by its bytes. */
async function checkFetchedAudio(bytes: Buffer): Promise<void> {
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !/^(audio|video)\//.test(type.mime))
    throw badRequest('The audio at that URL is not a sound file');
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
      throw badRequest('audio must be base64, a data: URL, an https URL or an array of bytes');
    bytes = Buffer.from(b64, 'base64');
  }
  if (bytes.length === 0) throw badRequest('The audio is empty');
  if (bytes.length > AI_TRANSCRIBE_AUDIO_MAX_BYTES)
    throw badRequest(`The audio is too large (at most ${AI_TRANSCRIBE_AUDIO_MAX_BYTES} bytes)`);
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
