/**
 * Property tests of the query grammar and its SQL: generated queries over a table of random
 * rows must answer exactly what a small in-memory evaluator answers, or be refused with a 400
 * when the evaluator finds them invalid. Never a 500.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testStoreKinds, type StoreKind, type TestApp } from '../../test/test-app.ts';
import { addMember, callRest, type TestMember } from '../../test/rest.ts';

// ---------------------------------------------------------------------------------------------
// The table: a few typed columns, rows generated at random.

type Value = string | number | boolean | null;
type Row = Record<string, Value>;
type ColType = 'text' | 'number' | 'boolean';

const TABLE = 'prop_items';
const TYPES: Record<string, ColType> = {
  id: 'text',
  owner_id: 'text',
  created_at: 'text',
  updated_at: 'text',
  name: 'text',
  qty: 'number',
  flag: 'boolean',
  tag: 'text',
};
const COLUMNS = Object.keys(TYPES);
const FILTER_COLUMNS = ['id', 'name', 'qty', 'flag', 'tag'];

/** Characters that stress quoting, escaping, wildcards and URL encoding. */
const CHARS = [
  'x',
  'y',
  'Y',
  'z',
  ' ',
  '%',
  '_',
  '*',
  ',',
  '(',
  ')',
  '"',
  '\\',
  '.',
  '&',
  '=',
  '+',
  'é',
  '1',
  '9',
  '-',
  ':',
  '#',
  '?',
  "'",
  '[',
];
const text = (maxLength: number) => fc.string({ unit: fc.constantFrom(...CHARS), maxLength });
const NUMBERS = [-2, -1.5, 0, 1, 2.5, 3, 10];
const TAGS = ['a', 'b', 'B', 'ab', 'a_b', 'a%'];

const rowArb = fc.record({
  name: fc.option(text(6), { freq: 5 }),
  qty: fc.option(fc.constantFrom(...NUMBERS), { freq: 5 }),
  flag: fc.option(fc.boolean(), { freq: 5 }),
  tag: fc.option(fc.constantFrom(...TAGS), { freq: 5 }),
});

// ---------------------------------------------------------------------------------------------
// Queries as the test models them.

type Op = 'eq' | 'neq' | 'gt' | 'gte' | 'lt' | 'lte' | 'like' | 'ilike' | 'is' | 'in';
interface Cond {
  kind: 'cond';
  column: string;
  op: Op;
  negated: boolean;
  value: string;
  values: string[];
}
interface Group {
  kind: 'and' | 'or';
  negated: boolean;
  children: Filter[];
}
type Filter = Cond | Group;
interface Order {
  column: string;
  desc: boolean;
  nulls?: 'first' | 'last';
}
interface Query {
  filters: Filter[];
  syntax: 'postgrest' | 'client';
  select: string[] | null;
  order: Order[];
  limit?: number;
  offset?: number;
  count: boolean;
  encoding: 'uri' | 'form' | 'double';
}

// ---------------------------------------------------------------------------------------------
// The reference evaluator.

class Invalid extends Error {}

const NUMBER_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

function coerce(type: ColType, raw: string): Value {
  if (type === 'text') return raw;
  if (type === 'number') {
    if (!NUMBER_TEXT.test(raw.trim()) || !Number.isFinite(Number(raw))) throw new Invalid();
    return Number(raw);
  }
  const v = raw.trim().toLowerCase();
  if (v === 'true' || v === '1') return true;
  if (v === 'false' || v === '0') return false;
  throw new Invalid();
}

const asciiLower = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());

function likeToRegExp(pattern: string, caseInsensitive: boolean): RegExp {
  const chars = Array.from(caseInsensitive ? asciiLower(pattern) : pattern);
  let src = '';
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i] ?? '';
    if (ch === '\\' && i + 1 < chars.length) src += escapeRegExp(chars[++i] ?? '');
    else if (ch === '%' || ch === '*') src += '[\\s\\S]*';
    else if (ch === '_') src += '[\\s\\S]';
    else src += escapeRegExp(ch);
  }
  return new RegExp(`^${src}$`, 'u');
}
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function compare(a: Value, b: Value): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  const [x, y] = [String(a), String(b)];
  return x < y ? -1 : x > y ? 1 : 0;
}

type Truth = boolean | null;
const not = (t: Truth): Truth => (t === null ? null : !t);

