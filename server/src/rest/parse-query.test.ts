import { describe, expect, it } from 'vitest';
import { parseQuery, QueryError, type Filter } from './parse-query.ts';
import { decodeQueryComponent, splitQueryString } from './query-string.ts';

const cond = (column: string, op: string, value: string, negated = false) => ({
  kind: 'cond',
  column,
  op,
  value,
  negated,
});
const filters = (qs: string): Filter[] => parseQuery(qs).filters;
const refusal = (qs: string) => {
  try {
    parseQuery(qs);
  } catch (err) {
    if (err instanceof QueryError) return err.message;
    throw err;
  }
  return null;
};

describe('decoding the query string', () => {
  it('reads + as a space and decodes values encoded twice', () => {
    expect(decodeQueryComponent('Troop+12')).toBe('Troop 12');
    expect(decodeQueryComponent('Troop%2012')).toBe('Troop 12');
    expect(decodeQueryComponent('Troop%252012')).toBe('Troop 12');
    expect(decodeQueryComponent('a%252Cb')).toBe('a,b');
  });

  it('keeps a % that is not an escape, and a literal + sent as %2B', () => {
    expect(decodeQueryComponent('50%')).toBe('50%');
    expect(decodeQueryComponent('%25camp%25')).toBe('%camp%');
    expect(decodeQueryComponent('%zz')).toBe('%zz');
    expect(decodeQueryComponent('1%2B1')).toBe('1+1');
  });

  it('lets a group joined with a raw & swallow the pieces up to its closing parenthesis', () => {
    expect(splitQueryString('and=(user_id=eq.u1&status=eq.open)&limit=5')).toEqual([
      { key: 'and', value: '(user_id=eq.u1&status=eq.open)' },
      { key: 'limit', value: '5' },
    ]);
  });
});

describe('filters at the top level', () => {
  it('reads every operator, with and without not.', () => {
    for (const op of ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike']) {
      expect(filters(`name=${op}.x`)).toEqual([cond('name', op, 'x')]);
      expect(filters(`name=not.${op}.x`)).toEqual([cond('name', op, 'x', true)]);
    }
    expect(filters('done=is.null')).toEqual([cond('done', 'is', 'null')]);
    expect(filters('done=not.is.TRUE')).toEqual([cond('done', 'is', 'true', true)]);
  });

  it('keeps a top-level value literally, dots and quotes included', () => {
    expect(filters('hyperlink=eq.https://a.org/x?y=1')).toEqual([
      cond('hyperlink', 'eq', 'https://a.org/x?y=1'),
    ]);
    expect(filters('hyperlink=eq.https%3A%2F%2Fa.org%2Fx%3Fy%3D1')).toEqual([
      cond('hyperlink', 'eq', 'https://a.org/x?y=1'),
    ]);
    expect(filters('name=eq."quoted"')).toEqual([cond('name', 'eq', '"quoted"')]);
  });

  it('reads in lists with PostgREST quoting, and not.in', () => {
    expect(filters('id=in.(a,b)')).toEqual([
      { kind: 'cond', column: 'id', op: 'in', values: ['a', 'b'], negated: false },
    ]);
    expect(filters('id=not.in.("a,b",c,"say \\"hi\\"")')).toEqual([
      { kind: 'cond', column: 'id', op: 'in', values: ['a,b', 'c', 'say "hi"'], negated: true },
    ]);
    expect(filters('id=in.()')).toEqual([
      { kind: 'cond', column: 'id', op: 'in', values: [], negated: false },
    ]);
  });

  it('converts camelCase column names', () => {
    expect(filters('eventDate=gte.2026-01-01')).toEqual([cond('event_date', 'gte', '2026-01-01')]);
  });

  it('refuses filters it cannot read', () => {
    expect(refusal('name=x')).toMatch(/needs an operator/);
    expect(refusal('name=between.1')).toMatch(/Unknown operator "between"/);
    expect(refusal('done=is.maybe')).toMatch(/null, true or false/);
    expect(refusal('id=in.(a,b')).toMatch(/in list/);
    expect(refusal('na%20me=eq.1')).toMatch(/Invalid column name/);
  });
});

