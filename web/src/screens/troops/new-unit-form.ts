/**
 * The platform admin's form for a new troop or council (troops-screen.tsx): its values, the
 * rules the browser checks before sending (the protocol's, in the server's words:
 * protocol/src/troops.ts, server/src/troops/troop-schemas.ts), the input it sends, and which
 * field a refusal of the server names.
 */
import { looksLikeEmail, SIGNUP_MODES, type SignupMode } from '@scout/protocol/auth';
import { UI_MESSAGES } from '@scout/protocol/errors';
import {
  TROOP_NAME_MAX_LENGTH,
  TROOP_NUMBER_MAX_LENGTH,
  troopProjectIdProblem,
  type NewTroopInput,
} from '@scout/protocol/troops';
import type { FieldErrors } from '../../lib/field-errors.ts';

export type UnitKind = 'troop' | 'council';

export interface NewUnitValues {
  kind: UnitKind;
  number: string;
  name: string;
  projectId: string;
  /** An IANA zone; empty leaves the server's own. */
  timeZone: string;
  /** One of SIGNUP_MODES; empty leaves the server's own. */
  signupMode: string;
  /** For a troop: its council's project id; empty for none. */
  councilProjectId: string;
  /** Optional: the first leader's address. */
  leaderEmail: string;
}

/** The fields in the order the form shows them, so focus goes to the first that needs fixing. */
export const NEW_UNIT_FIELDS = [
  'kind',
  'number',
  'name',
  'projectId',
  'timeZone',
  'signupMode',
  'councilProjectId',
  'leaderEmail',
] as const satisfies readonly (keyof NewUnitValues)[];

/** The zone this browser keeps its clock in: most troops are made for where their admin is. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || '';
  } catch {
    return '';
  }
}

export const emptyNewUnit = (timeZone: string): NewUnitValues => ({
  kind: 'troop',
  number: '',
  name: '',
  projectId: '',
  timeZone,
  signupMode: '',
  councilProjectId: '',
  leaderEmail: '',
});

/** A zone name the browser knows, as the server checks TIMEZONE. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const isSignupMode = (mode: string): mode is SignupMode =>
  (SIGNUP_MODES as readonly string[]).includes(mode);

function textProblem(what: string, text: string, max: number): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return `${what} is required`;
  if (trimmed.length > max) return `${what} has at most ${max} characters`;
  return null;
}

/** What keeps the values from being sent, by field; empty when they may go. */
export function newUnitProblems(v: NewUnitValues): FieldErrors<NewUnitValues> {
  const what = v.kind === 'council' ? 'A council' : 'A troop';
  const found: FieldErrors<NewUnitValues> = {
    number: textProblem(`${what} number`, v.number, TROOP_NUMBER_MAX_LENGTH) ?? undefined,
    name: textProblem(`${what} name`, v.name, TROOP_NAME_MAX_LENGTH) ?? undefined,
    projectId: troopProjectIdProblem(v.projectId.trim()) ?? undefined,
    timeZone:
      v.timeZone.trim() !== '' && !isTimeZone(v.timeZone.trim())
        ? 'The time zone must be an IANA name, like America/Chicago'
        : undefined,
    signupMode:
      v.signupMode !== '' && !isSignupMode(v.signupMode)
        ? `The sign-up mode is one of ${SIGNUP_MODES.join(', ')}`
        : undefined,
    leaderEmail:
      v.leaderEmail.trim() !== '' && !looksLikeEmail(v.leaderEmail)
        ? UI_MESSAGES.invalidEmail
        : undefined,
  };
  return Object.fromEntries(
    Object.entries(found).filter(([, message]) => message !== undefined),
  ) as FieldErrors<NewUnitValues>;
}

/** The first field with a message, in the form's order. */
export const firstProblemField = (
  errors: FieldErrors<NewUnitValues>,
): keyof NewUnitValues | undefined => NEW_UNIT_FIELDS.find((f) => errors[f]);

/** What is sent: trimmed, and only what was given (the server fills the rest). */
export function newUnitInput(v: NewUnitValues): NewTroopInput {
  const timeZone = v.timeZone.trim();
  const leaderEmail = v.leaderEmail.trim();
  return {
    kind: v.kind,
    projectId: v.projectId.trim(),
    number: v.number.trim(),
    name: v.name.trim(),
    ...(timeZone ? { timeZone } : {}),
    ...(isSignupMode(v.signupMode) ? { signupMode: v.signupMode } : {}),
    ...(v.kind === 'troop' && v.councilProjectId ? { councilProjectId: v.councilProjectId } : {}),
    ...(leaderEmail ? { leaderEmail } : {}),
  };
}

/** A refusal of the server, as the form shows it: by the field it names, else over the form. */
export type ServerProblem =
  { field: keyof NewUnitValues; message: string } | { field: null; message: string };

const FIELD_NAMES = new Set<string>(NEW_UNIT_FIELDS);

/**
 * Which field the server's refusal is about. A schema's refusal names its field
 * ("Invalid body.timeZone: ..."); a taken project id is a conflict; a council that is not one
 * names the council. Anything else is said over the form.
 */
export function serverProblem(err: {
  code?: string;
  message?: string;
  userMessage?: string;
}): ServerProblem {
  const words = err.userMessage || err.message || 'The troop could not be made. Try again.';
  const named = /^Invalid body\.(\w+): (.+)$/s.exec(words);
  if (named && FIELD_NAMES.has(named[1] ?? ''))
    return { field: named[1] as keyof NewUnitValues, message: named[2] ?? words };
  if (err.code === 'CONFLICT') return { field: 'projectId', message: words };
  if (err.code === 'VALIDATION_ERROR' && /council/i.test(words))
    return { field: 'councilProjectId', message: words };
  return { field: null, message: words };
}
