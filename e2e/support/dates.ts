/** Days as the calendar journeys count them: UTC midnights in milliseconds. */

export const DAY_MS = 86_400_000;

/** Today's date at midnight UTC. */
export function todayUtc(): number {
  const now = new Date();
  return Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
}

/** YYYY-MM-DD of a day, as a date input and the API take it. */
export const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** YYYY-MM-DD `days` after today: a date that stays ahead of today whenever the journey runs. */
export const daysAhead = (days: number) => isoDate(todayUtc() + days * DAY_MS);

/** The same day `months` later (the month's last day when it has no such day), UTC midnight. */
export function addMonthsUtc(ms: number, months: number): number {
  const d = new Date(ms);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months + 1, 0));
  return Date.UTC(
    last.getUTCFullYear(),
    last.getUTCMonth(),
    Math.min(d.getUTCDate(), last.getUTCDate()),
  );
}

/** The first Tuesday at least a week ahead: the list reads series a year ahead of today. */
export function nextTuesday(): number {
  let ms = todayUtc() + 7 * DAY_MS;
  while (new Date(ms).getUTCDay() !== 2) ms += DAY_MS;
  return ms;
}
