/** Rows of the household tables and their wire shapes: one place that maps columns to fields. */
import type {
  HouseholdInvitationKind,
  WireHouseholdAdult,
  WireHouseholdInvitation,
  WireScout,
} from '@scout/protocol/households';
import { readBoolean } from '../store/sql-values.ts';

export interface ScoutRow {
  id: string;
  household_id: string;
  first_name: string;
  last_name: string;
  patrol: string | null;
  birth_year: number | string | null;
  notes: string | null;
  user_id: string | null;
  /** Booleans as either store answers them (store/sql-values.ts). */
  no_photos: unknown;
  may_post: unknown;
  created_at: string;
  updated_at: string;
}

export const SCOUT_COLUMNS =
  'id, household_id, first_name, last_name, patrol, birth_year, notes, user_id, no_photos, may_post, created_at, updated_at';

export const scoutToWire = (r: ScoutRow): WireScout => ({
  id: r.id,
  firstName: r.first_name,
  lastName: r.last_name,
  patrol: r.patrol,
  birthYear: r.birth_year === null ? null : Number(r.birth_year),
  notes: r.notes,
  hasAccount: r.user_id !== null,
  noPhotos: readBoolean(r.no_photos),
  mayPost: readBoolean(r.may_post),
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export interface AdultRow {
  user_id: string;
  display_name: string | null;
  email: string;
  joined_at: string;
}

export const adultToWire = (r: AdultRow): WireHouseholdAdult => ({
  userId: r.user_id,
  name: r.display_name || r.email,
  email: r.email,
  joinedAt: r.joined_at,
});

export interface InvitationRow {
  id: string;
  /** The troop whose household it joins. */
  troop_id: string;
  household_id: string;
  kind: HouseholdInvitationKind;
  scout_id: string | null;
  email: string | null;
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
}

export const INVITATION_COLUMNS =
  'id, troop_id, household_id, kind, scout_id, email, created_at, expires_at, accepted_at';

export const invitationToWire = (r: InvitationRow): WireHouseholdInvitation => ({
  id: r.id,
  kind: r.kind,
  scoutId: r.scout_id,
  email: r.email,
  expiresAt: r.expires_at,
  createdAt: r.created_at,
});
