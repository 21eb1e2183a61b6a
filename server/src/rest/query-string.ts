/**
 * Splits and decodes a raw query string the way existing clients send it (docs/protocol.md, Common to every call):
 * form encoding (`+` for a space), values encoded twice by older clients (`%2520`), and group
 * parameters whose inner `&` was left unencoded (`or=(a=eq.1&b=eq.2)`).
 */

export interface QueryParam {
  key: string;
  value: string;
}

const PERCENT_RUN = /(?:%[0-9A-Fa-f]{2})+/g;
const HAS_PERCENT_ESCAPE = /%[0-9A-Fa-f]{2}/;

/**
 * Decodes %XX sequences that form valid UTF-8 and leaves anything else as written, so a sloppy
 * `like.50%` or `%zz` is read literally instead of failing.
 */
function decodeLenient(text: string): string {
  return text.replace(PERCENT_RUN, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}

/**
 * One form decoding, then a second strict one when the result still holds %XX escapes that
 * decode cleanly: that is a value an older client encoded twice. A value whose every `%` is
 * followed by two hex digits is therefore read as double-encoded; `*` is the unambiguous
 * like/ilike wildcard.
 */
export function decodeQueryComponent(raw: string): string {
  if (!raw.includes('%') && !raw.includes('+')) return raw;
  const once = decodeLenient(raw.replace(/\+/g, ' '));
  if (!HAS_PERCENT_ESCAPE.test(once)) return once;
  try {
    return decodeURIComponent(once);
  } catch {
    return once;
  }
}

const GROUP_KEYS = new Set(['and', 'or', 'not.and', 'not.or']);

/** True while a group value still waits for its closing parenthesis or quote. */
export function isGroupOpen(value: string): boolean {
  let depth = 0;
  let inQuote = false;
  for (let i = 0; i < value.length; i++) {
    const ch = value[i];
    if (inQuote) {
      if (ch === '\\') i++;
      else if (ch === '"') inQuote = false;
    } else if (ch === '"') inQuote = true;
    else if (ch === '(') depth++;
    else if (ch === ')') depth = Math.max(0, depth - 1);
  }
  return inQuote || depth > 0;
}

/**
 * Parameters in order. A group parameter whose parentheses are still open swallows the
 * following `&`-separated pieces until they close (clients that join conditions with a raw
 * `&` inside a group); one that never closes stays open and the parser refuses it.
 */
export function splitQueryString(raw: string): QueryParam[] {
  const pieces = raw.split('&');
  const params: QueryParam[] = [];
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i] ?? '';
    if (piece === '') continue;
    const eq = piece.indexOf('=');
    const rawKey = eq < 0 ? piece : piece.slice(0, eq);
    let rawValue = eq < 0 ? '' : piece.slice(eq + 1);
    const key = decodeQueryComponent(rawKey);
    let value = decodeQueryComponent(rawValue);
    if (GROUP_KEYS.has(key)) {
      while (isGroupOpen(value) && i + 1 < pieces.length) {
        i++;
        rawValue = `${rawValue}&${pieces[i] ?? ''}`;
        value = decodeQueryComponent(rawValue);
      }
    }
    params.push({ key, value });
  }
  return params;
}
