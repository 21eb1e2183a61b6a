/**
 * What an edit of an occurrence sends: only the fields the member changed. The form opens on
 * the occurrence's own date, so sending every field would move a whole series ("All events")
 * to that date; a field left alone stays as each occurrence has it.
 */
import type { OccurrenceChanges } from '@scout/sdk/calendar';
import type { NewEventInput } from './calendar-event.ts';

const FIELDS = [
  'eventName',
  'eventDate',
  'eventTime',
  'endDate',
  'endTime',
  'allDay',
  'location',
  'description',
  'category',
  'hyperlink',
  'rsvpDeadline',
  'capacity',
] as const;

export function changedFields(before: NewEventInput, after: NewEventInput): OccurrenceChanges {
  const changes: Record<string, unknown> = {};
  for (const f of FIELDS) {
    const a = before[f] ?? null;
    const b = after[f] ?? null;
    if (a !== b) changes[f] = b;
  }
  // The dialog sends a rule only when the member changed it (null ends the repeating).
  if (after.rrule !== undefined) changes.rrule = after.rrule;
  return changes as OccurrenceChanges;
}
