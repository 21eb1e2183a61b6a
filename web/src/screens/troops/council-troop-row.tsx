import { useId, useState } from 'react';
import { COUNCIL_OVERVIEW_DAYS, type CouncilTroopSummary } from '@scout/protocol/troops';
import { troopLabel } from '../../frame/troop-switch.ts';
import { formatEventDate, formatEventTime } from '../../lib/event-format.ts';
import { failureMessage } from '../../lib/failure-message.ts';
import { Button } from '../../ui/button.tsx';
import { cx } from '../../ui/cx.ts';
import { ChevronDownIcon } from '../../ui/icons.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { answerRateText } from './council-format.ts';
import { useCouncilTroopEvents } from './use-council.ts';

/**
 * One troop of the council: its members, upcoming events and answer rate, and, once opened, its
 * events of the coming days (read then, not before). No names and no answers by person: the
 * council reads none (docs/decisions/065-troops.md).
 */
export function CouncilTroopRow({ troop }: { troop: CouncilTroopSummary }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const name = troopLabel(troop);
  const figures = [
    ['Members', String(troop.members)],
    ['Upcoming events', String(troop.upcomingEvents)],
    ['Answer rate', answerRateText(troop.answerRate)],
  ] as const;
  return (
    <li className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h3 className="text-lg font-bold text-stone-900">{name}</h3>
        <Button
          variant="secondary"
          size="sm"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((was) => !was)}
        >
          Next events<span className="sr-only"> of {name}</span>
          <ChevronDownIcon className={cx('size-4 transition-transform', open && 'rotate-180')} />
        </Button>
      </div>
      <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm">
        {figures.map(([label, value]) => (
          <div key={label} className="flex gap-1.5">
            <dt className="text-stone-600">{label}:</dt>
            <dd className="font-semibold text-stone-900 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <div id={listId} hidden={!open} className="mt-3">
        {open ? <TroopEvents troop={troop} name={name} /> : null}
      </div>
    </li>
  );
}

function TroopEvents({ troop, name }: { troop: CouncilTroopSummary; name: string }) {
  const events = useCouncilTroopEvents(troop.projectId, troop.timeZone, true);
  if (events.isLoading)
    return (
      <p className="flex items-center gap-2 text-sm text-stone-600">
        <Spinner className="size-4" /> Loading events...
      </p>
    );
  if (events.error || !events.data)
    return (
      <p role="alert" className="text-sm text-red-800">
        {failureMessage(events.error, 'Could not load the troop’s events.')}
      </p>
    );
  if (events.data.length === 0)
    return (
      <p className="text-sm text-stone-600">No events in the next {COUNCIL_OVERVIEW_DAYS} days.</p>
    );
  return (
    <ul aria-label={`Events of ${name}`} className="divide-y divide-stone-100 text-sm">
      {events.data.map((e) => (
        <li key={`${e.id}/${e.date}`} className="flex flex-wrap items-baseline gap-x-3 py-2">
          <span className="w-36 shrink-0 text-stone-700">{formatEventDate(e.date)}</span>
          <span className="w-20 shrink-0 text-stone-700 tabular-nums">
            {e.time ? formatEventTime(e.time) : 'All day'}
          </span>
          <span
            className={cx(
              'min-w-0 flex-1 font-semibold text-stone-900',
              e.cancelled && 'line-through',
            )}
          >
            {e.title}
          </span>
          {e.cancelled ? (
            <span className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-800">
              Cancelled
            </span>
          ) : null}
          {e.location ? <span className="basis-full text-stone-600">{e.location}</span> : null}
        </li>
      ))}
    </ul>
  );
}
