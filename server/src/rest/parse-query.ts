/**
 * Query string -> a small typed tree (docs/protocol.md, Data API; PostgREST grammar). Pure: it knows no
 * HTTP and no table; column names are checked for shape here and for existence in build-sql.ts.
 *
 * Groups take two inner syntaxes: PostgREST's `or=(a.eq.1,and(b.gt.2,c.is.null))` and the one
 * existing clients send, `and=(user_id=eq.u1,or=(status=eq.open,priority=gte.3))`, where `&`
 * joins conditions and binds tighter than `,`. Inside a group a value may be double-quoted
 * (`"a,b"`, with `\"` and `\\` escapes) to carry `,`, `(`, `)` or `&`; so may each `in` item.
 */
import { camelToSnake, isIdentifier, shown } from './names.ts';
import { QueryError } from './query-error.ts';
import { parseSelectList, selectedColumns, type SelectItem } from './select-list.ts';
import { splitQueryString } from './query-string.ts';

export { QueryError };

export const COMPARISON_OPS = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike'] as const;
export type ComparisonOp = (typeof COMPARISON_OPS)[number];
export type IsValue = 'null' | 'true' | 'false';

export type Condition =
  | { kind: 'cond'; column: string; negated: boolean; op: ComparisonOp; value: string }
  | { kind: 'cond'; column: string; negated: boolean; op: 'in'; values: string[] }
  | { kind: 'cond'; column: string; negated: boolean; op: 'is'; value: IsValue };

export interface Group {
  kind: 'and' | 'or';
  negated: boolean;
  children: Filter[];
}

export type Filter = Condition | Group;

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

/** Bounds that keep one request's SQL small. */
export const QUERY_LIMITS = {
  maxDepth: 8,
  maxConditions: 200,
  maxInValues: 1000,
  maxOrderTerms: 16,
} as const;

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

export function columnName(raw: string): string {
  const name = camelToSnake(raw.trim());
  if (!isIdentifier(name)) throw new QueryError(`Invalid column name "${shown(raw)}"`);
  return name;
}

const isOneOf = <T extends string>(list: readonly T[], v: string): v is T =>
  (list as readonly string[]).includes(v);

function parseIsValue(raw: string, column: string): IsValue {
  const v = raw.toLowerCase();
  if (v === 'null' || v === 'true' || v === 'false') return v;
  throw new QueryError(`The is operator takes null, true or false (column "${column}")`);
}

function parseCount(name: string, raw: string): number {
  if (!/^\d{1,12}$/.test(raw.trim()))
    throw new QueryError(`${name} must be a non-negative integer`);
  return Number(raw.trim());
}

/** Counts conditions and depth across the whole query so a request stays bounded. */
class Budget {
  conditions = 0;
  take() {
    if (++this.conditions > QUERY_LIMITS.maxConditions) {
      throw new QueryError(`Too many conditions (at most ${QUERY_LIMITS.maxConditions})`);
    }
  }
}

/** Recursive-descent reader over one group's text. */
class GroupReader {
  private i = 0;
  constructor(
    private readonly s: string,
    private readonly param: string,
    private readonly budget: Budget,
  ) {}

  private fail(message: string): never {
    throw new QueryError(`Malformed ${this.param} filter: ${message}`);
  }

  private rest() {
    return this.s.slice(this.i);
  }

  private peek() {
    return this.s[this.i];
  }

  private expect(ch: string) {
    if (this.i >= this.s.length) this.fail(`missing "${ch}"`);
    if (this.s[this.i] !== ch) this.fail(`expected "${ch}" at position ${this.i + 1}`);
    this.i++;
  }

  /** The whole value: `(items)` and nothing after it. */
  readTop(kind: 'and' | 'or', negated: boolean): Group {
    const group = this.readGroup(kind, negated, 1);
    if (this.i !== this.s.length) this.fail(`unexpected text after ")" at position ${this.i + 1}`);
    return group;
  }

  private readGroup(kind: 'and' | 'or', negated: boolean, depth: number): Group {
    if (depth > QUERY_LIMITS.maxDepth)
      this.fail(`groups nest deeper than ${QUERY_LIMITS.maxDepth}`);
    this.expect('(');
    if (this.peek() === ')') this.fail('empty group');
    const children: Filter[] = [this.readConjunction(depth)];
    while (this.peek() === ',') {
      this.i++;
      children.push(this.readConjunction(depth));
    }
    this.expect(')');
    return { kind, negated, children };
  }

  /** `&` binds tighter than `,`: `a=eq.1&b=eq.2,c=eq.3` is `(a AND b), c`. */
  private readConjunction(depth: number): Filter {
    const first = this.readItem(depth);
    const parts: Filter[] = [first];
    while (this.peek() === '&' && this.startsClientItem(this.i + 1)) {
      this.i++;
      parts.push(this.readItem(depth));
    }
    return parts.length === 1 ? first : { kind: 'and', negated: false, children: parts };
  }

  /** `&` separates items only before `name=` (the clients' syntax); elsewhere it is text. */
  private startsClientItem(at: number): boolean {
    return /^(not\.)?[A-Za-z_][A-Za-z0-9_]*=/.test(this.s.slice(at));
  }

