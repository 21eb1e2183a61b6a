/**
 * Query string -> a small typed tree (docs/protocol.md, Data API; PostgREST grammar). Pure: it knows no
 * HTTP and no table; column names are checked for shape here and for existence in build-sql.ts.
 *
 * Groups take two inner syntaxes: PostgREST's `or=(a.eq.1,and(b.gt.2,c.is.null))` and the one
 * existing clients send, `and=(user_id=eq.u1,or=(status=eq.open,priority=gte.3))`, where `&`
 * joins conditions and binds tighter than `,`. Inside a group a value may be double-quoted
 * (`"a,b"`, with `\"` and `\\` escapes) to carry `,`, `(`, `)` or `&`; so may each `in` item.
 * The filters and groups are read by parse-filters.ts; this file reads the other parameters.
 */
import { columnName, shown } from './names.ts';
import { QueryError } from './query-error.ts';
import {
  ConditionBudget,
  QUERY_LIMITS,
  parseGroup,
  parseTopCondition,
  type Filter,
} from './parse-filters.ts';
import { parseSelectList, selectedColumns, type SelectItem } from './select-list.ts';
import { splitQueryString } from './query-string.ts';

export { QueryError };
export {
  COMPARISON_OPS,
  QUERY_LIMITS,
  filterColumns,
  type ComparisonOp,
  type Condition,
  type Filter,
  type Group,
  type IsValue,
} from './parse-filters.ts';

export interface OrderTerm {
  column: string;
  descending: boolean;
  nullsFirst: boolean;
}

export interface ParsedQuery {
  /** Stored columns to read; null means every readable column (`*`). */
  select: string[] | null;
  /** The select list as written: renames and casts shape the answer (select-list.ts). */
  selectItems: SelectItem[] | null;
  /** PostgREST's `columns` on insert: only these keys of each body row are written. */
  columns: string[] | null;
  /** Conditions that must all hold. Empty means no filter. */
  filters: Filter[];
  order: OrderTerm[];
  limit: number | null;
  offset: number;
  cursor: string | null;
  onConflict: string[] | null;
}

/** Query-string words that are the Data API's own parameters, never filters on a column. */
export const RESERVED_PARAMS: ReadonlySet<string> = new Set([
  'select',
  'order',
  'limit',
  'offset',
  'cursor',
  'on_conflict',
  'columns',
]);

function parseCount(name: string, raw: string): number {
  if (!/^\d{1,12}$/.test(raw.trim()))
    throw new QueryError(`${name} must be a non-negative integer`);
  return Number(raw.trim());
}

/** `columns="id","user_id"` (postgrest-js quotes each name). */
function parseColumns(raw: string): string[] {
  const names = raw
    .split(',')
    .map((s) => s.trim().replace(/^"(.*)"$/, '$1'))
    .filter((s) => s !== '');
  if (names.length === 0) throw new QueryError('columns names no column');
  return [...new Set(names.map(columnName))];
}

function parseOrder(raw: string): OrderTerm[] {
  const terms: OrderTerm[] = [];
  for (const item of raw.split(',')) {
    if (item.trim() === '') continue;
    const [name = '', ...mods] = item.trim().split('.');
    let descending: boolean | undefined;
    let nulls: boolean | undefined;
    for (const mod of mods) {
      if ((mod === 'asc' || mod === 'desc') && descending === undefined)
        descending = mod === 'desc';
      else if ((mod === 'nullsfirst' || mod === 'nullslast') && nulls === undefined)
        nulls = mod === 'nullsfirst';
      else
        throw new QueryError(
          `Invalid order "${shown(item)}": use column.asc|desc[.nullsfirst|.nullslast]`,
        );
    }
    const desc = descending ?? false;
    // PostgreSQL's defaults, made explicit so SQLite orders the same way.
    terms.push({ column: columnName(name), descending: desc, nullsFirst: nulls ?? desc });
  }
  if (terms.length > QUERY_LIMITS.maxOrderTerms)
    throw new QueryError(`At most ${QUERY_LIMITS.maxOrderTerms} order terms`);
  return terms;
}

export function parseQuery(rawQuery: string): ParsedQuery {
  const parsed: ParsedQuery = {
    select: null,
    selectItems: null,
    columns: null,
    filters: [],
    order: [],
    limit: null,
    offset: 0,
    cursor: null,
    onConflict: null,
  };
  const budget = new ConditionBudget();
  for (const { key, value } of splitQueryString(rawQuery)) {
    if (RESERVED_PARAMS.has(key)) {
      if (key === 'select') {
        parsed.selectItems = parseSelectList(value, columnName);
        parsed.select = selectedColumns(parsed.selectItems);
      } else if (key === 'columns') parsed.columns = parseColumns(value);
      else if (key === 'order') parsed.order = parseOrder(value);
      else if (key === 'limit') parsed.limit = parseCount('limit', value);
      else if (key === 'offset') parsed.offset = parseCount('offset', value);
      else if (key === 'cursor') parsed.cursor = value === '' ? null : value;
      else
        parsed.onConflict = [
          ...new Set(
            value
              .split(',')
              .filter((s) => s.trim() !== '')
              .map(columnName),
          ),
        ];
      continue;
    }
    const group = /^(not\.)?(and|or)$/.exec(key);
    if (group) {
      const kind = group[2] as 'and' | 'or';
      parsed.filters.push(parseGroup(value, key, budget, kind, group[1] !== undefined));
      continue;
    }
    parsed.filters.push(parseTopCondition(columnName(key), value, budget));
  }
  return parsed;
}
