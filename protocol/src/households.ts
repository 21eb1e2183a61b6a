/**
 * Households (docs/protocol.md, Households): a family's adults (accounts) and scouts (profiles
 * that need no account). A scout's details are for the scout's household and for those the
 * roles configuration lets read every scout's (`scouts.read`); every other member sees names.
 */

export const HOUSEHOLD_INVITATION_KINDS = ['adult', 'scout'] as const;
/** `adult`: another grown-up of the family joins; `scout`: a scout's own account links to a profile. */
export type HouseholdInvitationKind = (typeof HOUSEHOLD_INVITATION_KINDS)[number];

/** How the caller belongs to the household they read. */
export type HouseholdRole = 'adult' | 'scout';

/** Bounds checked by the family forms and again by the server. */
export const HOUSEHOLD_LIMITS = {
  nameMaxLength: 100,
  patrolMaxLength: 60,
  notesMaxLength: 1000,
  /** Scouts are children: a birth year this many years back at most. */
  birthYearSpan: 30,
  scoutsPerHousehold: 20,
  /** Invitations waiting for an answer, per household. */
  openInvitations: 10,
  invitationDays: 14,
  /** Invitations a member may mail in an hour: mail to any address is what spam would send. */
  mailsPerHour: 10,
} as const;

/** A scout as the household and leaders see it. */
export interface WireScout {
  id: string;
  firstName: string;
  lastName: string;
  patrol: string | null;
  birthYear: number | null;
  notes: string | null;
  /** Linked to the scout's own account. */
  hasAccount: boolean;
  /** The family asks that no photo of the scout be shown: a photo tagged with them waits for a leader. */
  noPhotos: boolean;
  /** The family lets the scout post, comment and react in the troop feed; until then they read. */
  mayPost: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface WireHouseholdAdult {
  userId: string;
  name: string;
  email: string;
  joinedAt: string;
}

/** An invitation waiting for an answer. Its link is shown once, when it is made. */
export interface WireHouseholdInvitation {
  id: string;
  kind: HouseholdInvitationKind;
  /** The scout profile a `scout` invitation links to. */
  scoutId: string | null;
  /** The one account that may accept it, by email; null: whoever has the link. */
  email: string | null;
  expiresAt: string;
  createdAt: string;
}

export interface WireHousehold {
  id: string;
  name: string;
  /** The caller's place in it: adults change it, a scout with an account reads it. */
  role: HouseholdRole;
  adults: WireHouseholdAdult[];
  scouts: WireScout[];
  /** Open invitations; empty for a scout. */
  invitations: WireHouseholdInvitation[];
}

/** Every scout of the troop, for leaders (`scouts.read`). */
export interface WireTroopScout extends WireScout {
  householdId: string;
  householdName: string;
  /** The household's adults, to reach the family. */
  adults: Array<{ userId: string; name: string; email: string }>;
}

/** What every member sees of a scout: the name. */
export interface WireRosterScout {
  id: string;
  firstName: string;
  lastName: string;
}

/** What the accept screen shows before the invitee says yes. */
export interface WireHouseholdInvitationCheck {
  usable: boolean;
  kind: HouseholdInvitationKind | null;
  householdName: string | null;
  /** For a `scout` invitation: the profile's name. */
  scoutName: string | null;
  email: string | null;
  /** The caller already joined with this link (it is spent): nothing left to ask. */
  joined: boolean;
}

/**
 * What a household link's landing page shows before anyone signs in: who invited, to which
 * household, as what. A wrong or expired link gets all nulls; a spent one says only `used`.
 */
export interface WireHouseholdInvitationLanding {
  usable: boolean;
  /** The link was already used to join: the page says to sign in. */
  used: boolean;
  kind: HouseholdInvitationKind | null;
  /** The inviting adult's display name. */
  inviterName: string | null;
  householdName: string | null;
}

export const SCOUT_FIELDS = ['firstName', 'lastName', 'patrol', 'birthYear', 'notes'] as const;
export type ScoutField = (typeof SCOUT_FIELDS)[number];

/** A scout's fields as a form or a client sends them. */
export interface ScoutInput {
  firstName?: string | undefined;
  lastName?: string | undefined;
  patrol?: string | null | undefined;
  birthYear?: number | null | undefined;
  notes?: string | null | undefined;
  /** Set by the household's adults only, like every field here. */
  noPhotos?: boolean | undefined;
  mayPost?: boolean | undefined;
}

/** The earliest and latest birth year a scout may have in `year`. */
export const birthYearRange = (year: number) => ({
  min: year - HOUSEHOLD_LIMITS.birthYearSpan,
  max: year,
});

/**
 * What is wrong with a scout's fields, by field, in the words shown next to it: the form checks
 * with this, and the server again (without zod, so the browser bundle carries none). `partial`:
 * an edit, where absent names are kept.
 */
export function scoutProblems(
  input: ScoutInput,
  year: number,
  partial = false,
): Partial<Record<ScoutField, string>> {
  const problems: Partial<Record<ScoutField, string>> = {};
  const { nameMaxLength, patrolMaxLength, notesMaxLength } = HOUSEHOLD_LIMITS;
  for (const [field, label] of [
    ['firstName', 'First name'],
    ['lastName', 'Last name'],
  ] as const) {
    const value = input[field];
    if (value === undefined && partial) continue;
    if (!value?.trim()) problems[field] = `${label} is required`;
    else if (value.trim().length > nameMaxLength)
      problems[field] = `${label} is at most ${nameMaxLength} characters`;
  }
  if ((input.patrol?.trim().length ?? 0) > patrolMaxLength)
    problems.patrol = `Patrol is at most ${patrolMaxLength} characters`;
  if ((input.notes?.length ?? 0) > notesMaxLength)
    problems.notes = `Notes are at most ${notesMaxLength} characters`;
  const born = input.birthYear;
  if (born !== undefined && born !== null) {
    const { min, max } = birthYearRange(year);
    if (!Number.isInteger(born) || born < min || born > max)
      problems.birthYear = `Birth year must be between ${min} and ${max}`;
  }
  return problems;
}
