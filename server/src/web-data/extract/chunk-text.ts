/**
 * Chunking for extract (docs/protocol.md, Web data): pieces of at most `size` characters, cut
 * between paragraphs where possible, else between sentences, else between words, and only as a
 * last resort inside a word. Pure, so its edges are tested on their own.
 */
const SENTENCE_END = /(?<=[.!?…])\s+(?=\S)/u;

function pieces(text: string, size: number): string[] {
  if (text.length <= size) return [text];
  for (const splitter of [SENTENCE_END, /\s+/]) {
    const parts = text.split(splitter).filter(Boolean);
    if (parts.length > 1) return parts.flatMap((p) => pieces(p, size));
  }
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

export function chunkText(text: string, size: number): string[] {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  const chunks: string[] = [];
  let current = '';
  for (const paragraph of paragraphs) {
    pieces(paragraph, size).forEach((part, i) => {
      // Pieces of one paragraph join with a space; paragraphs keep their blank line.
      const sep = i === 0 ? '\n\n' : ' ';
      if (current && current.length + sep.length + part.length > size) {
        chunks.push(current);
        current = part;
      } else current = current ? current + sep + part : part;
    });
  }
  if (current) chunks.push(current);
  return chunks;
}
