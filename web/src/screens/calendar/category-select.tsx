/** A labelled select of the event categories, every one named in text. */
import { useId, type ComponentProps } from 'react';
import { EVENT_CATEGORIES, EVENT_CATEGORY_LABELS } from '@scout/protocol/calendar-events';
import { cx } from '../../ui/cx.ts';
import { fieldControlClass, fieldLabelClass } from '../../ui/text-field.tsx';

export interface CategorySelectProps extends Omit<
  ComponentProps<'select'>,
  'id' | 'children' | 'className'
> {
  label: string;
  /** The first option, value '': no category, or every category where the select filters. */
  noneLabel: string;
  /** On the wrapper of label and select. */
  className?: string;
}

export function CategorySelect({ label, noneLabel, className, ...props }: CategorySelectProps) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className={fieldLabelClass}>
        {label}
      </label>
      <select id={id} className={cx(fieldControlClass, 'cursor-pointer')} {...props}>
        <option value="">{noneLabel}</option>
        {EVENT_CATEGORIES.map((c) => (
          <option key={c} value={c}>
            {EVENT_CATEGORY_LABELS[c]}
          </option>
        ))}
      </select>
    </div>
  );
}
