/** The reminder-hours field: typed text in, a whole number of hours within the limits out. */
import { REMINDER_HOURS_MAX, REMINDER_HOURS_MIN } from '@scout/protocol/notification-settings';

export const REMINDER_HOURS_PROBLEM = `Choose a whole number of hours from ${REMINDER_HOURS_MIN} to ${REMINDER_HOURS_MAX}.`;

/** The hours, or null when the text is not a whole number within the limits. */
export function readReminderHours(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,4}$/.test(trimmed)) return null;
  const hours = Number(trimmed);
  return hours >= REMINDER_HOURS_MIN && hours <= REMINDER_HOURS_MAX ? hours : null;
}
