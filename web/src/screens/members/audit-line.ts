/**
 * One audit log entry in words: who did what to whom. An invitation is named by whom it was for
 * and, once revoked, by who made it and when: its id means nothing to a person.
 */
import { formatDay } from '../../lib/event-format.ts';
import type { AuditEntry, Member } from '@scout/sdk/members';
import { memberName } from './member-name.ts';

type Named = Pick<Member, 'id' | 'displayName' | 'email'>;

export function auditLine(entry: AuditEntry, members: readonly Named[]): string {
  const nameOf = (id: string | null, fallback: string) => {
    const m = id ? members.find((x) => x.id === id) : undefined;
    return m ? memberName(m) : fallback;
  };
  const actor = nameOf(entry.actorId, 'the server');
  const what = entry.action.replace('.', ' ').replace('_', ' ');
  if (entry.invitation !== undefined) return `${actor}: ${what}${invitationWords(entry, nameOf)}`;
  const email = typeof entry.details.email === 'string' ? entry.details.email : null;
  return `${actor}: ${what} ${nameOf(entry.targetId, email ?? entry.targetId ?? '')}`;
}

function invitationWords(
  entry: AuditEntry,
  nameOf: (id: string | null, fallback: string) => string,
): string {
  const invitation = entry.invitation;
  if (!invitation) {
    const email = typeof entry.details.email === 'string' ? entry.details.email : null;
    return email ? ` for ${email}` : ', an invitation no longer on record';
  }
  const whom = invitation.email
    ? ` for ${invitation.email}`
    : invitation.maxUses === 1
      ? ', a link for one person'
      : `, a link for up to ${invitation.maxUses.toLocaleString('en-US')} people`;
  // Made is said by the entry itself; a revocation says which invitation it ended.
  if (entry.action !== 'invitation.revoked') return whom;
  const maker = nameOf(invitation.createdBy, 'a former member');
  return `${whom}, made by ${maker} on ${formatDay(invitation.createdAt)}`;
}
