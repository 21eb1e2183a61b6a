/**
 * Mails an invitation link to the one person it was made for, named by the leader who sent it.
 * Mail to outside addresses is what a phishing tool would send, so only those who may let
 * people in (members.approve) reach this, and only with a link to this troop.
 */
import type { WireInvitation } from '@scout/protocol/members';
import type { ReadyDeps } from '../deps.ts';
import type { SignedInCaller } from '../http/route-guards.ts';
import { findUserById } from '../auth/users.ts';
import { invitationMail } from '../mail/templates.ts';
import { isoInstant } from '../store/sql-values.ts';
import { markInvitationMailed } from './invitations.ts';

export async function mailInvitation(
  deps: ReadyDeps,
  caller: SignedInCaller,
  to: string,
  url: string,
  invitation: WireInvitation,
): Promise<WireInvitation> {
  const inviter = caller.kind === 'user' ? await findUserById(deps, caller.userId) : undefined;
  const seconds = Math.max(60, (Date.parse(invitation.expiresAt) - deps.clock.now()) / 1000);
  const mail = invitationMail({
    link: url,
    expiresInSeconds: seconds,
    inviter: inviter?.display_name ?? inviter?.email ?? '',
  });
  await deps.mail.send({ to: [{ address: to }], ...mail });
  // Sent to the address it names: a sign-up with its link now proves that address.
  const now = deps.clock.now();
  await markInvitationMailed(deps.store, invitation.id, now);
  return { ...invitation, mailedAt: isoInstant(now) };
}
