import { describe, expect, it } from 'vitest';
import { answerFormat, toCsv } from './media-type.ts';
import { parseSelectList, shapeRow } from './select-list.ts';

describe('answerFormat', () => {
  it.each([
    [undefined, 'array'],
    ['', 'array'],
    ['*/*', 'array'],
    ['application/json', 'array'],
    ['application/vnd.pgrst.object+json', 'object'],
    ['application/vnd.pgrst.object+json;nulls=stripped', 'object'],
    ['text/csv', 'csv'],
    ['text/html, text/csv;q=0.9', 'csv'],
    ['application/json;q=0.2, text/csv', 'csv'],
    ['application/xml, */*;q=0.1', 'array'],
  ])('%j -> %s', (accept, format) => {
    expect(answerFormat(accept)).toBe(format);
  });

  it('is 406 when nothing asked for can be given', () => {
    expect(() => answerFormat('application/xml')).toThrow(/None of these media types/);
    expect(() => answerFormat('text/csv;q=0')).toThrow(/None of these media types/);
  });
});

describe('toCsv', () => {
  it('quotes what needs quoting and leaves nulls empty', () => {
    const csv = toCsv(
      ['id', 'note', 'meta'],
      [
        { id: 1, note: 'line one\nline two', meta: { a: 1 } },
        { id: 2, note: null, meta: null },
      ],
    );
    expect(csv).toBe('id,note,meta\n1,"line one\nline two","{""a"":1}"\n2,,');
  });

  it('writes the header even with no rows', () => {
    expect(toCsv(['id', 'name'], [])).toBe('id,name');
  });
});

describe('select casts', () => {
  const shape = (select: string, row: Record<string, unknown>) =>
    shapeRow(row, parseSelectList(select, (c) => c) ?? [], Object.keys(row));

  it('casts numbers, booleans and JSON text', () => {
    expect(
      shape('n::int,f::float,b::boolean,j::json', { n: '12.6', f: '2.5', b: 't', j: '{"x":1}' }),
    ).toEqual({ n: 13, f: 2.5, b: true, j: { x: 1 } });
    expect(shape('n::int', { n: null })).toEqual({ n: null });
  });

  it('refuses a value that does not cast, as PostgreSQL would', () => {
    expect(() => shape('n::int', { n: 'twelve' })).toThrow(/cannot be cast to int/);
    expect(() => shape('b::boolean', { b: 'maybe' })).toThrow(/cannot be cast to boolean/);
  });

  it('keeps * and adds renamed copies', () => {
    expect(shape('*,label:name', { id: 'a', name: 'Tent' })).toEqual({
      id: 'a',
      name: 'Tent',
      label: 'Tent',
    });
  });
});
