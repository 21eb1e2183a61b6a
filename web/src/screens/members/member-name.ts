import type { Member } from '@scout/sdk/members';

/** How a member is named on screen: their display name, else their email. */
export const memberName = (m: Pick<Member, 'displayName' | 'email'>) =>
  m.displayName?.trim() || m.email;
