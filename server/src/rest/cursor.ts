/**
 * Keyset pagination cursors (docs/operations.md, "Data API pagination").
 *
 * A cursor is an opaque base64url token of JSON `{o, v}`: `o` names the total order it was made
 * for (the requested order plus `id` as the tie-breaker, e.g. `event_date.asc.nl,id.asc.nl`),
 * `v` holds the last row's values of those columns. The next page is "rows after v in o", so
 * rows inserted or deleted meanwhile never shift it the way offset does. A cursor made for
 * another order is refused. It is not a secret: tampering with it only moves where the page
 * starts among rows the caller may read anyway, and its values are type-checked and bound.
 */
import { QueryError, type OrderTerm } from './parse-query.ts';
import { fromJson, type ColumnType, type DbValue } from './values.ts';

const MAX_CURSOR_LENGTH = 4096;

export function orderSignature(order: readonly OrderTerm[]): string {
  return order
    .map((t) => `${t.column}.${t.descending ? 'desc' : 'asc'}.${t.nullsFirst ? 'nf' : 'nl'}`)
    .join(',');
}

export function encodeCursor(order: readonly OrderTerm[], row: Record<string, unknown>): string {
  const payload = { o: orderSignature(order), v: order.map((t) => row[t.column] ?? null) };
  return Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
}

export function decodeCursor(
  token: string,
  order: readonly OrderTerm[],
  typeOf: (column: string) => ColumnType,
): DbValue[] {
  const invalid = () =>
    new QueryError('Invalid cursor: pass the X-Next-Cursor of a page with the same order');
  if (token.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+={0,2}$/.test(token)) throw invalid();
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (typeof payload !== 'object' || payload === null) throw invalid();
  const { o, v } = payload as { o?: unknown; v?: unknown };
  if (o !== orderSignature(order) || !Array.isArray(v) || v.length !== order.length)
    throw invalid();
  return order.map((term, i) => {
    const value: unknown = v[i];
    if (value !== null && typeof value === 'object') throw invalid();
    return fromJson(typeOf(term.column), value, term.column);
  });
}
