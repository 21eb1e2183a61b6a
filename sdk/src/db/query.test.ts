import { describe, expect, it } from 'vitest';
import { ScoutError } from '../errors.ts';
import {
  countFromContentRange,
  filterParams,
  orderParam,
  quoteValue,
  selectParam,
  type Where,
} from './query.ts';

const params = (where: Where) => filterParams(where);

describe('filterParams: one operator each', () => {
  it.each([
    [{ eventName: 'Camp' }, [['event_name', 'eq.Camp']]],
    [{ eventName: { eq: 'Camp' } }, [['event_name', 'eq.Camp']]],
    [{ age: { neq: 3 } }, [['age', 'neq.3']]],
    [{ age: { gt: 3 } }, [['age', 'gt.3']]],
    [{ age: { gte: 3 } }, [['age', 'gte.3']]],
    [{ age: { lt: 3 } }, [['age', 'lt.3']]],
    [{ age: { lte: 3 } }, [['age', 'lte.3']]],
    [{ name: { like: 'Ca*' } }, [['name', 'like.Ca*']]],
    [{ name: { ilike: '%camp%' } }, [['name', 'ilike.%camp%']]],
    [{ hyperlink: { is: null } }, [['hyperlink', 'is.null']]],
    [{ done: { is: true } }, [['done', 'is.true']]],
    [{ done: { is: false } }, [['done', 'is.false']]],
    [{ hyperlink: null }, [['hyperlink', 'is.null']]],
    [{ done: false }, [['done', 'eq.false']]],
    [{ id: { in: ['a', 'b'] } }, [['id', 'in.(a,b)']]],
    [{ id: ['a', 'b'] }, [['id', 'in.(a,b)']]],
    [{ id: { not_in: ['a', 'b'] } }, [['id', 'not.in.(a,b)']]],
    [{ id: { notIn: [1, 2] } }, [['id', 'not.in.(1,2)']]],
    [{ id: { not: { in: ['a'] } } }, [['id', 'not.in.(a)']]],
    [{ hyperlink: { not: null } }, [['hyperlink', 'not.is.null']]],
    [{ status: { not: 'open' } }, [['status', 'not.eq.open']]],
    [{ name: { not: { ilike: 'x*' } } }, [['name', 'not.ilike.x*']]],
    [
      { eventDate: { gte: new Date('2025-05-01T00:00:00Z') } },
      [['event_date', 'gte.2025-05-01T00:00:00.000Z']],
    ],
  ] as Array<[Where, Array<[string, string]>]>)('%j', (where, expected) => {
    expect(params(where)).toEqual(expected);
  });

  it('skips undefined filters', () => {
    expect(params({ a: undefined, b: { eq: undefined, gt: 1 } })).toEqual([['b', 'gt.1']]);
  });

  it('keeps a top-level value with commas as it is, since only groups and lists split on them', () => {
    expect(params({ title: 'Camp, day 1' })).toEqual([['title', 'eq.Camp, day 1']]);
  });

  it('quotes list members holding commas, parens or quotes', () => {
    expect(params({ title: { in: ['a,b', 'c(d)', 'say "hi"', 'back\\slash', 'plain'] } })).toEqual([
      ['title', 'in.("a,b","c(d)","say \\"hi\\"","back\\\\slash",plain)'],
    ]);
  });

  it('puts a second condition on the same field into and=(...), never repeating a parameter', () => {
    expect(params({ age: { gte: 10, lte: 17 } })).toEqual([
      ['age', 'gte.10'],
      ['and', '(age.lte.17)'],
    ]);
  });
});