describe('groups', () => {
  it("reads PostgREST's syntax, nested and negated", () => {
    expect(filters('or=(a.eq.1,and(b.gte.2,not.or(c.is.null,d.in.(x,y))))')).toEqual([
      {
        kind: 'or',
        negated: false,
        children: [
          cond('a', 'eq', '1'),
          {
            kind: 'and',
            negated: false,
            children: [
              cond('b', 'gte', '2'),
              {
                kind: 'or',
                negated: true,
                children: [
                  cond('c', 'is', 'null'),
                  { kind: 'cond', column: 'd', op: 'in', values: ['x', 'y'], negated: false },
                ],
              },
            ],
          },
        ],
      },
    ]);
    expect(filters('not.and=(a.eq.1,b.not.eq.2)')).toEqual([
      { kind: 'and', negated: true, children: [cond('a', 'eq', '1'), cond('b', 'eq', '2', true)] },
    ]);
  });

  it("reads the clients' syntax, where & binds tighter than ,", () => {
    expect(filters('and=(user_id=eq.u1,or=(status=eq.open,priority=gte.3))')).toEqual([
      {
        kind: 'and',
        negated: false,
        children: [
          cond('user_id', 'eq', 'u1'),
          {
            kind: 'or',
            negated: false,
            children: [cond('status', 'eq', 'open'), cond('priority', 'gte', '3')],
          },
        ],
      },
    ]);
    expect(filters(`or=${encodeURIComponent('(a=eq.1&b=eq.2,c=eq.3)')}`)).toEqual([
      {
        kind: 'or',
        negated: false,
        children: [
          { kind: 'and', negated: false, children: [cond('a', 'eq', '1'), cond('b', 'eq', '2')] },
          cond('c', 'eq', '3'),
        ],
      },
    ]);
  });

  it('takes quoted values holding , ( ) & and escapes inside groups', () => {
    expect(
      filters(`or=${encodeURIComponent('(name.eq."Smith, J (Jr) & co",name.like."a\\\\b*")')}`),
    ).toEqual([
      {
        kind: 'or',
        negated: false,
        children: [cond('name', 'eq', 'Smith, J (Jr) & co'), cond('name', 'like', 'a\\b*')],
      },
    ]);
  });

  it('takes spaces after a separator as layout', () => {
    expect(filters(`or=${encodeURIComponent('( a.eq.1, b.eq.x y)')}`)).toEqual([
      { kind: 'or', negated: false, children: [cond('a', 'eq', '1'), cond('b', 'eq', 'x y')] },
    ]);
  });

  it('reads a group encoded twice', () => {
    const once = encodeURIComponent('(name.eq.Troop 12,name.eq.x)');
    expect(filters(`or=${encodeURIComponent(once)}`)).toEqual([
      {
        kind: 'or',
        negated: false,
        children: [cond('name', 'eq', 'Troop 12'), cond('name', 'eq', 'x')],
      },
    ]);
  });

  it('refuses a group cut short, empty, unbalanced or followed by text', () => {
    expect(refusal('and=(user_id')).toMatch(/Malformed and filter/);
    expect(refusal('and=(user_id=eq.u1')).toMatch(/missing "\)"/);
    expect(refusal('or=(a.eq."x)')).toMatch(/unclosed quote/);
    expect(refusal('or=()')).toMatch(/empty group/);
    expect(refusal('or=(a.eq.1)x')).toMatch(/unexpected text/);
    expect(refusal('or=a.eq.1')).toMatch(/expected "\("/);
    expect(refusal('and=(a.eq."x"y)')).toMatch(/after a quoted value/);
  });

  it('bounds nesting depth and the number of conditions', () => {
    const deep = `${'and('.repeat(9)}a.eq.1${')'.repeat(9)}`;
    expect(refusal(`or=(${deep})`)).toMatch(/nest deeper/);
    const many = Array.from({ length: 201 }, (_, i) => `a.eq.${i}`).join(',');
    expect(refusal(`or=(${many})`)).toMatch(/Too many conditions/);
  });
});

describe('select, order, limit, offset, cursor, on_conflict', () => {
  it('reads them', () => {
    expect(
      parseQuery(
        'select=id,eventName&order=event_date.desc.nullslast,id&limit=10&offset=20&cursor=abc&on_conflict=id',
      ),
    ).toMatchObject({
      select: ['id', 'event_name'],
      order: [
        { column: 'event_date', descending: true, nullsFirst: false },
        { column: 'id', descending: false, nullsFirst: false },
      ],
      limit: 10,
      offset: 20,
      cursor: 'abc',
      onConflict: ['id'],
      filters: [],
    });
  });

  it('defaults nulls to last when ascending and first when descending, as PostgreSQL', () => {
    expect(parseQuery('order=a,b.desc,c.asc.nullsfirst').order.map((t) => t.nullsFirst)).toEqual([
      false,
      true,
      true,
    ]);
  });

  it('reads select=* as every column', () => {
    expect(parseQuery('select=*').select).toBeNull();
    expect(parseQuery('select=').select).toBeNull();
  });

  it('refuses what it cannot read', () => {
    expect(refusal('limit=-1')).toMatch(/limit must be a non-negative integer/);
    expect(refusal('offset=1.5')).toMatch(/offset/);
    expect(refusal('order=name.sideways')).toMatch(/Invalid order/);
    expect(refusal('select=author(name)')).toMatch(/Embedded resources .* are not supported/);
    expect(refusal('select=*,users!inner(email)')).toMatch(/Embedded resources/);
    expect(refusal('select=data->name')).toMatch(/JSON paths/);
    expect(refusal('select=name::regclass')).toMatch(/Cast to "regclass" is not supported/);
    expect(refusal('select=bad alias:name')).toMatch(/Invalid alias/);
    expect(refusal('select=na;me')).toMatch(/Invalid column name/);
  });

  it('reads renamed columns and casts, and which stored columns they need', () => {
    const q = parseQuery('select=name:eventName,day:event_date::text,id,id');
    expect(q.select).toEqual(['event_name', 'event_date', 'id']);
    expect(q.selectItems).toEqual([
      { kind: 'column', column: 'event_name', alias: 'name', cast: null },
      { kind: 'column', column: 'event_date', alias: 'day', cast: 'text' },
      { kind: 'column', column: 'id', alias: null, cast: null },
      { kind: 'column', column: 'id', alias: null, cast: null },
    ]);
    expect(parseQuery('select=*,n:name').select).toBeNull();
  });

  it('reads PostgREST columns, quoted or not', () => {
    expect(parseQuery('columns="id","user_id",eventName').columns).toEqual([
      'id',
      'user_id',
      'event_name',
    ]);
    expect(refusal('columns=')).toMatch(/columns names no column/);
  });
});
