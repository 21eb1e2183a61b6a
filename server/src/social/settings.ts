/**
 * A troop's feed rules (docs/decisions/090-social-feed.md): whether posts and comments by youth
 * wait for a leader before others see them. A troop with no row has the protective default:
 * they wait. Every member reads the setting (the composer says what will happen to a post);
 * moderators change it, and the audit log says who did and when.
 */
import type { WireSocialSettings } from '@scout/protocol/social';
import { recordAudit } from '../members/audit-log.ts';
import type { Queryable } from '../store/store.ts';
import { isoInstant, readBoolean, storedBoolean } from '../store/sql-values.ts';
import { requireModerator, type SocialRequest } from './request-context.ts';

export const DEFAULT_SOCIAL_SETTINGS: WireSocialSettings = { youthPostsNeedApproval: true };

export async function readSocialSettings(
  db: Queryable,
  troopId: string,
): Promise<WireSocialSettings> {
  const { rows } = await db.query<{ youth_posts_need_approval: unknown }>(
    'SELECT youth_posts_need_approval FROM social_settings WHERE troop_id = ?',
    [troopId],
  );
  const row = rows[0];
  if (!row) return { ...DEFAULT_SOCIAL_SETTINGS };
  return { youthPostsNeedApproval: readBoolean(row.youth_posts_need_approval) };
}

/** Sets the troop's rules (moderators only), audited in the same transaction. */
export async function writeSocialSettings(
  r: SocialRequest,
  input: WireSocialSettings,
): Promise<WireSocialSettings> {
  requireModerator(r);
  const now = r.deps.clock.now();
  await r.deps.store.transaction(async (tx) => {
    const before = await readSocialSettings(tx, r.troop.id);
    await tx.query(
      `INSERT INTO social_settings (troop_id, youth_posts_need_approval, updated_at)
       VALUES (?, ?, ?)
       ON CONFLICT (troop_id) DO UPDATE
         SET youth_posts_need_approval = excluded.youth_posts_need_approval,
             updated_at = excluded.updated_at`,
      [r.troop.id, storedBoolean(tx, input.youthPostsNeedApproval), isoInstant(now)],
    );
    if (before.youthPostsNeedApproval !== input.youthPostsNeedApproval)
      await recordAudit(tx, now, {
        troopId: r.troop.id,
        actorId: r.by,
        action: 'social.settings',
        targetId: r.troop.id,
        details: { youthPostsNeedApproval: input.youthPostsNeedApproval },
      });
  });
  return readSocialSettings(r.deps.store, r.troop.id);
}
