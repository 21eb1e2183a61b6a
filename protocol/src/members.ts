/**
 * The member list (docs/protocol.md, Members): who is in the troop, as leaders and admins see
 * it. `role` is the app role the roles configuration knows (docs/roles.md); `troopRole` is what
 * the member said of themself at sign-up, and grants nothing.
 */
import type { AccountStatus } from './auth.ts';

export interface WireMember {
  id: string;
  status: AccountStatus;
  email: string;
  displayName: string | null;
  troopRole: string | null;
  role: string;
  emailVerified: boolean;
  createdAt: string;
  lastSignInAt: string | null;
}

/** An invitation to join (SIGNUP_MODE=invite). Its link is shown once, when it is made. */
export interface WireInvitation {
  id: string;
  /** The one person it was sent to, whose email it pre-fills and requires; null for anyone. */
  email: string | null;
  maxUses: number;
  uses: number;
  expiresAt: string;
  revokedAt: string | null;
  createdAt: string;
  createdBy: string | null;
  /** The role its person joins with; null for the troop's usual role for newcomers. */
  role: string | null;
  /** When it went by mail to `email`; null while it has not (its link was only shown). */
  mailedAt: string | null;
}

/** The invitation an `invitation.*` audit entry is about, as it is now. */
export interface AuditedInvitation {
  /** The one person it was for; null for a link for several people. */
  email: string | null;
  maxUses: number;
  /** Who made it; null when their account has been removed since. */
  createdBy: string | null;
  createdAt: string;
}

/** One membership change: who did what to whom, when (docs/operations.md, Who may join). */
export interface WireAuditEntry {
  id: string;
  at: string;
  actorId: string | null;
  action: string;
  targetId: string | null;
  details: Record<string, unknown>;
  /** For `invitation.created` and `invitation.revoked`: the invitation, so it reads as words. */
  invitation?: AuditedInvitation | null;
}
