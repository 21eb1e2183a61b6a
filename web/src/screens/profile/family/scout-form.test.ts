import { describe, expect, it } from 'vitest';
import { errorsAfterEdit } from '../../../lib/field-errors.ts';
import { emptyScoutForm, scoutFormProblems, validateScoutForm } from './scout-form.ts';

describe('validateScoutForm', () => {
  it('sends trimmed names, and blank optional fields as nothing', () => {
    expect(
      validateScoutForm(
        { ...emptyScoutForm, firstName: ' Robin ', lastName: 'Avery', birthYear: '2014' },
        2026,
      ),
    ).toEqual({
      ok: true,
      input: { firstName: 'Robin', lastName: 'Avery', patrol: null, birthYear: 2014, notes: null },
    });
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
