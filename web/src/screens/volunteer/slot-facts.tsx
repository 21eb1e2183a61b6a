import { Link } from 'wouter';
import { eventPath } from '@scout/protocol/app-paths';
import { VOLUNTEER_KIND_LABELS, type WireSlotOnDate } from '@scout/protocol/volunteer';
import { slotWhen } from '../../lib/volunteer-text.ts';

export const listClass = 'mt-3 divide-y divide-stone-200';
export const rowClass =
  'flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4';

/** A slot's title, its kind, its event (a link to the event's sheet) and when. */
export function SlotFacts({ slot }: { slot: WireSlotOnDate }) {
  return (
    <div className="min-w-0">
      <p className="text-sm font-semibold break-words text-stone-900">
        {slot.title}{' '}
        <span className="ml-1 rounded-full bg-stone-100 px-2 py-0.5 text-xs font-medium text-stone-700">
          {VOLUNTEER_KIND_LABELS[slot.kind]}
        </span>
      </p>
      <p className="text-sm text-stone-700">
        <Link
          href={eventPath(slot.eventId, slot.occurrence || undefined)}
          className="font-medium text-scout-700 underline decoration-scout-300 underline-offset-2 hover:text-scout-900"
        >
          {slot.eventName}
        </Link>
        <span className="block text-stone-600 sm:ml-1.5 sm:inline">{slotWhen(slot)}</span>
      </p>
    </div>
  );
}

/** A panel's quiet line: loading, failed or nothing to show. */
export function PanelNote({ children, alert = false }: { children: string; alert?: boolean }) {
  return (
    <p role={alert ? 'alert' : undefined} className="mt-3 text-sm text-stone-600">
      {children}
    </p>
  );
}
