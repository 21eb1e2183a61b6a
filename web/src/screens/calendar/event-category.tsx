/**
 * An event's category: its own colour and icon, and always its name in text, so colour is
 * never the only signal.
 */
import { EVENT_CATEGORY_LABELS, type EventCategory } from '@scout/protocol/calendar-events';
import { Icon, type IconProps } from '../../ui/icons.tsx';
import { cx } from '../../ui/cx.ts';

const ICON_PATHS: Record<EventCategory, string[]> = {
  meeting: [
    'M17 20v-2a4 4 0 0 0-4-4H7a4 4 0 0 0-4 4v2',
    'M10 10a4 4 0 1 0 0-8 4 4 0 0 0 0 8',
    'M21 20v-2a4 4 0 0 0-3-3.9',
  ],
  campout: ['M3 20 12 4l9 16Z', 'M12 20v-6'],
  service: ['M12 21s-7-4.5-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 11c0 5.5-7 10-7 10Z'],
  fundraiser: ['M12 2v20', 'M17 6H9.5a3.5 3.5 0 0 0 0 7h5a3.5 3.5 0 0 1 0 7H6'],
  court_of_honor: ['M12 15a6 6 0 1 0 0-12 6 6 0 0 0 0 12', 'M8.2 13.9 7 22l5-3 5 3-1.2-8.1'],
  other: ['M12 12h.01', 'M7 12h.01', 'M17 12h.01'],
};

/** Text and background pairs with at least 4.5:1 contrast. */
const COLOURS: Record<EventCategory, string> = {
  meeting: 'bg-sky-50 text-sky-800 ring-sky-200',
  campout: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  service: 'bg-rose-50 text-rose-800 ring-rose-200',
  fundraiser: 'bg-amber-50 text-amber-900 ring-amber-200',
  court_of_honor: 'bg-violet-50 text-violet-800 ring-violet-200',
  other: 'bg-stone-100 text-stone-700 ring-stone-200',
};

export const CategoryIcon = ({ category, ...p }: IconProps & { category: EventCategory }) => (
  <Icon {...p}>
    {ICON_PATHS[category].map((d) => (
      <path key={d} d={d} />
    ))}
  </Icon>
);

export function CategoryBadge({ category }: { category: EventCategory }) {
  return (
    <span
      className={cx(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ring-1',
        COLOURS[category],
      )}
    >
      <CategoryIcon category={category} className="size-3.5" />
      {EVENT_CATEGORY_LABELS[category]}
    </span>
  );
}
