/**
 * What the council's screen (council-screen.tsx) says of its troops: the answer rate as a
 * percent, the troops in order, and the window of a troop's next events, the days the
 * overview counts (protocol/src/troops.ts, COUNCIL_OVERVIEW_DAYS) in the troop's own clock.
 */
import { COUNCIL_OVERVIEW_DAYS, type CouncilTroopEvent } from '@scout/protocol/troops';
import { addDays, todayIn } from '@scout/protocol/wall-clock';

/** "64%"; "no events" while the troop has no answers to give (none upcoming). */
export function answerRateText(rate: number | null): string {
  if (rate === null) return 'no events';
  const percent = Math.round(Math.min(1, Math.max(0, rate)) * 100);
  // A few answers of many are not none.
  return percent === 0 && rate > 0 ? 'under 1%' : `${percent}%`;
}

/** Today and the days after it that the overview counts as upcoming, both ends included. */
export function upcomingWindow(timeZone: string, now: Date): { from: string; to: string } {
  const from = todayIn(timeZone, now.getTime());
  return { from, to: addDays(from, COUNCIL_OVERVIEW_DAYS - 1) };
}

/** By day; on a day, all-day events first, then by time, then by title. */
export function sortTroopEvents(events: readonly CouncilTroopEvent[]): CouncilTroopEvent[] {
  return [...events].sort(
    (a, b) =>
      a.date.localeCompare(b.date) ||
      (a.time ?? '').localeCompare(b.time ?? '') ||
      a.title.localeCompare(b.title),
  );
}
