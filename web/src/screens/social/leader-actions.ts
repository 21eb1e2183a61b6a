/**
 * A leader's decisions on a post or comment (protocol/src/social.ts SOCIAL_MODERATIONS), offered
 * as the item stands: approve what waits, show again what is hidden, lock a post's comments.
 */
import type { SocialModeration, SocialStatus } from '@scout/protocol/social';

/** The decisions a leader may take on an item as it stands now. */
export function leaderActions(
  status: SocialStatus,
  kind: 'post' | 'comment',
  locked = false,
): SocialModeration[] {
  const actions: SocialModeration[] = [];
  if (status === 'pending' || status === 'held') actions.push('approve');
  if (status === 'hidden') actions.push('unhide');
  if (status !== 'hidden' && status !== 'removed') actions.push('hide');
  if (status !== 'removed') actions.push('remove');
  if (kind === 'post' && status !== 'removed') actions.push(locked ? 'unlock' : 'lock');
  return actions;
}

export const ACTION_LABELS: Record<SocialModeration, string> = {
  approve: 'Approve',
  hide: 'Hide',
  unhide: 'Show again',
  remove: 'Remove',
  lock: 'Lock comments',
  unlock: 'Unlock comments',
};
