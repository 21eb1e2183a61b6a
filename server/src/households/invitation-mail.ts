/**
 * Mails a household invitation to the address its adult gave. Any member may send one, and mail
 * to any address is what spam would send, so the words are fixed, the link leads only to this
 * troop, and each member sends at most a few an hour. A named troop's invitation says whose it is
 * in its subject (docs/decisions/065-troops.md); an unnamed troop's reads as it always did.
 */
import { HOUSEHOLD_LIMITS } from '@scout/protocol/households';
import { hitRateLimit } from '../auth/rate-limits.ts';
import { findUserById } from '../auth/users.ts';
import type { ReadyDeps } from '../deps.ts';
import { householdInvitationMail } from '../mail/templates.ts';
import type { MadeInvitation } from './invitations.ts';

const HOUR = 3_600_000;

/** Counts before the invitation is made, so a refused mail makes no invitation either. */
export async function countInvitationMail(deps: ReadyDeps, userId: string): Promise<void> {
  await hitRateLimit(deps, `households:invitation-mail:user:${userId}`, {
    limit: HOUSEHOLD_LIMITS.mailsPerHour,
    windowMs: HOUR,
  });
}

export async function mailHouseholdInvitation(
  deps: ReadyDeps,
  troopName: string | null,
  inviterId: string,
  to: string,
  made: MadeInvitation,
): Promise<void> {
  const inviter = await findUserById(deps, inviterId);
  const seconds = Math.max(60, (Date.parse(made.invitation.expiresAt) - deps.clock.now()) / 1000);
  const mail = householdInvitationMail({
    link: made.url,
    expiresInSeconds: seconds,
    inviter: inviter?.display_name ?? inviter?.email ?? '',
    scoutName: made.scoutName,
  });
  const subject = troopName ? `${troopName}: ${mail.subject}` : mail.subject;
  await deps.mail.send({ to: [{ address: to }], ...mail, subject });
}
