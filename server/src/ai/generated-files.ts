/**
 * Generated images and audio go through the storage service and leave as URLs: clients of
 * this protocol refuse inline base64. A member's files land under their own folder
 * (`users/{id}/ai/`), where they may remove them; a service key's under `ai/`. Images to
 * modify and audio to transcribe named by one of this troop's file URLs are read back from its
 * storage here; other sites' URLs are fetched in remote-media.ts
 * (docs/decisions/032-ai-provider-and-models.md).
 */
import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import { ApiError } from '../errors.ts';
import type { SignedInCaller } from '../http/route-guards.ts';
import { deleteFileRecord, insertFile } from '../storage/files-table.ts';
import { isPublicPath } from '../storage/area-rules.ts';
import { checkStoragePath } from '../storage/paths.ts';
import { discardTempFile } from '../storage/receive-upload.ts';
import { isSignatureValid } from '../storage/signed-urls.ts';
import { fileUrl, keyOf, objectUrl, type StorageContext } from '../storage/storage-service.ts';
import { isoInstant } from '../store/sql-values.ts';

/** Stores `bytes` as a new file of the caller's; returns its URL (signed where its area is not public). */
export async function storeGenerated(
  ctx: StorageContext,
  caller: SignedInCaller,
  bytes: Uint8Array,
  file: { ext: string; contentType: string },
): Promise<string> {
  const folder = caller.kind === 'user' ? `users/${caller.userId}/ai` : 'ai';
  const path = `${folder}/${crypto.randomUUID()}.${file.ext}`;
  const key = keyOf(ctx, path, 'write');
  const temp = await ctx.files.createTempFile();
  try {
    await fsp.writeFile(temp, bytes);
    const record = {
      path: key,
      troopId: ctx.troopId,
      ownerId: caller.kind === 'user' ? caller.userId : null,
      contentType: file.contentType,
      size: bytes.length,
      createdAt: isoInstant(ctx.now()),
    };
    if (!(await insertFile(ctx.store, record))) throw new ApiError('CONFLICT');
    try {
      await ctx.files.put(key, temp, { contentType: file.contentType, size: bytes.length });
    } catch (err) {
      await deleteFileRecord(ctx.store, key);
      throw err;
    }
    return fileUrl(ctx, path);
  } finally {
    await discardTempFile(temp);
  }
}

/** The storage path behind one of this troop's file URLs, or undefined for any other URL. */
export function storedPathOf(ctx: StorageContext, url: string): string | undefined {
  const prefix = objectUrl(ctx, '');
  if (!url.startsWith(prefix)) return undefined;
  let raw: string;
  try {
    raw = new URL(url).pathname
      .slice(new URL(prefix).pathname.length)
      .split('/')
      .map(decodeURIComponent)
      .join('/');
  } catch {
    return undefined;
  }
  const checked = checkStoragePath(raw);
  return checked.ok ? checked.path : undefined;
}

/**
 * The bytes of a stored file named by its URL, at most `maxBytes`. Only what the URL itself
 * would open: a file of an area that is not public to read (the troop area) needs its signed
 * link, so nobody reads through the AI gateway a file that their role may not read.
 */
export async function readStored(
  ctx: StorageContext,
  url: string,
  maxBytes: number,
  what: string,
): Promise<Buffer> {
  const path = storedPathOf(ctx, url);
  if (!path)
    throw new ApiError(
      'VALIDATION_ERROR',
      `${what} must be a file stored in this troop's storage (${objectUrl(ctx, '')}...)`,
    );
  const query = new URL(url).searchParams;
  const signature = {
    expires: query.get('expires') ?? undefined,
    sig: query.get('sig') ?? undefined,
  };
  // The troop's own file: its key, which a signed link signs (storage/troop-files.ts).
  const key = keyOf(ctx, path, 'read');
  const readable =
    isPublicPath(ctx.rules, path) || isSignatureValid(ctx.signingKey, key, signature, ctx.now());
  const opened = readable ? await ctx.files.open(key) : null;
  if (!opened) throw new ApiError('NOT_FOUND', `${what} not found: ${url}`);
  if (opened.size > maxBytes) {
    opened.stream.destroy();
    throw new ApiError('VALIDATION_ERROR', `${what} is too large`);
  }
  const chunks: Buffer[] = [];
  for await (const c of opened.stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}
