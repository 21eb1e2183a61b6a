/**
 * Images (new or modified) and speech (docs/protocol.md, AI); transcription is transcribe.ts. What the
 * provider makes is stored and answered as URLs; budgets count the provider's tokens where it
 * reports them, else the estimates of docs/decisions/033-ai-budgets-and-usage.md.
 */
import { fileTypeFromBuffer } from '../http/file-type.ts';
import { AI_IMAGE_INPUT_MAX_BYTES } from '@scout/protocol/limits';
import { SAFE_IMAGE_TYPES } from '../storage/content-type.ts';
import type { AiCall, AiContext } from './ai-context.ts';
import { estimateTokens } from './chat.ts';
import { storeGenerated } from './generated-files.ts';
import { readImages } from './input-images.ts';
import { SPEECH_FORMATS, type ImageRequest, type SpeechRequest } from './media-schemas.ts';
import { outputInvalid } from './object-schema.ts';
import { tokens, withLease } from './provider-call.ts';
import type { ProviderLease } from './provider.ts';
import { OutboundError } from '../web-data/outbound-client.ts';

/** What one generated image counts against a budget when the provider reports no tokens. */
export const IMAGE_TOKEN_ESTIMATE = 1000;
const IMAGE_MAX_BYTES = AI_IMAGE_INPUT_MAX_BYTES;

/** The images to modify, as files for the provider. */
async function imagesToModify(ctx: AiContext, call: AiCall, urls: string[]): Promise<File[]> {
  const images = await readImages(ctx, call, urls, 'The images to modify');
  return images.map(
    (image, i) => new File([image.bytes], `image-${i}.${image.ext}`, { type: image.mime }),
  );
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
  const speak = async (lease: ProviderLease) => {
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
  };
  const { result: bytes, model } = await withLease(ctx, call, 'speech', body.model, speak);
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
