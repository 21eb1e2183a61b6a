/**
 * Who waits for approval, as those who may let people in are told of it on every screen: a count
 * on the header's Members button and in the account menu (app-frame.tsx, use-account-menu.ts).
 */

/** How often the count is read again while a screen stays open; also on return to the tab. */
export const WAITING_REFRESH_MS = 60_000;

/** Accounts waiting for a leader, of a member list. */
export const waitingCount = (members: readonly { status?: string }[] | undefined): number =>
  members?.filter((m) => m.status === 'pending').length ?? 0;

/** "Members" alone, or "Members, 2 waiting": the visible words and the accessible name agree. */
export const membersLabel = (waiting: number): string =>
  waiting > 0 ? `Members, ${waiting} waiting` : 'Members';
