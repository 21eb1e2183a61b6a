/**
 * Readable text out of a document's bytes, whatever it is (detect-type.ts decides): an HTML
 * page's article, a PDF's text (unpdf, pdf.js underneath), a Word document's paragraphs
 * (mammoth), CSV rows, pretty-printed JSON, or the text itself. Files these libraries cannot
 * read answer 415 DATA_UNSUPPORTED_FILE, never 500; an HTML document of more elements than the
 * server reads throws TooManyElements (html-text.ts).
 */
import { ApiError } from '../../errors.ts';
import { chunkText } from './chunk-text.ts';
import { detectKind } from './detect-type.ts';
import { readArticle, TooManyElements } from './html-text.ts';

const unsupported = (message?: string) => new ApiError('DATA_UNSUPPORTED_FILE', message);

async function pdfText(bytes: Buffer): Promise<string> {
  const { extractText, getDocumentProxy } = await import('unpdf');
  // Hostile PDFs: no code compiled from the file, no fetching of fonts, no console noise.
  const doc = await getDocumentProxy(new Uint8Array(bytes), {
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  });
  try {
    const { text } = await extractText(doc, { mergePages: false });
    return text
      .map((page) => page.trim())
      .filter(Boolean)
      .join('\n\n');
  } finally {
    await doc.destroy();
  }
}

async function docxText(bytes: Buffer): Promise<string> {
  const mammoth = (await import('mammoth')).default;
  const { value } = await mammoth.extractRawText({ buffer: bytes });
  return value;
}

function csvText(text: string): string {
  return text
    .split(/\r?\n/)
    .filter((l) => l.trim())
    .join('\n');
}

const tidy = (text: string) =>
  text
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

export async function extractText(
  bytes: Buffer,
  hint: { name?: string; contentType?: string } = {},
): Promise<string> {
  const detected = await detectKind(bytes, hint);
  if (!detected) throw unsupported();
  try {
    switch (detected.kind) {
      case 'pdf':
        return tidy(await pdfText(bytes));
      case 'docx':
        return tidy(await docxText(bytes));
      case 'html':
        return tidy(readArticle(detected.text ?? '').text);
      case 'json':
        return JSON.stringify(JSON.parse(detected.text ?? 'null'), null, 2);
      case 'csv':
        return csvText(detected.text ?? '');
      default:
        return tidy(detected.text ?? '');
    }
  } catch (err) {
    // Readable, but more than the server reads: the caller says so in its own words.
    if (err instanceof TooManyElements) throw err;
    throw unsupported(`This ${detected.kind.toUpperCase()} file could not be read`);
  }
}

export interface ExtractOptions {
  chunking?: boolean;
  chunkSize?: number;
}

/** `{text}`, or `{chunks}` when chunking is asked for. */
export function extractAnswer(text: string, opts: ExtractOptions, defaultSize: number) {
  if (!opts.chunking) return { text };
  return { chunks: chunkText(text, opts.chunkSize ?? defaultSize) };
}
