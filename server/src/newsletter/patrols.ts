/**
 * The patrols a writer may address a post to: the distinct patrol names of the troop's scouts,
 * one per patrolKey() (the first spelling met, trimmed), sorted as people read them.
 */
import { patrolKey } from '@scout/protocol/newsletter';
import type { Queryable } from '../store/store.ts';

export async function troopPatrols(db: Queryable, troopId: string): Promise<string[]> {
  const { rows } = await db.query<{ patrol: string }>(
    'SELECT DISTINCT patrol FROM scouts WHERE troop_id = ? AND patrol IS NOT NULL ORDER BY patrol',
    [troopId],
  );
  const byKey = new Map<string, string>();
  for (const { patrol } of rows) {
    const key = patrolKey(patrol);
    if (key !== '' && !byKey.has(key)) byKey.set(key, patrol.trim().replace(/\s+/g, ' '));
  }
  return [...byKey.values()].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
}
