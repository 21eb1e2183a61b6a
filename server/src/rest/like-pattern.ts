/**
 * like/ilike patterns. On the wire `%` and PostgREST's `*` match any run of characters, `_`
 * matches one, and `\` makes the next character literal. The pattern is read once into tokens
 * and written out for each engine, so both stores match the same rows:
 * - PostgreSQL: LIKE / ILIKE with ESCAPE '\'.
 * - SQLite: LIKE ignores ASCII case, so `like` becomes a GLOB (case-sensitive) and `ilike` a
 *   LIKE with ESCAPE '\'. SQLite folds only ASCII letters, PostgreSQL folds every letter.
 */

export type LikeToken = { kind: 'any' } | { kind: 'one' } | { kind: 'char'; ch: string };

export function parseLikePattern(pattern: string): LikeToken[] {
  const chars = Array.from(pattern);
  const tokens: LikeToken[] = [];
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i] ?? '';
    if (ch === '\\' && i + 1 < chars.length) tokens.push({ kind: 'char', ch: chars[++i] ?? '' });
    else if (ch === '%' || ch === '*') tokens.push({ kind: 'any' });
    else if (ch === '_') tokens.push({ kind: 'one' });
    else tokens.push({ kind: 'char', ch });
  }
  return tokens;
}

/** For `LIKE ? ESCAPE '\'` (both engines) and `ILIKE ? ESCAPE '\'` (PostgreSQL). */
export function toLikePattern(tokens: readonly LikeToken[]): string {
  return tokens
    .map((t) => {
      if (t.kind === 'any') return '%';
      if (t.kind === 'one') return '_';
      return t.ch === '%' || t.ch === '_' || t.ch === '\\' ? `\\${t.ch}` : t.ch;
    })
    .join('');
}

/** For SQLite's `GLOB ?`, which is case-sensitive; `[x]` makes a special character literal. */
export function toGlobPattern(tokens: readonly LikeToken[]): string {
  return tokens
    .map((t) => {
      if (t.kind === 'any') return '*';
      if (t.kind === 'one') return '?';
      return t.ch === '*' || t.ch === '?' || t.ch === '[' ? `[${t.ch}]` : t.ch;
    })
    .join('');
}
