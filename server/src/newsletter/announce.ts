/**
 * A post sent, edited or removed is announced on the troop's `newsletter` channel
 * (store/tenancy.ts `troopKey`), `{type: 'updated', data: {postId}}`, so open archives and the
 * dashboard's card read again, each under its own reader's access: the message names the post,
 * nothing of it. A council's post is announced in the council and in every troop of it.
 */
import { NEWSLETTER_CHANNEL } from '@scout/protocol/newsletter';
import type { ReadyDeps } from '../deps.ts';
import type { Queryable } from '../store/store.ts';
import { troopKey } from '../store/tenancy.ts';

export { NEWSLETTER_CHANNEL };

/** The units whose archives show the unit's posts: itself and, for a council, its troops. */
export async function unitsShowing(db: Queryable, unitId: string): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    'SELECT id FROM troops WHERE council_id = ? ORDER BY id',
    [unitId],
  );
  return [unitId, ...rows.map((r) => r.id)];
}

export async function announcePost(
  deps: Pick<ReadyDeps, 'realtime' | 'logger' | 'store'>,
  unitId: string,
  postId: string,
  userId: string,
): Promise<void> {
  if (!deps.realtime) return;
  for (const troopId of await unitsShowing(deps.store, unitId))
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
