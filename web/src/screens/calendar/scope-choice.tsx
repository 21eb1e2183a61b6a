import { useId } from 'react';
import type { OccurrenceScope } from '@scout/sdk/calendar';
import { fieldLabelClass } from '../../ui/text-field.tsx';

const CHOICES: { value: OccurrenceScope; label: string }[] = [
  { value: 'this', label: 'This event' },
  { value: 'following', label: 'This and following events' },
  { value: 'all', label: 'All events' },
];

/**
 * Which occurrences of a repeating event a change reaches, as calendar apps ask: a radio group,
 * so arrow keys move between the choices and screen readers name the question.
 */
export function ScopeChoice({
  legend,
  value,
  onChange,
}: {
  legend: string;
  value: OccurrenceScope;
  onChange: (scope: OccurrenceScope) => void;
}) {
  const name = useId();
  return (
    <fieldset>
      <legend className={fieldLabelClass}>{legend}</legend>
      <div className="space-y-2 text-sm text-stone-800">
        {CHOICES.map((c) => (
          <label key={c.value} className="flex cursor-pointer items-center gap-2">
            <input
              type="radio"
              name={name}
              value={c.value}
              checked={value === c.value}
              onChange={() => onChange(c.value)}
              className="size-4 accent-scout-700"
            />
            {c.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
