import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parsePartialJson } from './partial-json.ts';

describe('the value a growing JSON text holds so far', () => {
  it.each([
    ['', undefined],
    ['{', {}],
    ['{"na', {}],
    ['{"name"', {}],
    ['{"name":', {}],
    ['{"name":"Ca', { name: 'Ca' }],
    ['{"name":"Camp \\"Pine', { name: 'Camp "Pine' }],
    ['{"name":"Camp\\', { name: 'Camp' }],
    ['{"name":"Camp","size":1', { name: 'Camp' }],
    ['{"name":"Camp","size":12,', { name: 'Camp', size: 12 }],
    ['{"ok":tru', {}],
    ['{"ok":true}', { ok: true }],
    ['[1,2', [1]],
    ['[{"a":[1,{"b":"x', [{ a: [1, { b: 'x' }] }]],
    ['{"a":null }', { a: null }],
  ])('%j reads as %j', (text, value) => {
    expect(parsePartialJson(text)).toEqual(value);
  });

  it('reads every prefix of any JSON value as a value or nothing, and the whole as itself', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = JSON.stringify(value);
        for (let i = 0; i < text.length; i++) parsePartialJson(text.slice(0, i));
        expect(parsePartialJson(text)).toEqual(JSON.parse(text));
      }),
    );
  });
});
