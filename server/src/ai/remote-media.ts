/**
 * Images to modify and audio to transcribe, named by URL (docs/decisions/032-ai-provider-and-models.md).
 * This troop's own file URLs are read from its storage, as the URL itself would open them
 * (generated-files.ts). Any other https URL is fetched through the server's one checked
 * outbound client (web-data/outbound-client.ts, docs/decisions/035-outbound-address-policy.md):
 * private, loopback, link-local and metadata addresses are refused unless DATA_ALLOW_PRIVATE_HOSTS
 * lists them, each redirect is judged again, and the answer is bounded in bytes and time. What
 * the bytes are is judged by the caller from the bytes themselves, never from the site's word.
 */
import { ApiError } from '../errors.ts';
import { OutboundError } from '../web-data/outbound-client.ts';
import type { StorageContext } from '../storage/storage-service.ts';
import type { RemoteReads } from './ai-context.ts';
import { objectUrl } from '../storage/storage-service.ts';
import { readStored, storedPathOf } from './generated-files.ts';

export interface MediaSource {
  storage: StorageContext;
  remote: RemoteReads;
}

export interface MediaRead {
  /** Names the input in answers: "The image https://...", "The audio". */
  what: string;
  maxBytes: number;
  /** When the whole read must be over (ms since the epoch, by the process clock): see `mediaDeadline`. */
  deadline: number;
  clientGone: AbortSignal;
}

const MB = 1024 * 1024;

function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}

function fetchFailure(err: unknown, read: MediaRead): unknown {
  if (!(err instanceof OutboundError)) return err;
  switch (err.kind) {
    case 'bad-url':
    case 'refused':
      return new ApiError('DATA_URL_REFUSED', `${read.what}: ${err.message}`);
    case 'too-large':
      return new ApiError(
        'VALIDATION_ERROR',
        `${read.what} is too large (at most ${Math.round(read.maxBytes / MB)} MB)`,
      );
    case 'timeout':
      return new ApiError('DATA_TARGET_TIMEOUT', `${read.what} took too long to fetch`);
    default:
      return new ApiError('DATA_TARGET_UNREACHABLE', `${read.what}: ${err.message}`);
  }
}

/** The deadline of everything one request reads from other sites, starting now. */
export const mediaDeadline = (src: MediaSource) => Date.now() + src.remote.timeoutMs;

/** The bytes behind `url`: this troop's stored file, or an https URL of another site. */
export async function readMedia(
  src: MediaSource,
  url: string,
  read: MediaRead,
): Promise<{ bytes: Buffer; fromStorage: boolean }> {
  // The troop's own address serves its stored files and nothing else to read here.
  if (storedPathOf(src.storage, url) !== undefined || sameOrigin(url, objectUrl(src.storage, '')))
    return {
      bytes: await readStored(src.storage, url, read.maxBytes, read.what),
      fromStorage: true,
    };
  // Over plain http only this troop's own files (a troop served over http names them so).
  if (!url.startsWith('https://'))
    throw new ApiError(
      'VALIDATION_ERROR',
      `${read.what} must be an https URL or a file of this troop's storage`,
    );
  if (read.clientGone.aborted)
    throw new ApiError('SERVICE_UNAVAILABLE', 'The request was canceled');
  let res;
  try {
    res = await src.remote.client.request({
      url,
      headers: { accept: 'image/*, audio/*, video/*, application/octet-stream;q=0.5' },
      maxBytes: read.maxBytes,
      timeoutMs: Math.max(1, read.deadline - Date.now()),
      maxRedirects: 3,
      signal: read.clientGone,
      // A redirect to plain http would carry the request off https.
      mayFollow: (_from, to) => to.protocol === 'https:',
    });
  } catch (err) {
    throw fetchFailure(err, read);
  }
  if (res.status < 200 || res.status > 299)
    throw new ApiError(
      'VALIDATION_ERROR',
      `${read.what} could not be fetched (the site answered ${res.status})`,
    );
  if (res.body.length === 0) throw new ApiError('VALIDATION_ERROR', `${read.what} is empty`);
  return { bytes: res.body, fromStorage: false };
}
