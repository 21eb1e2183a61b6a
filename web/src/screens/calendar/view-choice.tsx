/**
 * The list is the calendar's view; the month can be chosen instead (wide screens keep a small
 * month beside the list). Two toggle buttons, the chosen one pressed.
 */
import { Button } from '../../ui/button.tsx';

export type CalendarView = 'list' | 'month';

const VIEWS: { value: CalendarView; label: string }[] = [
  { value: 'list', label: 'List' },
  { value: 'month', label: 'Month' },
];

export function ViewChoice({
  value,
  onChange,
}: {
  value: CalendarView;
  onChange: (view: CalendarView) => void;
}) {
  return (
    <div role="group" aria-label="Calendar view" className="inline-flex gap-1">
      {VIEWS.map((v) => (
        <Button
          key={v.value}
          variant={value === v.value ? 'primary' : 'secondary'}
          aria-pressed={value === v.value}
          onClick={() => onChange(v.value)}
        >
          {v.label}
        </Button>
      ))}
    </div>
  );
}
