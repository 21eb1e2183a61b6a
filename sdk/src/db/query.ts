/**
 * Turns `where`, `orderBy` and `select` into PostgREST query parameters (docs/protocol.md, Data API).
 * Pure: no HTTP, so every operator and quoting rule is tested on its own.
 */
import { validationError } from '../errors.ts';
import { camelToSnake } from './case.ts';

export type Row = Record<string, unknown>;
export type FilterValue = string | number | boolean | null | Date;

export interface FieldOperators {
  eq?: FilterValue;
  neq?: FilterValue;
  gt?: FilterValue;
  gte?: FilterValue;
  lt?: FilterValue;
  lte?: FilterValue;
  /** `%` or `*` as the wildcard. */
  like?: string;
  ilike?: string;
  is?: null | boolean;
  in?: readonly FilterValue[];
  not_in?: readonly FilterValue[];
  notIn?: readonly FilterValue[];
  /** Negates the operators inside: `{not: {in: [1, 2]}}` -> `not.in.(1,2)`. A bare value means `eq`. */
  not?: FieldOperators | FilterValue | readonly FilterValue[];
}

/** A bare value means `eq` (`null` means `is.null`), an array means `in`. */
export type FieldFilter = FilterValue | readonly FilterValue[] | FieldOperators;

type TypedWhere<T> = { [K in keyof T & string]?: FieldFilter } & {
  AND?: readonly TypedWhere<T>[];
  OR?: readonly TypedWhere<T>[];
};

interface LooseWhere {
  AND?: readonly LooseWhere[];
  OR?: readonly LooseWhere[];
  [field: string]: FieldFilter | readonly LooseWhere[] | undefined;
}

/** Conditions on fields are ANDed; `AND` and `OR` nest. Keys are camelCase field names. */
export type Where<T extends object = Row> = string extends keyof T ? LooseWhere : TypedWhere<T>;

export type OrderDirection = 'asc' | 'desc';
type OrderTerm<T> = string extends keyof T
  ? Record<string, OrderDirection>
  : { [K in keyof T & string]?: OrderDirection };
export type OrderBy<T extends object = Row> = OrderTerm<T> | readonly OrderTerm<T>[];

type QueryParams = Array<[string, string]>;

const COMPARISONS = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike'] as const;
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Field and table names go into the query syntax itself, so only plain identifiers pass. */
export function columnName(field: string): string {
  if (!IDENTIFIER.test(field)) throw validationError(`Invalid field name: ${field}`);
  return camelToSnake(field);
}

