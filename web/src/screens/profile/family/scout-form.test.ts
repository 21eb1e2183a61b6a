import { describe, expect, it } from 'vitest';
import { errorsAfterEdit } from '../../../lib/field-errors.ts';
import {
  checkedValue,
  emptyScoutForm,
  SCOUT_CHOICE_LABELS,
  scoutChoiceChange,
  scoutChoicesInWords,
  scoutFormProblems,
  validateScoutForm,
} from './scout-form.ts';

describe('validateScoutForm', () => {
  it('sends trimmed names, and blank optional fields as nothing', () => {
    expect(
      validateScoutForm(
        { ...emptyScoutForm, firstName: ' Robin ', lastName: 'Avery', birthYear: '2014' },
        2026,
      ),
    ).toEqual({
      ok: true,
      input: {
        firstName: 'Robin',
        lastName: 'Avery',
        patrol: null,
        birthYear: 2014,
        notes: null,
        noPhotos: false,
        mayPost: false,
      },
    });
  });

  it('sends each ticked choice as true, and each other as false', () => {
    const values = { ...emptyScoutForm, firstName: 'Robin', lastName: 'Avery' };
    const photos = validateScoutForm({ ...values, noPhotos: checkedValue(true) }, 2026);
    expect(photos).toMatchObject({ ok: true, input: { noPhotos: true, mayPost: false } });
    const posts = validateScoutForm(
      { ...values, noPhotos: checkedValue(false), mayPost: checkedValue(true) },
      2026,
    );
    expect(posts).toMatchObject({ ok: true, input: { noPhotos: false, mayPost: true } });
  });

  it('names each field that needs fixing, in the words shown next to it', () => {
    const result = validateScoutForm({ ...emptyScoutForm, lastName: 'x', birthYear: '2030' }, 2026);
    expect(result).toEqual({
      ok: false,
      errors: {
        firstName: 'First name is required',
        birthYear: 'Birth year must be between 1996 and 2026',
      },
    });
    const word = validateScoutForm(
      { ...emptyScoutForm, firstName: 'a', lastName: 'b', birthYear: 'ten' },
      2026,
    );
    expect(word).toEqual({
      ok: false,
      errors: { birthYear: 'Birth year must be a year, like 2014' },
    });
  });
});

describe("the add-a-scout form's messages as the member fixes the fields", () => {
  it("each field's message goes with its first edit; the others stay until theirs are fixed", () => {
    const values = { ...emptyScoutForm, birthYear: '1850' };
    const shown = scoutFormProblems(values);
    expect(Object.keys(shown).sort()).toEqual(['birthYear', 'firstName', 'lastName']);
    const afterFirst = errorsAfterEdit(
      shown,
      'firstName',
      { ...values, firstName: 'R' },
      scoutFormProblems,
    );
    expect(afterFirst).toEqual({ lastName: shown.lastName, birthYear: shown.birthYear });
    const afterYear = errorsAfterEdit(
      afterFirst,
      'birthYear',
      { ...values, firstName: 'R', birthYear: '2' },
      scoutFormProblems,
    );
    expect(afterYear).toEqual({ lastName: shown.lastName });
  });
});

describe("a scout's photo and posting choices", () => {
  it('are labelled in plain words', () => {
    expect(SCOUT_CHOICE_LABELS).toEqual({
      noPhotos: 'No photos of me: photos tagged with this scout wait for a leader',
      mayPost: 'May post in the troop feed',
    });
  });

  it('a box ticked on a scout already added sends that choice alone', () => {
    expect(scoutChoiceChange('mayPost', true)).toEqual({ mayPost: true });
    expect(scoutChoiceChange('noPhotos', false)).toEqual({ noPhotos: false });
  });

  it("read in words by the scout's own account", () => {
    expect(scoutChoicesInWords({ noPhotos: false, mayPost: false })).toBe(
      'reads the troop feed only',
    );
    expect(scoutChoicesInWords({ noPhotos: true, mayPost: true })).toBe(
      'no photos: tagged photos wait for a leader · may post in the troop feed',
    );
  });
});
