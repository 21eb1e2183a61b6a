/**
 * The value a growing JSON text holds so far, as streaming clients show it: `{"name":"Ca`
 * reads as `{name: "Ca"}`. Open strings, arrays and objects are closed; a key without its
 * value, a dangling comma or an unfinished number, `true`, `false` or `null` is dropped.
 * Undefined when nothing usable has arrived yet. The AI gateway writes its `2:` lines with it
 * and the SDK reads the growing JSON text with it, so both show the same partial objects.
 */
export function parsePartialJson(text: string): unknown {
  const whole = tryParse(text);
  if (whole.ok) return whole.value;
  const closers: string[] = [];
  let inString = false;
  let escaped = false;
  /** Where the text may be cut while staying valid once closed, and the closers then open. */
  let safeEnd = -1;
  let safeClosers: string[] = [];
  /** Inside an object: are we before a key (true) or a value (false)? */
  const expectKey: boolean[] = [];

  const markSafe = (end: number) => {
    safeEnd = end;
    safeClosers = [...closers];
  };

  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (inString) {
      if (escaped) escaped = false;
      else if (c === '\\') escaped = true;
      else if (c === '"') {
        inString = false;
        const isKey = closers.at(-1) === '}' && expectKey.at(-1) === true;
        if (!isKey) markSafe(i + 1);
      }
      continue;
    }
    switch (c) {
      case '"':
        inString = true;
        break;
      case '{':
        closers.push('}');
        expectKey.push(true);
        markSafe(i + 1);
        break;
      case '[':
        closers.push(']');
        expectKey.push(false);
        markSafe(i + 1);
        break;
      case '}':
      case ']':
        closers.pop();
        expectKey.pop();
        markSafe(i + 1);
        break;
      case ':':
        expectKey[expectKey.length - 1] = false;
        break;
      case ',':
        if (closers.at(-1) === '}') expectKey[expectKey.length - 1] = true;
        break;
      default:
        // A number or literal is complete once something follows it.
        if (/[\da-z]/.test(c) && /[\s,}\]]/.test(text[i + 1] ?? '')) markSafe(i + 1);
    }
  }
  // A string value still open: keep what it holds so far.
  if (inString) {
    const isKey = closers.at(-1) === '}' && expectKey.at(-1) === true;
    if (!isKey) {
      const body = escaped ? text.slice(0, -1) : text;
      const attempt = tryParse(`${body}"${[...closers].reverse().join('')}`);
      if (attempt.ok) return attempt.value;
    }
  }
  if (safeEnd < 0) return undefined;
  const attempt = tryParse(text.slice(0, safeEnd) + [...safeClosers].reverse().join(''));
  return attempt.ok ? attempt.value : undefined;
}

function tryParse(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}
