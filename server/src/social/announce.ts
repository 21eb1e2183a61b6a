/**
 * Every change to a post (written, commented, reacted to, moderated, deleted) is announced on its
 * channel's realtime channel (`social:<channel>`, keyed by the troop: store/tenancy.ts
 * `troopKey`) as `{type: 'updated', data: {postId}}`, after the change is committed. Only the
 * channel's readers hear it (realtime-admission.ts), and the message names the post, nothing of
 * it: an open feed reads it again under its own reader's rules.
 */
import { socialRealtimeChannel, type SocialChannelId } from '@scout/protocol/social';
import type { ReadyDeps } from '../deps.ts';
import { troopKey, type Troop } from '../store/tenancy.ts';

export function announceSocial(
  deps: Pick<ReadyDeps, 'realtime' | 'logger'>,
  troop: Pick<Troop, 'id'>,
  channel: SocialChannelId,
  postId: string,
): void {
  if (!deps.realtime) return;
  try {
    // The change is stored either way; a listener that missed this reloads on reconnect.
    deps.realtime
      .publish(troopKey(troop.id, socialRealtimeChannel(channel)), {
        type: 'updated',
        data: { postId },
      })
      .catch((err: Error) => {
        if (deps.logger) deps.logger.warn({ err: err.message }, 'social publish failed');
      });
  } catch (err) {
    if (deps.logger) deps.logger.warn({ err: (err as Error).message }, 'social publish failed');
  }
}