function evalCond(c: Cond, row: Row): Truth {
  const type = TYPES[c.column];
  if (!type) throw new Invalid();
  const v = row[c.column] ?? null;
  let result: Truth;
  if (c.op === 'is') {
    const want = c.value.toLowerCase();
    if (want === 'null') result = v === null;
    else if ((want === 'true' || want === 'false') && type === 'boolean')
      result = v === (want === 'true');
    else throw new Invalid();
  } else if (c.op === 'in') {
    const list = c.values.map((s) => coerce(type, s));
    result = list.length === 0 ? false : v === null ? null : list.some((x) => compare(v, x) === 0);
  } else if (c.op === 'like' || c.op === 'ilike') {
    if (type !== 'text') throw new Invalid();
    const ci = c.op === 'ilike';
    result =
      v === null ? null : likeToRegExp(c.value, ci).test(ci ? asciiLower(String(v)) : String(v));
  } else {
    const x = coerce(type, c.value);
    if (v === null) result = null;
    else {
      const d = compare(v, x);
      result = { eq: d === 0, neq: d !== 0, gt: d > 0, gte: d >= 0, lt: d < 0, lte: d <= 0 }[c.op];
    }
  }
  return c.negated ? not(result) : result;
}

function evalFilter(f: Filter, row: Row): Truth {
  if (f.kind === 'cond') return evalCond(f, row);
  const parts = f.children.map((c) => evalFilter(c, row));
  let result: Truth;
  if (f.kind === 'and') result = parts.includes(false) ? false : parts.includes(null) ? null : true;
  else result = parts.includes(true) ? true : parts.includes(null) ? null : false;
  return f.negated ? not(result) : result;
}

function checkColumns(filters: Filter[]) {
  for (const f of filters) {
    if (f.kind === 'cond') evalCond(f, {});
    else checkColumns(f.children);
  }
}

/** The rows the server must answer, in order; throws Invalid when it must refuse. */
function evaluate(q: Query, rows: readonly Row[]): { rows: Row[]; total: number } {
  checkColumns(q.filters);
  for (const c of q.select ?? []) if (!TYPES[c]) throw new Invalid();
  for (const o of q.order) if (!TYPES[o.column]) throw new Invalid();
  const matching = rows.filter((r) => q.filters.every((f) => evalFilter(f, r) === true));
  const order = [...q.order, { column: 'id', desc: false }];
  const sorted = [...matching].sort((a, b) => {
    for (const o of order) {
      const [x, y] = [a[o.column] ?? null, b[o.column] ?? null];
      const nullsFirst = o.nulls ? o.nulls === 'first' : o.desc;
      if (x === null || y === null) {
        if (x === y) continue;
        return (x === null) === nullsFirst ? -1 : 1;
      }
      const d = compare(x, y);
      if (d !== 0) return o.desc ? -d : d;
    }
    return 0;
  });
  const start = q.offset ?? 0;
  const page = sorted.slice(start, q.limit === undefined ? undefined : start + q.limit);
  const select = q.select ?? COLUMNS;
  return {
    rows: page.map((r) => Object.fromEntries(select.map((c) => [c, r[c] ?? null]))),
    total: matching.length,
  };
}

// ---------------------------------------------------------------------------------------------
// Rendering a query as a client would send it.

