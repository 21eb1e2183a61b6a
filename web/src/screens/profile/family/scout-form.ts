/**
 * The add-a-scout form: its text values, and what the server is sent, checked by the same rules
 * the server applies (protocol/src/households.ts), each problem named next to its field.
 */
import { scoutProblems, type ScoutField, type ScoutInput } from '@scout/protocol/households';

export interface ScoutFormValues {
  firstName: string;
  lastName: string;
  patrol: string;
  birthYear: string;
  notes: string;
}

export const emptyScoutForm: ScoutFormValues = {
  firstName: '',
  lastName: '',
  patrol: '',
  birthYear: '',
  notes: '',
};

export type ScoutFormErrors = Partial<Record<ScoutField, string>>;

export type ScoutFormResult =
  | { ok: true; input: ScoutInput & { firstName: string; lastName: string } }
  | { ok: false; errors: ScoutFormErrors };

const YEAR = /^\d{4}$/;

export function validateScoutForm(values: ScoutFormValues, year: number): ScoutFormResult {
  const born = values.birthYear.trim();
  const input = {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    patrol: values.patrol.trim() || null,
    birthYear: born === '' ? null : YEAR.test(born) ? Number(born) : Number.NaN,
    notes: values.notes.trim() || null,
  };
  const errors: ScoutFormErrors = scoutProblems(input, year);
  if (Number.isNaN(input.birthYear)) errors.birthYear = 'Birth year must be a year, like 2014';
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, input };
}

/** What the rules find wrong with the values this year, by field; nothing when they may be sent. */
export function scoutFormProblems(values: ScoutFormValues): ScoutFormErrors {
  const result = validateScoutForm(values, new Date().getFullYear());
  return result.ok ? {} : result.errors;
}
