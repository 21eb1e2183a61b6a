import { Button } from '../../ui/button.tsx';
import type { CalendarEvent } from './calendar-event.ts';
import { EventRow } from './event-row.tsx';

const count = (n: number) => n.toLocaleString('en-US');

interface EventListProps {
  visible: readonly CalendarEvent[];
  total: number;
  hiddenBefore: number;
  hiddenAfter: number;
  userId: string;
  /** The roles configuration lets this member delete every event, not only their own. */
  canManageAll: boolean;
  downloadingId: string | null;
  highlightId: string | null;
  onShowEarlier: () => void;
  onShowLater: () => void;
  onDelete: (event: CalendarEvent) => void;
  onAddToCalendar: (event: CalendarEvent) => void;
}

export function EventList({
  visible,
  total,
  hiddenBefore,
  hiddenAfter,
  userId,
  canManageAll,
  downloadingId,
  highlightId,
  onShowEarlier,
  onShowLater,
  onDelete,
  onAddToCalendar,
}: EventListProps) {
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
      ) : null}
      <ol aria-label="Troop events" className="space-y-3">
        {visible.map((event) => (
          <EventRow
            key={event.id}
            event={event}
            canDelete={canManageAll || event.userId === userId}
            downloading={event.id === downloadingId}
            highlighted={event.id === highlightId}
            onDelete={onDelete}
            onAddToCalendar={onAddToCalendar}
          />
        ))}
      </ol>
      {hiddenAfter > 0 ? (
        <Button variant="secondary" className="w-full" onClick={onShowLater}>
          Show more events ({count(hiddenAfter)})
        </Button>
      ) : null}
    </div>
  );
}
