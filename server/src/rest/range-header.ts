/** PostgREST's paging by request header, as an alternative to `limit` and `offset`. */
import { ApiError } from '../errors.ts';
import type { ParsedQuery } from './parse-query.ts';
import { QueryError } from './query-error.ts';

/**
 * PostgREST's `Range: 0-9` (with `Range-Unit: items`, the only unit) pages like
 * `offset=0&limit=10`; `limit` and `offset` in the query string win over it.
 */
export function applyRange(
  query: ParsedQuery,
  range: string | undefined,
  unit: string | undefined,
): ParsedQuery {
  if (!range || query.limit !== null || query.offset !== 0) return query;
  if (unit && unit.trim().toLowerCase() !== 'items')
    throw new QueryError('Range-Unit must be items');
  const m = /^\s*(?:items=)?(\d{1,12})-(\d{0,12})\s*$/.exec(range);
  if (!m) throw new QueryError('Range must look like 0-9 or 10-');
  const from = Number(m[1]);
  const to = m[2] === '' ? null : Number(m[2]);
  if (to !== null && to < from)
    throw new ApiError('RANGE_NOT_SATISFIABLE', `Range ${from}-${to} ends before it starts`);
  return { ...query, offset: from, limit: to === null ? null : to - from + 1 };
}
