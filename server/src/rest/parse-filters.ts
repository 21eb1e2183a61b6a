/**
 * The filter grammar of the Data API's query string: top-level conditions (`col=op.value`) and
 * groups (`or=(...)`, `and=(...)`), the typed tree they become, and the budget that keeps one
 * request's conditions bounded. Apart from the rest of the query string (parse-query.ts) because
 * the groups need a reader of their own; the header of parse-query.ts describes both group syntaxes.
 */
import { columnName, shown } from './names.ts';
import { QueryError } from './query-error.ts';

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

/** Bounds that keep one request's SQL small. */
export const QUERY_LIMITS = {
  maxDepth: 8,
  maxConditions: 200,
  maxInValues: 1000,
  maxOrderTerms: 16,
} as const;

const isOneOf = <T extends string>(list: readonly T[], v: string): v is T =>
  (list as readonly string[]).includes(v);

function parseIsValue(raw: string, column: string): IsValue {
  const v = raw.toLowerCase();
  if (v === 'null' || v === 'true' || v === 'false') return v;
  throw new QueryError(`The is operator takes null, true or false (column "${column}")`);
}

/** Counts conditions and depth across the whole query so a request stays bounded. */
export class ConditionBudget {
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
    private readonly budget: ConditionBudget,
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
export function parseTopCondition(column: string, raw: string, budget: ConditionBudget): Condition {
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

/** A group parameter's value (`or=(...)`), read whole: nothing may follow its `)`. */
export function parseGroup(
  value: string,
  param: string,
  budget: ConditionBudget,
  kind: 'and' | 'or',
  negated: boolean,
): Group {
  return new GroupReader(value, param, budget).readTop(kind, negated);
}

/** Every column a filter tree names, for checking them against the table in one go. */
export function filterColumns(filters: readonly Filter[], into = new Set<string>()): Set<string> {
  for (const f of filters) {
    if (f.kind === 'cond') into.add(f.column);
    else filterColumns(f.children, into);
  }
  return into;
}
