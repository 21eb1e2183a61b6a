/**
 * The add-a-scout form: its text values, and what the server is sent, checked by the same rules
 * the server applies (protocol/src/households.ts), each problem named next to its field. Its two
 * choices (no photos, may post) are checkboxes, kept as 'true' or '' like every value here.
 */
import { scoutProblems, type ScoutField, type ScoutInput } from '@scout/protocol/households';

export interface ScoutFormValues {
  firstName: string;
  lastName: string;
  patrol: string;
  birthYear: string;
  notes: string;
  noPhotos: string;
  mayPost: string;
}

export const emptyScoutForm: ScoutFormValues = {
  firstName: '',
  lastName: '',
  patrol: '',
  birthYear: '',
  notes: '',
  noPhotos: '',
  mayPost: '',
};

/** The choices a household makes for each scout, beside its fields. */
export const SCOUT_CHOICES = ['noPhotos', 'mayPost'] as const;
export type ScoutChoice = (typeof SCOUT_CHOICES)[number];

/** Each choice in the plain words its checkbox carries. */
export const SCOUT_CHOICE_LABELS: Record<ScoutChoice, string> = {
  noPhotos: 'No photos of me: photos tagged with this scout wait for a leader',
  mayPost: 'May post in the troop feed',
};

/** A checkbox's state as the form keeps it, and back. */
export const checkedValue = (checked: boolean): string => (checked ? 'true' : '');
const isChecked = (value: string) => value === 'true';

/** What one checkbox of a scout already added sends: that choice alone. */
export const scoutChoiceChange = (choice: ScoutChoice, checked: boolean): ScoutInput => ({
  [choice]: checked,
});

/** The choices made for a scout, in words, for those who read them (the scout's own account). */
export function scoutChoicesInWords(s: Record<ScoutChoice, boolean>): string {
  return [
    s.noPhotos ? 'no photos: tagged photos wait for a leader' : null,
    s.mayPost ? 'may post in the troop feed' : 'reads the troop feed only',
  ]
    .filter(Boolean)
    .join(' · ');
}

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
    noPhotos: isChecked(values.noPhotos),
    mayPost: isChecked(values.mayPost),
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
