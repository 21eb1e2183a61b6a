/**
 * A month of the troop calendar, beside the list on wide screens or instead of it when chosen: a
 * grid of days (WAI-ARIA grid pattern, one day in the tab order, arrow keys to move, see
 * month-grid.ts), a Today button, and the chosen day's events named below it with their
 * category in words. It shows the category the list shows. A narrow month (a phone, or the one
 * beside the list) marks a day's events with dots, a cancelled one hollow; a month with room
 * (a container query, not the screen's width) names them in the cells, a cancelled one struck
 * through.
 */
import { EVENT_CATEGORY_LABELS, type EventCategory } from '@scout/protocol/calendar-events';
import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { CalendarOccurrence } from '@scout/sdk/calendar';
import { formatEventDate, localDateKey } from '../../lib/event-format.ts';
import { Button } from '../../ui/button.tsx';
import { cx } from '../../ui/cx.ts';
import { CategoryBadge } from './event-category.tsx';
import { dayCell, dayEntry } from './month-days.ts';
import { addMonths, dayLook, monthWeeks, moveDay, type DayLook } from './month-grid.ts';
import { councilLabel } from './council-events.ts';
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

/** Today's number in an outlined circle, the chosen day's filled: the two never look alike. */
const LOOKS: Record<DayLook, string> = {
  plain: 'hover:bg-stone-100',
  today: 'font-bold text-scout-800 ring-2 ring-scout-700 ring-inset hover:bg-stone-100',
  chosen: 'bg-scout-700 font-bold text-white',
  'chosen-today': 'bg-scout-700 font-bold text-white ring-2 ring-scout-700 ring-offset-2',
};

const NONE: CalendarOccurrence[] = [];

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
      className="@container rounded-2xl border border-stone-200 bg-white p-4"
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
                if (!d) return <td key={i} className="@lg:border @lg:border-stone-100" />;
                const cell = dayCell(byDay.get(d) ?? NONE);
                const look = dayLook(d, today, day);
                const chosenDay = look === 'chosen' || look === 'chosen-today';
                return (
                  <td
                    key={d}
                    role="gridcell"
                    aria-selected={chosenDay}
                    className={cx(
                      'relative p-0.5 @lg:h-16 @lg:border @lg:border-stone-100 @lg:align-top',
                      chosenDay && '@lg:bg-scout-50',
                    )}
                  >
                    <button
                      type="button"
                      data-date={d}
                      tabIndex={chosenDay ? 0 : -1}
                      aria-label={`${dayName(d)}, ${cell.count}`}
                      aria-current={
                        look === 'today' || look === 'chosen-today' ? 'date' : undefined
                      }
                      onClick={() => setDay(d)}
                      className={cx(
                        'relative mx-auto flex size-9 flex-col items-center justify-center rounded-full text-sm text-stone-800',
                        // On wide screens the number sits in the cell's corner and the whole
                        // cell, names included, is the button's to click.
                        "@lg:static @lg:mx-0 @lg:size-7 @lg:text-xs @lg:after:absolute @lg:after:inset-0 @lg:after:content-['']",
                        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-scout-600',
                        LOOKS[look],
                      )}
                    >
                      {Number(d.slice(8, 10))}
                      {cell.marks.length > 0 ? (
                        <span
                          aria-hidden="true"
                          className="absolute bottom-0.5 flex gap-0.5 @lg:hidden"
                        >
                          {cell.marks.map((m) => (
                            <span
                              key={m.key}
                              className={cx(
                                'size-1.5 rounded-full',
                                m.cancelled
                                  ? cx('border', chosenDay ? 'border-white' : 'border-red-700')
                                  : chosenDay
                                    ? 'bg-white'
                                    : 'bg-scout-700',
                              )}
                            />
                          ))}
                        </span>
                      ) : null}
                    </button>
                    {cell.names.length > 0 ? (
                      // The day's button names how many; the list below names each, in words.
                      <ul
                        aria-hidden="true"
                        className="pointer-events-none mt-0.5 hidden space-y-0.5 text-left text-[11px] leading-4 @lg:block"
                      >
                        {cell.names.map((e) => (
                          <li
                            key={e.key}
                            className={cx(
                              'truncate rounded px-1',
                              e.cancelled
                                ? 'text-stone-600 line-through'
                                : 'bg-scout-100 text-scout-900',
                            )}
                          >
                            {e.name}
                          </li>
                        ))}
                        {cell.more > 0 ? (
                          <li className="truncate px-1 text-stone-700">+{cell.more} more</li>
                        ) : null}
                      </ul>
                    ) : null}
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
                    {entry.when}:{' '}
                    <span className={entry.cancelled ? 'text-stone-600 line-through' : undefined}>
                      {entry.name}
                    </span>
                  </span>
                  {entry.cancelled ? (
                    <span className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-800 ring-1 ring-red-200">
                      Cancelled
                    </span>
                  ) : null}
                  {o.council ? (
                    <span className="rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-800">
                      {councilLabel(o.council)}
                    </span>
                  ) : null}
                  {entry.category ? <CategoryBadge category={entry.category} /> : null}
                  {entry.movedFrom ? (
                    <span className="w-full text-stone-700">
                      Moved from{' '}
                      <time dateTime={entry.movedFrom}>{formatEventDate(entry.movedFrom)}</time>
                    </span>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}