describe('filterParams: AND and OR groups', () => {
  it('writes OR in PostgREST syntax', () => {
    expect(params({ OR: [{ status: 'open' }, { priority: { gte: 3 } }] })).toEqual([
      ['or', '(status.eq.open,priority.gte.3)'],
    ]);
  });

  it('writes AND and nests OR inside it', () => {
    expect(
      params({ AND: [{ userId: 'u1' }, { OR: [{ status: 'open' }, { priority: { gte: 3 } }] }] }),
    ).toEqual([['and', '(user_id.eq.u1,or(status.eq.open,priority.gte.3))']]);
  });

  it('wraps an OR alternative with several conditions in and(...)', () => {
    expect(params({ OR: [{ a: 1, b: 2 }, { c: { is: null } }] })).toEqual([
      ['or', '(and(a.eq.1,b.eq.2),c.is.null)'],
    ]);
  });

  it('combines field conditions with groups', () => {
    expect(params({ userId: 'u1', OR: [{ a: 1 }, { b: 2 }], AND: [{ c: { lt: 5 } }] })).toEqual([
      ['user_id', 'eq.u1'],
      ['and', '(c.lt.5)'],
      ['or', '(a.eq.1,b.eq.2)'],
    ]);
  });

  it('double-quotes values with commas, parens or quotes inside groups', () => {
    expect(
      params({
        OR: [{ title: 'Camp, day (1)' }, { title: { in: ['x,y'] } }, { note: ' padded ' }],
      }),
    ).toEqual([['or', '(title.eq."Camp, day (1)",title.in.("x,y"),note.eq." padded ")']]);
  });

  it('negates inside groups', () => {
    expect(params({ OR: [{ a: { not: { in: [1, 2] } } }, { b: { not_in: ['x'] } }] })).toEqual([
      ['or', '(a.not.in.(1,2),b.not.in.(x))'],
    ]);
  });

  it('leaves out empty groups', () => {
    expect(params({ OR: [], AND: [] })).toEqual([]);
  });
});

describe('filterParams: bad input', () => {
  const fails = (where: unknown) => {
    try {
      filterParams(where as Where);
    } catch (err) {
      return err instanceof ScoutError && err.kind === 'validation';
    }
    return false;
  };

  it('refuses field names that are not identifiers, so they cannot inject syntax', () => {
    expect(fails({ 'a.eq.1,b': 1 })).toBe(true);
    expect(fails({ OR: [{ 'x)': 1 }] })).toBe(true);
  });

  it('refuses unknown operators and misused ones', () => {
    expect(fails({ a: { between: [1, 2] } })).toBe(true);
    expect(fails({ a: { is: 'maybe' } })).toBe(true);
    expect(fails({ a: { in: 'a,b' } })).toBe(true);
  });
});

describe('quoteValue', () => {
  it.each([
    ['plain', 'plain'],
    ['', '""'],
    ['a,b', '"a,b"'],
    ['(x)', '"(x)"'],
    [' x', '" x"'],
    [null, 'null'],
    [12.5, '12.5'],
    [true, 'true'],
  ] as const)('%j -> %s', (value, expected) => {
    expect(quoteValue(value)).toBe(expected);
  });
});

describe('orderParam and selectParam', () => {
  it('orders by several fields in snake_case', () => {
    expect(orderParam({ eventDate: 'asc' })).toBe('event_date.asc');
    expect(orderParam([{ eventDate: 'desc' }, { createdAt: 'asc' }])).toBe(
      'event_date.desc,created_at.asc',
    );
    expect(orderParam({ eventDate: 'asc', eventTime: 'desc' })).toBe(
      'event_date.asc,event_time.desc',
    );
    expect(orderParam(undefined)).toBeUndefined();
  });

  it('refuses a direction other than asc or desc', () => {
    expect(() => orderParam({ a: 'up' as 'asc' })).toThrow(ScoutError);
  });

  it('selects snake_case columns', () => {
    expect(selectParam(['id', 'eventName'])).toBe('id,event_name');
    expect(selectParam('id, eventName')).toBe('id,event_name');
    expect(selectParam('*')).toBe('*');
    expect(selectParam(undefined)).toBeUndefined();
  });
});

describe('countFromContentRange', () => {
  it.each([
    ['0-9/42', 42],
    ['*/0', 0],
    ['0-0/1', 1],
    ['0-9/*', undefined],
    [null, undefined],
  ] as const)('%s -> %s', (header, expected) => {
    expect(countFromContentRange(header)).toBe(expected);
  });
});
