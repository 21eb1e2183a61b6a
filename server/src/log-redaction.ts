/**
 * Secrets that must never reach a log line (the AI providers' keys): each is replaced in the
 * line as written, whatever form it took on the way. A provider's error body or a logged
 * error may carry a key escaped as JSON does (`\/`, `\u002b`), escaped twice once that JSON is
 * quoted inside the log line's own JSON (`\\/`), or URL-encoded (`%2B`); each character of the
 * key may appear in any of these forms.
 */
const MIN_SECRET_LENGTH = 8;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function charPattern(c: string): string {
  const code = c.codePointAt(0) ?? 0;
  const forms = [escapeRegExp(c), `\\\\+${escapeRegExp(c)}`];
  if (code <= 0xffff) forms.push(`\\\\+u${code.toString(16).padStart(4, '0')}`);
  if (code < 0x80) forms.push(`%${code.toString(16).padStart(2, '0')}`);
  return `(?:${forms.join('|')})`;
}

/** Replaces every form of every secret in a line; the identity when there is none to hide. */
export function secretRedactor(secrets: readonly (string | undefined)[]): (line: string) => string {
  const kept = [...new Set(secrets)].filter(
    (s): s is string => typeof s === 'string' && s.length >= MIN_SECRET_LENGTH,
  );
  if (kept.length === 0) return (line) => line;
  // Longest first, so a key that contains another is replaced whole.
  kept.sort((a, b) => b.length - a.length);
  const pattern = new RegExp(
    kept.map((s) => Array.from(s, charPattern).join('')).join('|'),
    // Case-insensitive for hex digits and %XX: at worst a look-alike is hidden too.
    'gi',
  );
  return (line) => line.replace(pattern, '[redacted]');
}
