/**
 * A month of the troop calendar beside the list on wide screens, and instead of it on phones when
 * chosen: a grid of days (WAI-ARIA grid pattern, one day in the tab order, arrow keys to move,
 * see month-grid.ts), a Today button, and the chosen day's events named below it with their
 * category in words. It shows the category the list shows.
 */
import { EVENT_CATEGORY_LABELS, type EventCategory } from '@scout/protocol/calendar-events';
import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { localDateKey } from '../../lib/event-format.ts';
import { Button } from '../../ui/button.tsx';
import { cx } from '../../ui/cx.ts';
import { CategoryBadge } from './event-category.tsx';
import { dayEntry } from './month-days.ts';
import { addMonths, monthWeeks, moveDay } from './month-grid.ts';
import { useMonthOccurrences } from './use-month-occurrences.ts';

const WEEKDAYS = [
  ['Sun', 'Sunday'],
  ['Mon', 'Monday'],
  ['Tue', 'Tuesday'],
  ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'],
  ['Fri', 'Friday'],
  ['Sat', 'Saturday'],
] as const;

const utc = (date: string) => new Date(`${date}T00:00:00Z`);
const monthName = (date: string) =>
  utc(date).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const dayName = (date: string) =>
  utc(date).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
const count = (n: number) => (n === 0 ? 'no events' : n === 1 ? '1 event' : `${n} events`);

export function MonthView({
  userId,
  category,
}: {
  userId: string;
  /** The list's category filter; '' for every category. */
  category: string;
}) {
  const today = localDateKey(new Date());
  const [day, setDay] = useState(today);
  const moved = useRef(false);
  const grid = useRef<HTMLTableElement>(null);
  const headingId = useId();
  const { byDay, isError } = useMonthOccurrences(userId, day, category);

  // A key moved the day, maybe into another month: focus follows it as soon as the grid shows
  // it, before the next key is read. Moving to another month replaces the focused day's button,
  // so a key pressed while focus waited for the next paint would reach no day at all.
  useLayoutEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    grid.current?.querySelector<HTMLElement>(`[data-date="${day}"]`)?.focus();
  }, [day]);

  const onKeyDown = (e: KeyboardEvent) => {
    const next = moveDay(day, e.key);
    if (!next) return;
    e.preventDefault();
    moved.current = true;
    setDay(next);
  };
  const chosen = byDay.get(day) ?? [];

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-stone-200 bg-white p-4"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id={headingId} aria-live="polite" className="text-lg font-bold text-stone-900">
          {monthName(day)}
        </h2>
        <div className="flex gap-1">
          <Button variant="secondary" onClick={() => setDay(addMonths(day, -1))}>
            <span aria-hidden="true">‹</span>
            <span className="sr-only">Previous month</span>
          </Button>
          <Button variant="secondary" onClick={() => setDay(today)}>
            Today
          </Button>
          <Button variant="secondary" onClick={() => setDay(addMonths(day, 1))}>
            <span aria-hidden="true">›</span>
            <span className="sr-only">Next month</span>
          </Button>
        </div>
      </div>
      {category !== '' ? (
        <p className="mt-1 text-sm text-stone-700">
          {EVENT_CATEGORY_LABELS[category as EventCategory] ?? category} events only
        </p>
      ) : null}
      {isError ? (
        <p role="status" className="mt-2 text-sm text-red-700">
          Could not load this month.
        </p>
      ) : null}
      <table
        ref={grid}
        role="grid"
        aria-labelledby={headingId}
        className="mt-3 w-full table-fixed text-center"
      >
        <thead>
          <tr>
            {WEEKDAYS.map(([short, long]) => (
              <th key={short} scope="col" className="pb-1 text-xs font-semibold text-stone-600">
                <abbr title={long} className="no-underline">
                  {short}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody onKeyDown={onKeyDown}>
          {monthWeeks(day).map((week, w) => (
            <tr key={w}>
              {week.map((d, i) => {
                if (!d) return <td key={i} />;
                const n = byDay.get(d)?.length ?? 0;
                return (
                  <td key={d} role="gridcell" aria-selected={d === day}>
                    <button
                      type="button"
                      data-date={d}
                      tabIndex={d === day ? 0 : -1}
                      aria-label={`${dayName(d)}, ${count(n)}`}
                      aria-current={d === today ? 'date' : undefined}
                      onClick={() => setDay(d)}
                      className={cx(
                        'relative mx-auto flex size-9 flex-col items-center justify-center rounded-lg text-sm text-stone-800',
                        'focus-visible:outline-2 focus-visible:outline-scout-600',
                        d === day ? 'bg-scout-700 font-bold text-white' : 'hover:bg-stone-100',
                        d === today && d !== day ? 'font-bold text-scout-800 underline' : '',
                      )}
                    >
                      {Number(d.slice(8, 10))}
                      {n > 0 ? (
                        <span
                          aria-hidden="true"
                          className={cx(
                            'absolute bottom-1 size-1.5 rounded-full',
                            d === day ? 'bg-white' : 'bg-scout-700',
                          )}
                        />
                      ) : null}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="mt-3 border-t border-stone-200 pt-3">
        <h3 className="text-sm font-semibold text-stone-900">{dayName(day)}</h3>
        {chosen.length === 0 ? (
          <p className="mt-1 text-sm text-stone-600">No events.</p>
        ) : (
          <ul
            aria-label={`Events on ${dayName(day)}`}
            className="mt-1 space-y-1 text-sm text-stone-800"
          >
            {chosen.map((o) => {
              const entry = dayEntry(o);
              return (
                <li
                  key={`${o.eventId}-${o.occurrenceDate ?? o.date}`}
                  className="flex flex-wrap items-center gap-x-2 gap-y-1"
                >
                  <span>
                    {entry.when}: {entry.name}
                    {entry.cancelled ? ' (cancelled)' : ''}
                  </span>
                  {entry.category ? <CategoryBadge category={entry.category} /> : null}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}
