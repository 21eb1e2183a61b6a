import { Button } from '../../ui/button.tsx';
import type { CalendarEvent } from './calendar-event.ts';
import { eventControls, type EventGrants } from './event-controls.ts';
import { EventRow } from './event-row.tsx';

const count = (n: number) => n.toLocaleString('en-US');

interface EventListProps {
  visible: readonly CalendarEvent[];
  total: number;
  hiddenBefore: number;
  hiddenAfter: number;
  /** Whether series occurrences before every row read can still be read. */
  earlier: 'none' | 'available' | 'loading';
  /** YYYY-MM-DD: events before this day are past. */
  today: string;
  userId: string;
  /** What the calendar_events rules let this member change and delete. */
  grants: EventGrants;
  downloadingId: string | null;
  highlightId: string | null;
  onShowEarlier: () => void;
  onShowLater: () => void;
  onDelete: (event: CalendarEvent) => void;
  onEdit: (event: CalendarEvent) => void;
  onCancel: (event: CalendarEvent) => void;
  onAddToCalendar: (event: CalendarEvent) => void;
}

export function EventList({
  visible,
  total,
  hiddenBefore,
  hiddenAfter,
  earlier,
  today,
  userId,
  grants,
  downloadingId,
  highlightId,
  onShowEarlier,
  onShowLater,
  onDelete,
  onEdit,
  onCancel,
  onAddToCalendar,
}: EventListProps) {
  const thisYear = Number(today.slice(0, 4));
  return (
    <div className="space-y-4">
      <p className="text-sm text-stone-600">
        {visible.length === total
          ? `${count(total)} ${total === 1 ? 'event' : 'events'}`
          : `Showing ${count(visible.length)} of ${count(total)} events`}
      </p>
      {hiddenBefore > 0 ? (
        <Button variant="secondary" className="w-full" onClick={onShowEarlier}>
          Show earlier events ({count(hiddenBefore)})
        </Button>
      ) : earlier !== 'none' ? (
        // Every row read is shown; older meetings of a series are read when asked for.
        <Button
          variant="secondary"
          className="w-full"
          disabled={earlier === 'loading'}
          onClick={onShowEarlier}
        >
          {earlier === 'loading' ? 'Loading earlier events...' : 'Show earlier events'}
        </Button>
      ) : null}
      <ol aria-label="Troop events" className="space-y-2">
        {visible.map((event) => {
          // Three booleans, not an object: the row is memoised on its props.
          const may = eventControls(event, userId, grants);
          return (
            <EventRow
              key={event.id}
              event={event}
              userId={userId}
              past={event.eventDate < today}
              thisYear={thisYear}
              canEdit={may.edit}
              canCancel={may.cancel}
              canDelete={may.delete}
              downloading={event.id === downloadingId}
              highlighted={event.id === highlightId}
              onDelete={onDelete}
              onEdit={onEdit}
              onCancel={onCancel}
              onAddToCalendar={onAddToCalendar}
            />
          );
        })}
      </ol>
      {hiddenAfter > 0 ? (
        <Button variant="secondary" className="w-full" onClick={onShowLater}>
          Show more events ({count(hiddenAfter)})
        </Button>
      ) : null}
    </div>
  );
}
