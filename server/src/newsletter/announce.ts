/**
 * A post sent, edited or removed is announced on the troop's `newsletter` channel
 * (store/tenancy.ts `troopKey`), `{type: 'updated', data: {postId}}`, so open archives and the
 * dashboard's card read again, each under its own reader's access: the message names the post,
 * nothing of it. A council's post is announced in the council and in every troop of it.
 */
import { NEWSLETTER_CHANNEL } from '@scout/protocol/newsletter';
import type { ReadyDeps } from '../deps.ts';
import { unitsHearing } from '../notices/event-audience.ts';
import { troopKey } from '../store/tenancy.ts';

export async function announcePost(
  deps: Pick<ReadyDeps, 'realtime' | 'logger' | 'store'>,
  unitId: string,
  postId: string,
  userId: string,
): Promise<void> {
  if (!deps.realtime) return;
  for (const troopId of await unitsHearing(deps.store, unitId))
    // The change is stored either way; a listener that missed this reloads on reconnect.
    deps.realtime
      .publish(troopKey(troopId, NEWSLETTER_CHANNEL), {
        type: 'updated',
        data: { postId },
        userId,
      })
      .catch((err: Error) => {
        if (deps.logger) deps.logger.warn({ err: err.message }, 'newsletter publish failed');
      });
}