export function formatValue(value: FilterValue): string {
  if (value === null) return 'null';
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

/** PostgREST quoting inside groups and lists: values holding its syntax characters go in double quotes. */
export function quoteValue(value: FilterValue): string {
  const text = formatValue(value);
  if (!/[,()"\\]/.test(text) && text.trim() === text && text !== '') return text;
  return `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

const list = (values: readonly FilterValue[]) => `(${values.map(quoteValue).join(',')})`;

function isIsValue(v: unknown): v is null | boolean {
  return v === null || typeof v === 'boolean';
}

const isOperators = (f: unknown): f is FieldOperators =>
  typeof f === 'object' && f !== null && !Array.isArray(f) && !(f instanceof Date);

/** `op.value` strings for one field; `inGroup` quotes plain values as PostgREST groups need. */
function operatorsOf(filter: FieldFilter, inGroup: boolean): string[] {
  const plain = (v: FilterValue) => (inGroup ? quoteValue(v) : formatValue(v));
  if (Array.isArray(filter)) return [`in.${list(filter)}`];
  if (!isOperators(filter)) {
    const value = filter as FilterValue;
    return [value === null ? 'is.null' : `eq.${plain(value)}`];
  }
  const out: string[] = [];
  for (const [op, value] of Object.entries(filter)) {
    if (value === undefined) continue;
    if ((COMPARISONS as readonly string[]).includes(op)) {
      out.push(`${op}.${plain(value as FilterValue)}`);
    } else if (op === 'is') {
      if (!isIsValue(value)) throw validationError('The is operator takes null, true or false');
      out.push(`is.${formatValue(value)}`);
    } else if (op === 'in' || op === 'not_in' || op === 'notIn') {
      if (!Array.isArray(value)) throw validationError(`The ${op} operator takes an array`);
      out.push(`${op === 'in' ? '' : 'not.'}in.${list(value)}`);
    } else if (op === 'not') {
      for (const inner of operatorsOf(value as FieldFilter, inGroup)) out.push(`not.${inner}`);
    } else {
      throw validationError(`Unknown filter operator: ${op}`);
    }
  }
  return out;
}

/** PostgREST group items (`col.op.value`, `or(...)`, `and(...)`) for one where object. */
function groupItems(where: LooseWhere): string[] {
  const items: string[] = [];
  for (const [key, filter] of Object.entries(where)) {
    if (filter === undefined) continue;
    if (key === 'AND') {
      for (const inner of filter as readonly LooseWhere[]) items.push(...groupItems(inner));
    } else if (key === 'OR') {
      const or = orItems(filter as readonly LooseWhere[]);
      if (or.length > 0) items.push(`or(${or.join(',')})`);
    } else {
      const column = columnName(key);
      for (const op of operatorsOf(filter as FieldFilter, true)) items.push(`${column}.${op}`);
    }
  }
  return items;
}

function orItems(alternatives: readonly LooseWhere[]): string[] {
  const out: string[] = [];
  for (const alt of alternatives) {
    const items = groupItems(alt);
    if (items.length === 1) out.push(items[0]!);
    else if (items.length > 1) out.push(`and(${items.join(',')})`);
  }
  return out;
}

/**
 * Top-level field conditions become `col=op.value`; a field's second condition, and AND groups,
 * go into one `and=(...)`, OR into `or=(...)`, so no parameter name is sent twice.
 */
export function filterParams<T extends object = Row>(
  where: NoInfer<Where<T>> | undefined,
): QueryParams {
  if (!where) return [];
  const params: QueryParams = [];
  const seen = new Set<string>();
  const and: string[] = [];
  let or: string[] = [];
  for (const [key, filter] of Object.entries(where as LooseWhere)) {
    if (filter === undefined) continue;
    if (key === 'AND') {
      for (const inner of filter as readonly LooseWhere[]) and.push(...groupItems(inner));
    } else if (key === 'OR') {
      or = orItems(filter as readonly LooseWhere[]);
    } else {
      const column = columnName(key);
      const grouped = operatorsOf(filter as FieldFilter, true);
      operatorsOf(filter as FieldFilter, false).forEach((op, i) => {
        if (seen.has(column)) and.push(`${column}.${grouped[i]}`);
        else {
          seen.add(column);
          params.push([column, op]);
        }
      });
    }
  }
  if (and.length > 0) params.push(['and', `(${and.join(',')})`]);
  if (or.length > 0) params.push(['or', `(${or.join(',')})`]);
  return params;
}

export function orderParam<T extends object = Row>(
  orderBy: NoInfer<OrderBy<T>> | undefined,
): string | undefined {
  if (!orderBy) return undefined;
  const terms = (Array.isArray(orderBy) ? orderBy : [orderBy]) as readonly Record<
    string,
    OrderDirection | undefined
  >[];
  const parts: string[] = [];
  for (const term of terms) {
    for (const [field, direction] of Object.entries(term)) {
      if (direction === undefined) continue;
      if (direction !== 'asc' && direction !== 'desc')
        throw validationError(`Invalid order direction: ${String(direction)}`);
      parts.push(`${columnName(field)}.${direction}`);
    }
  }
  return parts.length > 0 ? parts.join(',') : undefined;
}

export function selectParam(select: string | readonly string[] | undefined): string | undefined {
  if (select === undefined) return undefined;
  const fields = typeof select === 'string' ? select.split(',').map((s) => s.trim()) : select;
  const columns = fields.filter(Boolean).map((f) => (f === '*' ? '*' : columnName(f)));
  return columns.length > 0 ? columns.join(',') : undefined;
}

/** The total from `Content-Range: 0-9/42` (or `*\/0`); undefined when the server sent none. */
export function countFromContentRange(header: string | null): number | undefined {
  const match = header ? /\/(\d+)\s*$/.exec(header) : null;
  return match ? Number(match[1]) : undefined;
}