  private readItem(depth: number): Filter {
    // Spaces after a separator are layout (`or=(a.eq.1, b.eq.2)`), not part of a name.
    while (this.peek() === ' ') this.i++;
    const group = /^(not\.)?(and|or)=?\(/.exec(this.rest());
    if (group) {
      this.i += group[0].length - 1;
      return this.readGroup(group[2] as 'and' | 'or', group[1] !== undefined, depth + 1);
    }
    const ident = /^[A-Za-z_][A-Za-z0-9_]*/.exec(this.rest());
    if (!ident) {
      if (this.i >= this.s.length) this.fail('missing ")"');
      this.fail(`expected a column name at position ${this.i + 1}`);
    }
    const column = columnName(ident[0]);
    this.i += ident[0].length;
    if (this.i >= this.s.length) this.fail('missing ")"');
    const sep = this.peek();
    if (sep !== '.' && sep !== '=') this.fail(`expected an operator after "${shown(column)}"`);
    this.i++;
    return this.readCondition(column);
  }

  private readCondition(column: string): Condition {
    this.budget.take();
    let negated = false;
    if (this.rest().startsWith('not.')) {
      negated = true;
      this.i += 4;
    }
    const opMatch = /^([a-z]+)\./i.exec(this.rest());
    if (!opMatch) {
      if (this.i >= this.s.length) this.fail('missing ")"');
      this.fail(`expected an operator for "${column}"`);
    }
    const op = opMatch[1] ?? '';
    this.i += opMatch[0].length;
    if (op === 'in') return { kind: 'cond', column, negated, op, values: this.readList() };
    if (op === 'is')
      return { kind: 'cond', column, negated, op, value: parseIsValue(this.readValue(), column) };
    if (!isOneOf(COMPARISON_OPS, op))
      throw new QueryError(`Unknown operator "${shown(op)}" for column "${column}"`);
    return { kind: 'cond', column, negated, op, value: this.readValue() };
  }

  /** A quoted value, or raw text up to the `,` `)` or `&name=` that ends the item. */
  private readValue(): string {
    if (this.peek() === '"') {
      const value = this.readQuoted();
      const next = this.peek();
      if (next !== ',' && next !== ')' && next !== '&') {
        if (next === undefined) this.fail('missing ")"');
        this.fail(`unexpected text after a quoted value at position ${this.i + 1}`);
      }
      return value;
    }
    const start = this.i;
    let depth = 0;
    while (this.i < this.s.length) {
      const ch = this.s[this.i];
      if (ch === '(') depth++;
      else if (ch === ')') {
        if (depth === 0) break;
        depth--;
      } else if (depth === 0 && ch === ',') break;
      else if (depth === 0 && ch === '&' && this.startsClientItem(this.i + 1)) break;
      this.i++;
    }
    if (this.i >= this.s.length) this.fail('missing ")"');
    return this.s.slice(start, this.i);
  }

  private readQuoted(): string {
    this.i++;
    let out = '';
    while (this.i < this.s.length) {
      const ch = this.s[this.i++];
      if (ch === '"') return out;
      if (ch === '\\' && this.i < this.s.length) out += this.s[this.i++];
      else out += ch;
    }
    this.fail('unclosed quote');
  }

  /** `(a,"b,c",d)`; used for `in` inside groups and at the top level. */
  readList(): string[] {
    this.expect('(');
    const values: string[] = [];
    if (this.peek() === ')') {
      this.i++;
      return values;
    }
    for (;;) {
      if (this.peek() === '"') values.push(this.readQuoted());
      else {
        const start = this.i;
        while (this.i < this.s.length && this.s[this.i] !== ',' && this.s[this.i] !== ')') this.i++;
        values.push(this.s.slice(start, this.i));
      }
      if (values.length > QUERY_LIMITS.maxInValues)
        this.fail(`in takes at most ${QUERY_LIMITS.maxInValues} values`);
      const next = this.peek();
      if (next === ',') this.i++;
      else if (next === ')') {
        this.i++;
        return values;
      } else if (next === undefined) this.fail('missing ")" after the in list');
      else this.fail(`unexpected text in the in list at position ${this.i + 1}`);
    }
  }

  atEnd() {
    return this.i === this.s.length;
  }
}

/** `col=op.value` at the top level: the value is literal, except `in` lists. */
function parseTopCondition(column: string, raw: string, budget: Budget): Condition {
  budget.take();
  let rest = raw;
  let negated = false;
  if (rest.startsWith('not.')) {
    negated = true;
    rest = rest.slice(4);
  }
  const dot = rest.indexOf('.');
  if (dot <= 0)
    throw new QueryError(`Filter on "${column}" needs an operator, e.g. ${column}=eq.value`);
  const op = rest.slice(0, dot);
  const value = rest.slice(dot + 1);
  if (op === 'in') {
    const reader = new GroupReader(value, column, budget);
    const values = reader.readList();
    if (!reader.atEnd()) throw new QueryError(`Malformed in list for "${column}"`);
    return { kind: 'cond', column, negated, op, values };
  }
  if (op === 'is') return { kind: 'cond', column, negated, op, value: parseIsValue(value, column) };
  if (!isOneOf(COMPARISON_OPS, op))
    throw new QueryError(`Unknown operator "${shown(op)}" for column "${column}"`);
  return { kind: 'cond', column, negated, op, value };
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
  const budget = new Budget();
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
      parsed.filters.push(
        new GroupReader(value, key, budget).readTop(kind, group[1] !== undefined),
      );
      continue;
    }
    parsed.filters.push(parseTopCondition(columnName(key), value, budget));
  }
  return parsed;
}

/** Every column a filter tree names, for checking them against the table in one go. */
export function filterColumns(filters: readonly Filter[], into = new Set<string>()): Set<string> {
  for (const f of filters) {
    if (f.kind === 'cond') into.add(f.column);
    else filterColumns(f.children, into);
  }
  return into;
}
