/**
 * What a stored file is and how it may be served. The type comes from the bytes, never from the
 * name or the type the client claimed: an HTML page named `photo.png` is not an image. Only
 * types a browser cannot run script from are shown inline; everything else is an attachment.
 */
import fsp from 'node:fs/promises';
import { fileTypeFromFile } from '../http/file-type.ts';

export const OCTET_STREAM = 'application/octet-stream';
export const PLAIN_TEXT = 'text/plain; charset=utf-8';

/** Raster images a browser decodes without running anything. */
export const SAFE_IMAGE_TYPES: ReadonlySet<string> = new Set([
  'image/png',
  'image/apng',
  'image/jpeg',
  'image/gif',
  'image/webp',
]);
const INLINE_TYPES: ReadonlySet<string> = new Set([
  ...SAFE_IMAGE_TYPES,
  'application/pdf',
  PLAIN_TEXT,
]);

/** Served files may show images of their own origin and nothing else; `sandbox` stops script. */
export const STORED_FILE_CSP =
  "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

const TEXT_SAMPLE_BYTES = 64 * 1024;
/** Markup a browser might be tempted to render: tags, doctypes, processing instructions. */
const MARKUP = /<\s*[!?/]?[A-Za-z]/;

/**
 * Plain text is valid UTF-8 with no NUL byte and no markup. HTML, SVG and XML are text too, but
 * they are never called plain text here, so they always leave as attachments.
 */
export function looksLikePlainText(sample: Uint8Array): boolean {
  if (sample.includes(0)) return false;
  let text: string;
  try {
    // `stream: true` tolerates a character cut in half at the end of the sample.
    text = new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: true });
  } catch {
    return false;
  }
  return !MARKUP.test(text);
}

export async function detectContentType(file: string): Promise<string> {
  const detected = await fileTypeFromFile(file);
  if (detected) return detected.mime;
  const handle = await fsp.open(file, 'r');
  try {
    const buf = Buffer.alloc(TEXT_SAMPLE_BYTES);
    const { bytesRead } = await handle.read(buf, 0, TEXT_SAMPLE_BYTES, 0);
    return bytesRead > 0 && looksLikePlainText(buf.subarray(0, bytesRead))
      ? PLAIN_TEXT
      : OCTET_STREAM;
  } finally {
    await handle.close();
  }
}

export const isInlineSafe = (contentType: string) => INLINE_TYPES.has(contentType);

/**
 * A Content-Disposition value: a quoted ASCII fallback for old browsers plus the exact UTF-8
 * name (RFC 6266). Quotes, slashes and control characters never reach the header.
 */
export function contentDisposition(kind: 'inline' | 'attachment', filename: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const clean = filename.replace(/[\u0000-\u001f\u007f"\\/]/g, '_').slice(0, 200) || 'file';
  const ascii = clean.replace(/[^\x20-\x7e]/g, '_');
  const encoded = encodeURIComponent(clean).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
