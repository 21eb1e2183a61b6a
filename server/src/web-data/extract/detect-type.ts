/**
 * What a file is, from its bytes (file-type's signatures for binary formats), then from its text:
 * JSON that parses, HTML markup, CSV rows; the name or the declared type only decide between
 * text formats the bytes cannot tell apart. A declared type never makes a PDF out of a script.
 */
import { fileTypeFromBuffer } from '../../http/file-type.ts';

export type ExtractKind = 'pdf' | 'docx' | 'html' | 'json' | 'csv' | 'text';

/** Text has no NUL bytes and decodes as UTF-8. */
function asText(bytes: Buffer): string | undefined {
  const head = bytes.subarray(0, 8192);
  if (head.includes(0)) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

function looksLikeCsv(text: string): boolean {
  const lines = text
    .split(/\r?\n/)
    .filter((l) => l.trim())
    .slice(0, 20);
  if (lines.length < 2) return false;
  const counts = lines.map((l) => (l.match(/,/g) ?? []).length);
  return (counts[0] ?? 0) > 0 && counts.every((c) => c === counts[0]);
}

export async function detectKind(
  bytes: Buffer,
  hint: { name?: string; contentType?: string } = {},
): Promise<{ kind: ExtractKind; text?: string } | undefined> {
  const sniffed = await fileTypeFromBuffer(bytes);
  if (sniffed?.ext === 'pdf') return { kind: 'pdf' };
  if (sniffed?.ext === 'docx') return { kind: 'docx' };
  if (sniffed && sniffed.ext !== 'xml') return undefined;
  const text = asText(bytes);
  if (text === undefined) return undefined;
  const body = text.replace(/^\uFEFF/, '');
  const trimmed = body.trimStart();
  const declared = `${hint.contentType ?? ''} ${hint.name ?? ''}`.toLowerCase();
  if (/^[[{]/.test(trimmed)) {
    try {
      JSON.parse(body);
      return { kind: 'json', text: body };
    } catch {
      // Not JSON after all: read it as text.
    }
  }
  if (/^(<!doctype html|<html|<head|<body)/i.test(trimmed) || /html/.test(declared))
    return { kind: 'html', text: body };
  if (/csv|\.csv\b/.test(declared) || looksLikeCsv(body)) return { kind: 'csv', text: body };
  return { kind: 'text', text: body };
}
