import { describe, expect, it } from 'vitest';
import { errorsAfterEdit } from './field-errors.ts';

interface Range {
  from: string;
  to: string;
  note: string;
}

/** A rule on two fields, shown on one: `to` must come after `from`. */
const check = (v: Range) => ({
  ...(v.to <= v.from ? { to: 'To must come after from' } : {}),
  ...(v.note === '' ? { note: 'Note is required' } : {}),
});

describe('messages after an edit', () => {
  const shown = { to: 'To must come after from', note: 'Note is required' };

  it("takes the edited field's message away at once, even before the value is right", () => {
    expect(errorsAfterEdit(shown, 'note', { from: '5', to: '3', note: 'x' }, check)).toEqual({
      to: 'To must come after from',
    });
    expect(errorsAfterEdit(shown, 'to', { from: '5', to: '4', note: '' }, check)).toEqual({
      note: 'Note is required',
    });
  });

  it("takes another field's message away once the edit fixed what it names", () => {
    expect(errorsAfterEdit(shown, 'from', { from: '2', to: '3', note: '' }, check)).toEqual({
      note: 'Note is required',
    });
    expect(errorsAfterEdit(shown, 'from', { from: '4', to: '3', note: '' }, check)).toEqual(shown);
  });

  it('keeps the same messages, the very same object, when the edit touched none of them', () => {
    const only = { note: 'Note is required' };
    expect(errorsAfterEdit(only, 'from', { from: '1', to: '3', note: '' }, check)).toBe(only);
    const none = {};
    expect(errorsAfterEdit(none, 'to', { from: '1', to: '3', note: '' }, check)).toBe(none);
  });

  it('without the rules, clears only the edited field', () => {
    expect(errorsAfterEdit(shown, 'from', { from: '2', to: '3', note: '' })).toBe(shown);
    expect(errorsAfterEdit(shown, 'note', { from: '2', to: '3', note: 'x' })).toEqual({
      to: 'To must come after from',
    });
  });
});
