/**
 * When a member's digest of new events goes out (docs/decisions/064-notice-batches.md): daily
 * at 18:00 troop time, weekly on Sunday at 18:00. A batch that closes at an instant belongs to
 * the first digest due at or after it; that digest gathers the batches that closed since the
 * digest before it.
 */
import { addDays, todayIn } from '@scout/protocol/wall-clock';
import { instantOf } from './event-state.ts';

export type DigestCadence = 'daily' | 'weekly';

/** The troop's wall clock time a digest goes out. */
export const DIGEST_TIME = '18:00';
/** Sunday, as Date.getUTCDay counts. */
const WEEKLY_DAY = 0;

/** The digest a batch closing at `closesAt` goes in: when it is due, and since when it gathers. */
export function digestFor(
  timeZone: string,
  cadence: DigestCadence,
  closesAt: number,
): { due: number; since: number } {
  const localDay = todayIn(timeZone, closesAt);
  for (let i = 0; ; i++) {
    const day = addDays(localDay, i);
    if (cadence === 'weekly' && new Date(`${day}T00:00:00Z`).getUTCDay() !== WEEKLY_DAY) continue;
    const due = instantOf(timeZone, day, DIGEST_TIME);
    if (due < closesAt) continue;
    const before = addDays(day, cadence === 'daily' ? -1 : -7);
    return { due, since: instantOf(timeZone, before, DIGEST_TIME) };
  }
}
