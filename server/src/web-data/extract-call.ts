/**
 * extract-from-url and extract-from-blob (docs/protocol.md, Web data): a document's readable text,
 * whole or in chunks. The URL is fetched through the outbound client (address policy, size and
 * time bounds); the blob arrives as multipart and is held in memory up to DATA_EXTRACT_MAX_BYTES.
 */
import type { Readable } from 'node:stream';
import {
  DATA_CHUNK_SIZE_DEFAULT,
  DATA_CHUNK_SIZE_MAX,
  DATA_CHUNK_SIZE_MIN,
  DATA_EXTRACT_MAX_BYTES,
} from '@scout/protocol/limits';
import { z } from 'zod';
import { ApiError } from '../errors.ts';
import { multipartError } from '../storage/receive-upload.ts';
import { extractAnswer, extractText } from './extract/extract-text.ts';
import { TooManyElements } from './extract/html-text.ts';
import { outboundApiError, type WebDataContext } from './web-data-context.ts';

const chunkSize = z.coerce.number().int().min(DATA_CHUNK_SIZE_MIN).max(DATA_CHUNK_SIZE_MAX);
const chunking = z.union([
  z.boolean(),
  z
    .enum(['true', 'false', '1', '0', 'on', 'off'])
    .transform((v) => ['true', '1', 'on'].includes(v)),
]);

export const extractUrlRequest = z.object({
  url: z.string().max(8192),
  chunking: chunking.optional(),
  chunkSize: chunkSize.optional(),
});

export const extractAnswerSchema = z.union([
  z.object({ text: z.string() }),
  z.object({ chunks: z.array(z.string()) }),
]);

const blobFields = z.object({ chunking: chunking.optional(), chunkSize: chunkSize.optional() });

export async function extractFromUrl(
  ctx: WebDataContext,
  input: z.output<typeof extractUrlRequest>,
) {
  let res;
  try {
    res = await ctx.client.request({
      url: input.url,
      headers: { accept: 'text/html,application/pdf,text/plain,*/*;q=0.8' },
      maxBytes: DATA_EXTRACT_MAX_BYTES,
      timeoutMs: ctx.timeoutMs,
    });
  } catch (err) {
    throw outboundApiError(err);
  }
  if (res.status >= 400)
    throw new ApiError('DATA_TARGET_UNREACHABLE', `The site answered ${res.status}`);
  const name = new URL(res.url).pathname;
  let text;
  try {
    text = await extractText(res.body, { name, contentType: res.headers['content-type'] });
  } catch (err) {
    if (err instanceof TooManyElements) throw new ApiError('DATA_TARGET_TOO_LARGE', err.message);
    throw err;
  }
  return extractAnswer(text, input, DATA_CHUNK_SIZE_DEFAULT);
}

type Part =
  | {
      type: 'file';
      fieldname: string;
      filename: string;
      mimetype: string;
      file: Readable & { truncated?: boolean };
    }
  | { type: 'field'; fieldname: string; value: unknown };

const fileRequired = () => new ApiError('DATA_FILE_REQUIRED');
const tooLarge = () =>
  new ApiError(
    'PAYLOAD_TOO_LARGE',
    `The file is too large: the limit is ${DATA_EXTRACT_MAX_BYTES / 1024 / 1024} MB`,
  );

/** Reads the parts: one `file`, and the `chunking` and `chunkSize` fields. */
async function receive(parts: AsyncIterable<Part>) {
  const fields: Record<string, unknown> = {};
  let file: { bytes: Buffer; name: string; type: string } | undefined;
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'file' || file) {
        part.file.resume();
        throw new ApiError('VALIDATION_ERROR', 'Send one file, in the field named "file"');
      }
      const chunks: Buffer[] = [];
      for await (const chunk of part.file) chunks.push(chunk as Buffer);
      if (part.file.truncated) throw tooLarge();
      file = { bytes: Buffer.concat(chunks), name: part.filename, type: part.mimetype };
    }
  } catch (err) {
    if ((err as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw multipartError(err) ?? err;
  }
  return { fields, file };
}

export async function extractFromBlob(isMultipart: boolean, parts: () => AsyncIterable<unknown>) {
  // Clients that send the JSON text "{}" instead of a form get a code saying what is missing.
  if (!isMultipart) throw fileRequired();
  const { fields, file } = await receive(parts() as AsyncIterable<Part>);
  if (!file || file.bytes.length === 0) throw fileRequired();
  const parsed = blobFields.safeParse(fields);
  if (!parsed.success)
    throw new ApiError(
      'VALIDATION_ERROR',
      `Invalid ${String(parsed.error.issues[0]?.path[0] ?? 'field')}: ${parsed.error.issues[0]?.message ?? 'invalid value'}`,
    );
  let text;
  try {
    text = await extractText(file.bytes, { name: file.name, contentType: file.type });
  } catch (err) {
    if (err instanceof TooManyElements) throw new ApiError('PAYLOAD_TOO_LARGE', err.message);
    throw err;
  }
  return extractAnswer(text, parsed.data, DATA_CHUNK_SIZE_DEFAULT);
}
