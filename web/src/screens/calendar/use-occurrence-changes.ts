/**
 * Changes to an occurrence of a series through the occurrence routes
 * (docs/decisions/041-repeat-rules-and-occurrence-routes.md), with the scope the member chose.
 * The server expands series, so the list is read again after each change, whether it
 * succeeded or not.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OccurrenceChanges, OccurrenceScope } from '@scout/sdk/calendar';
import { scout } from '../../lib/sdk.ts';
import type { OccurrenceRef } from './calendar-event.ts';
import { calendarEventsKey } from './use-calendar-events.ts';

export type OccurrenceChange =
  | { kind: 'edit'; changes: OccurrenceChanges }
  | { kind: 'cancel'; reason: string | null }
  | { kind: 'delete' };

export interface OccurrenceChangeInput {
  ref: OccurrenceRef;
  scope: OccurrenceScope;
  change: OccurrenceChange;
}

function send({ ref, scope, change }: OccurrenceChangeInput): Promise<void> {
  const { seriesId, date } = ref;
  if (change.kind === 'edit')
    return scout.calendar.editOccurrence(seriesId, date, scope, change.changes);
  if (change.kind === 'cancel')
    return scout.calendar.cancelOccurrence(seriesId, date, scope, change.reason ?? undefined);
  return scout.calendar.deleteOccurrence(seriesId, date, scope);
}

export function useOccurrenceChange(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onError: (err) => console.warn('Changing an occurrence failed', err),
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarEventsKey(userId) }),
  });
}
