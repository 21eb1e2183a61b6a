/**
 * Just enough reading of operator SQL to keep it inside the transaction the endpoint owns and
 * to number PostgreSQL placeholders. Values are never spliced into SQL here; this only finds
 * where string literals, quoted identifiers and comments are, so a `?` inside them stays as is.
 */
import type { Dialect } from '../store/store.ts';

/** Skips whitespace and comments from `i`; PostgreSQL block comments nest, SQLite's do not. */
function skipTrivia(sql: string, i: number, dialect: Dialect): number {
  for (;;) {
    while (i < sql.length && /\s/.test(sql[i] as string)) i++;
    if (sql.startsWith('--', i)) {
      const end = sql.indexOf('\n', i);
      i = end < 0 ? sql.length : end + 1;
    } else if (sql.startsWith('/*', i)) {
      i = skipBlockComment(sql, i, dialect);
    } else {
      return i;
    }
  }
}

function skipBlockComment(sql: string, i: number, dialect: Dialect): number {
  let depth = 0;
  while (i < sql.length) {
    if (sql.startsWith('/*', i)) {
      depth = dialect === 'postgres' ? depth + 1 : 1;
      i += 2;
    } else if (sql.startsWith('*/', i)) {
      depth--;
      i += 2;
      if (depth === 0) return i;
    } else {
      i++;
    }
  }
  return sql.length;
}

/** True when the text holds nothing but whitespace and comments. */
export const isBlankSql = (sql: string, dialect: Dialect) =>
  skipTrivia(sql, 0, dialect) >= sql.length;

/** The statement's first keyword, upper-cased ('' when there is none). */
export function firstKeyword(sql: string, dialect: Dialect): string {
  const start = skipTrivia(sql, 0, dialect);
  const m = /^[A-Za-z_]+/.exec(sql.slice(start, start + 64));
  return m ? m[0].toUpperCase() : '';
}

/**
 * Statements that would end or reshape the endpoint's transaction, or change connection settings
 * (on SQLite a PRAGMA may also turn off constraints or change the database file's journal mode).
 * The endpoint owns the transaction: a batch is atomic and a read batch stays read-only only while
 * nothing inside it can commit, roll back or say otherwise.
 */
const CONTROL_KEYWORDS = new Set([
  'BEGIN',
  'START',
  'COMMIT',
  'END',
  'ROLLBACK',
  'ABORT',
  'SAVEPOINT',
  'RELEASE',
  'PREPARE',
  'SET',
  'RESET',
  'DISCARD',
  'ATTACH',
  'DETACH',
  'VACUUM',
]);

/** Names the refused keyword, or undefined when the statement may run. */
export function refusedStatement(sql: string, dialect: Dialect): string | undefined {
  const keyword = firstKeyword(sql, dialect);
  if (CONTROL_KEYWORDS.has(keyword)) return keyword;
  // `PRAGMA x = y` changes settings; `PRAGMA table_info(t)` only reads.
  if (
    keyword === 'PRAGMA' &&
    dialect === 'sqlite' &&
    /^[^;]*=/.test(sql.slice(skipTrivia(sql, 0, dialect)))
  )
    return 'PRAGMA';
  return undefined;
}

/**
 * Rewrites `?` placeholders to PostgreSQL's `$1..$n`, leaving string literals ('..', E'..',
 * $tag$..$tag$), quoted identifiers and comments alone. SQL already written with `$n` passes
 * through unchanged.
 */
export function numberPlaceholders(sql: string): string {
  let out = '';
  let n = 0;
  let i = 0;
  while (i < sql.length) {
    const c = sql[i] as string;
    let end = i + 1;
    if (c === "'" || c === '"') {
      const escapes =
        c === "'" && i > 0 && /[eE]/.test(sql[i - 1] as string) && !/\w/.test(sql[i - 2] ?? ' ');
      end = skipQuoted(sql, i, c, escapes);
    } else if (sql.startsWith('--', i) || sql.startsWith('/*', i)) {
      end = sql.startsWith('--', i) ? lineEnd(sql, i) : skipBlockComment(sql, i, 'postgres');
    } else if (c === '$') {
      const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(sql.slice(i));
      if (tag && !/\w/.test(sql[i - 1] ?? ' ')) {
        const close = sql.indexOf(tag[0], i + tag[0].length);
        end = close < 0 ? sql.length : close + tag[0].length;
      }
    } else if (c === '?') {
      out += `$${++n}`;
      i++;
      continue;
    }
    out += sql.slice(i, end);
    i = end;
  }
  return out;
}

function lineEnd(sql: string, i: number): number {
  const end = sql.indexOf('\n', i);
  return end < 0 ? sql.length : end + 1;
}

/** Index just past a quoted run; a doubled quote stays inside, as does a backslash escape in E''. */
function skipQuoted(sql: string, i: number, quote: string, backslashEscapes: boolean): number {
  let j = i + 1;
  while (j < sql.length) {
    const c = sql[j];
    if (backslashEscapes && c === '\\') {
      j += 2;
    } else if (c === quote) {
      if (sql[j + 1] === quote) j += 2;
      else return j + 1;
    } else {
      j++;
    }
  }
  return sql.length;
}