function quoteInGroup(value: string): string {
  if (value !== '' && !/[,()"\\&]/.test(value) && value.trim() === value) return value;
  return `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

const list = (values: string[]) => `(${values.map(quoteInGroup).join(',')})`;

function opText(c: Cond, inGroup: boolean): string {
  const body =
    c.op === 'in'
      ? `in.${list(c.values)}`
      : `${c.op}.${inGroup && c.op !== 'is' ? quoteInGroup(c.value) : c.value}`;
  return c.negated ? `not.${body}` : body;
}

function renderItem(f: Filter, syntax: Query['syntax']): string {
  if (f.kind === 'cond') return `${f.column}${syntax === 'client' ? '=' : '.'}${opText(f, true)}`;
  const items = f.children.map((c) => renderItem(c, syntax));
  const prefix = f.negated ? 'not.' : '';
  if (syntax === 'postgrest') return `${prefix}${f.kind}(${items.join(',')})`;
  // The clients' syntax may join an AND group's items with `&` (binding tighter than `,`).
  if (
    f.kind === 'and' &&
    !f.negated &&
    f.children.length > 1 &&
    f.children.every((c) => c.kind === 'cond')
  )
    return items.join('&');
  return `${prefix}${f.kind}=(${items.join(',')})`;
}

function queryParams(q: Query): Array<[string, string]> {
  const params: Array<[string, string]> = [];
  if (q.select) params.push(['select', q.select.join(',')]);
  for (const f of q.filters) {
    if (f.kind === 'cond') params.push([f.column, opText(f, false)]);
    else
      params.push([
        `${f.negated ? 'not.' : ''}${f.kind}`,
        `(${f.children.map((c) => renderItem(c, q.syntax)).join(',')})`,
      ]);
  }
  if (q.order.length > 0) {
    params.push([
      'order',
      q.order
        .map((o) => `${o.column}.${o.desc ? 'desc' : 'asc'}${o.nulls ? `.nulls${o.nulls}` : ''}`)
        .join(','),
    ]);
  }
  if (q.limit !== undefined) params.push(['limit', String(q.limit)]);
  if (q.offset !== undefined) params.push(['offset', String(q.offset)]);
  return params;
}

function encode(value: string, encoding: Query['encoding']): string {
  if (encoding === 'form') return new URLSearchParams([['v', value]]).toString().slice(2);
  if (encoding === 'double') return encodeURIComponent(encodeURIComponent(value));
  return encodeURIComponent(value);
}

/** A value whose `%` is followed by two hex digits reads as double-encoded (query-string.ts). */
const hasHexEscape = (params: Array<[string, string]>) =>
  params.some(([, v]) => /%[0-9A-Fa-f]{2}/.test(v));

const renderQuery = (q: Query, params = queryParams(q)) =>
  params.map(([k, v]) => `${encodeURIComponent(k)}=${encode(v, q.encoding)}`).join('&');

// ---------------------------------------------------------------------------------------------
// Generators. Values mostly come from the rows so that filters match something.

function queryArb(dataset: readonly Row[], syntax: Query['syntax']): fc.Arbitrary<Query> {
  const strings = [
    ...new Set(
      dataset
        .flatMap((r) => [r.name, r.tag, r.id])
        .filter((v): v is string => typeof v === 'string'),
    ),
  ];
  const textValue = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...strings) },
    { weight: 1, arbitrary: text(4) },
  );
  const numberValue = fc.oneof(
    {
      weight: 40,
      arbitrary: fc.constantFrom(
        '-2',
        '-1.5',
        '0',
        '1',
        '2.5',
        '3',
        '10',
        '1e1',
        '+3',
        '2.50',
        '.5',
        '3.',
      ),
    },
    { weight: 1, arbitrary: fc.constantFrom('abc', '', '1x', 'NaN', 'Infinity', '0x10') },
  );
  const boolValue = fc.oneof(
    { weight: 40, arbitrary: fc.constantFrom('true', 'false', '1', '0', 'TRUE') },
    { weight: 1, arbitrary: fc.constantFrom('yes', '2', '') },
  );
  const likePattern = fc
    .tuple(
      fc.constantFrom('', '%', '*', '_'),
      textValue,
      fc.constantFrom('', '%', '*', '_'),
      fc.boolean(),
    )
    .map(([pre, mid, post, cut]) => `${pre}${cut ? mid.slice(0, 2) : mid}${post}`);
  const valueFor = (column: string) =>
    TYPES[column] === 'number' ? numberValue : TYPES[column] === 'boolean' ? boolValue : textValue;

  const ALL_OPS: Op[] = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'is', 'in'];
  const opsFor = (col: string): Op[] =>
    TYPES[col] === 'text' ? ALL_OPS : ALL_OPS.filter((op) => op !== 'like' && op !== 'ilike');
  const column = fc.oneof(
    { weight: 40, arbitrary: fc.constantFrom(...FILTER_COLUMNS) },
    { weight: 1, arbitrary: fc.constant('nope') },
  );
  // Mostly operators that fit the column; now and then one that must be refused.
  const opFor = (col: string) =>
    fc.oneof(
      { weight: 30, arbitrary: fc.constantFrom(...opsFor(col)) },
      { weight: 1, arbitrary: fc.constantFrom(...ALL_OPS) },
    );
  const isValue = (col: string) =>
    fc.oneof(
      {
        weight: 30,
        arbitrary:
          TYPES[col] === 'boolean'
            ? fc.constantFrom('null', 'true', 'false', 'NULL')
            : fc.constantFrom('null', 'NULL'),
      },
      { weight: 1, arbitrary: fc.constantFrom('maybe', 'true') },
    );
  const cond: fc.Arbitrary<Cond> = fc
    .tuple(column, fc.boolean(), fc.integer({ min: 0, max: 3 }))
    .chain(([col, negated, n]) =>
      opFor(col).chain((op) => {
        let value: fc.Arbitrary<string>;
        if (op === 'is') value = isValue(col);
        else if (op === 'like' || op === 'ilike') value = likePattern;
        else value = valueFor(col);
        return fc.record({
          kind: fc.constant('cond' as const),
          column: fc.constant(col),
          op: fc.constant(op),
          negated: fc.constant(negated),
          value,
          values: fc.array(valueFor(col), { minLength: n, maxLength: n }),
        });
      }),
    );
  const { filter } = fc.letrec<{ filter: Filter; group: Group }>((tie) => ({
    filter: fc.oneof(
      { maxDepth: 3, depthSize: 'small', withCrossShrink: true },
      cond,
      tie('group'),
    ),
    group: fc.record({
      kind: fc.constantFrom('and' as const, 'or' as const),
      negated: fc.boolean(),
      children: fc.array(tie('filter'), { minLength: 1, maxLength: 3 }),
    }),
  }));
  const orderArb = fc.array(
    fc.record(
      {
        column: fc.oneof(
          { weight: 40, arbitrary: fc.constantFrom(...FILTER_COLUMNS) },
          { weight: 1, arbitrary: fc.constant('nope') },
        ),
        desc: fc.boolean(),
        nulls: fc.constantFrom('first' as const, 'last' as const),
      },
      { requiredKeys: ['column', 'desc'] },
    ),
    { maxLength: 2 },
  );
  return fc.record(
    {
      filters: fc.array(filter, { maxLength: 3 }),
      syntax: fc.constant(syntax),
      select: fc.option(
        fc.oneof(
          { weight: 20, arbitrary: fc.subarray([...FILTER_COLUMNS, 'owner_id'], { minLength: 1 }) },
          { weight: 1, arbitrary: fc.constant<string[]>(['name', 'nope']) },
        ),
        { freq: 3 },
      ),
      order: orderArb,
      limit: fc.integer({ min: 0, max: 12 }),
      offset: fc.integer({ min: 0, max: 6 }),
      count: fc.boolean(),
      encoding: fc.constantFrom('uri' as const, 'form' as const, 'double' as const),
    },
    { requiredKeys: ['filters', 'syntax', 'select', 'order', 'count', 'encoding'] },
  );
}

// ---------------------------------------------------------------------------------------------

const RUNS: Record<StoreKind, { postgrest: number; client: number; fuzz: number; cursor: number }> =
  {
    sqlite: { postgrest: 4500, client: 3500, fuzz: 2000, cursor: 300 },
    postgres: { postgrest: 400, client: 300, fuzz: 200, cursor: 100 },
  };

// Each property sends a few hundred requests: on a machine busy with the other suites that is
// more than the default 30 s, while a wrong answer fails it at once whatever the limit.
describe.each(testStoreKinds)(
  'query grammar against a reference evaluator (%s)',
  { timeout: 120_000 },
  (kind) => {
    let t: TestApp;
    let member: TestMember;
    let dataset: Row[];
    const datasetSeed = Math.floor(Math.random() * 2 ** 31);

    beforeAll(async () => {
      t = await buildTestApp({ store: kind });
      member = await addMember(t, 'prop-owner');
      const generated = fc.sample(rowArb, { numRuns: 40, seed: datasetSeed });
      // The first row fixes the column types (tables made on the fly type columns on first sight).
      const body = [{ name: 'first', qty: 1, flag: true, tag: 'a' }, ...generated].map((r, i) => ({
        id: `r${String(i).padStart(2, '0')}`,
        ...r,
      }));
      const res = await callRest(t, 'POST', TABLE, {
        token: member.token,
        body,
        prefer: 'return=minimal',
      });
      expect(res.statusCode).toBe(201);
      const all = await callRest(t, 'GET', `${TABLE}?select=${COLUMNS.join(',')}`, {
        token: member.token,
      });
      dataset = all.json() as Row[];
      expect(dataset.map(({ owner_id: _o, created_at: _c, updated_at: _u, ...r }) => r)).toEqual(
        body.map((r) => ({ id: r.id, name: r.name, qty: r.qty, flag: r.flag, tag: r.tag })),
      );
    });
    afterAll(async () => t?.close());

    /** What the answers were, so a run that only ever refused or matched nothing fails. */
    const outcomes = { refused: 0, empty: 0, rows: 0 };

    async function check(q: Query) {
      const params = queryParams(q);
      fc.pre(!hasHexEscape(params));
      let expected: ReturnType<typeof evaluate> | null = null;
      try {
        expected = evaluate(q, dataset);
      } catch (err) {
        if (!(err instanceof Invalid)) throw err;
      }
      const res = await callRest(t, 'GET', `${TABLE}?${renderQuery(q, params)}`, {
        token: member.token,
        ...(q.count ? { prefer: 'count=exact' } : {}),
      });
      const context = `dataset seed ${datasetSeed}: ${decodeURIComponent(renderQuery({ ...q, encoding: 'uri' }, params))} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
      if (expected === null) {
        expect(res.statusCode, context).toBe(400);
        expect(res.json().code, context).toBe('VALIDATION_ERROR');
        outcomes.refused++;
        return;
      }
      expect(res.statusCode, context).toBe(200);
      expect(res.json(), context).toEqual(expected.rows);
      outcomes[expected.rows.length > 0 ? 'rows' : 'empty']++;
      if (q.count)
        expect(res.headers['content-range'], context).toMatch(new RegExp(`/${expected.total}$`));
    }

    /** Most generated queries are valid and a good share of them match rows. */
    function expectVariedOutcomes(runs: number) {
      expect(outcomes.rows).toBeGreaterThan(runs * 0.3);
      expect(outcomes.empty).toBeGreaterThan(runs * 0.05);
      expect(outcomes.refused).toBeGreaterThan(runs * 0.05);
      Object.assign(outcomes, { refused: 0, empty: 0, rows: 0 });
    }

    it('answers PostgREST-syntax queries exactly as the reference, or refuses them with 400', async () => {
      await fc.assert(fc.asyncProperty(queryArb(dataset, 'postgrest'), check), {
        numRuns: RUNS[kind].postgrest,
      });
      expectVariedOutcomes(RUNS[kind].postgrest);
    });

    it("answers the clients' group syntax exactly as the reference, or refuses it with 400", async () => {
      await fc.assert(fc.asyncProperty(queryArb(dataset, 'client'), check), {
        numRuns: RUNS[kind].client,
      });
      expectVariedOutcomes(RUNS[kind].client);
    });

    it('answers garbage and queries cut short with 200 or a JSON 400, never a 500', async () => {
      const pieces = fc.constantFrom(
        'and=(',
        'or=(',
        'not.',
        'name.eq.',
        'qty=gt.',
        'in.(',
        '"',
        ',',
        ')',
        '(',
        '&',
        '=',
        '%',
        '%25',
        '%2',
        '*',
        'is.',
        'order=',
        'select=',
        'limit=',
        'cursor=',
        'flag',
        '.',
        '\\',
        '+',
        'x',
      );
      const garbage = fc.array(pieces, { maxLength: 12 }).map((p) => p.join(''));
      const truncated = queryArb(dataset, 'client').chain((q) => {
        const full = renderQuery({ ...q, encoding: 'uri' });
        return fc.integer({ min: 0, max: full.length }).map((n) => full.slice(0, n));
      });
      await fc.assert(
        fc.asyncProperty(fc.oneof(garbage, truncated), async (query) => {
          const res = await callRest(t, 'GET', `${TABLE}?${query}`, { token: member.token });
          expect([200, 400], `${query} -> ${res.statusCode} ${res.body}`).toContain(res.statusCode);
          expect(res.headers['content-type']).toContain('application/json');
          if (res.statusCode === 400) expect(res.json().error.message).toEqual(expect.any(String));
        }),
        { numRuns: RUNS[kind].fuzz },
      );
    });

    it('walks every matching row exactly once by cursor, in order', async () => {
      const arb = queryArb(dataset, 'postgrest').map((q) => ({
        ...q,
        select: null,
        limit: undefined,
        offset: undefined,
        count: false,
        encoding: 'uri' as const,
      }));
      await fc.assert(
        fc.asyncProperty(arb, fc.integer({ min: 1, max: 7 }), async (q, pageSize) => {
          const params = queryParams(q);
          fc.pre(!hasHexEscape(params));
          let expected: Row[];
          try {
            expected = evaluate(q, dataset).rows;
          } catch (err) {
            if (err instanceof Invalid) return;
            throw err;
          }
          const seen: unknown[] = [];
          let cursor: string | undefined;
          for (let page = 0; page <= dataset.length + 1; page++) {
            const query = `${renderQuery(q, params)}&limit=${pageSize}${cursor ? `&cursor=${cursor}` : ''}`;
            const res = await callRest(t, 'GET', `${TABLE}?${query}`, { token: member.token });
            expect(res.statusCode, `${query} -> ${res.body}`).toBe(200);
            seen.push(...(res.json() as unknown[]));
            cursor = res.headers['x-next-cursor'] as string | undefined;
            if (!cursor) break;
          }
          expect(
            seen,
            `dataset seed ${datasetSeed}: ${renderQuery(q, params)} by ${pageSize}`,
          ).toEqual(expected);
        }),
        { numRuns: RUNS[kind].cursor },
      );
    });
  },
);
