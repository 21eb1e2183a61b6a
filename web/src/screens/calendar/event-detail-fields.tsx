/** The event dialog's description and category fields, labelled and tied to their errors. */
import { useId } from 'react';
import { EVENT_DESCRIPTION_MAX_LENGTH } from '@scout/protocol/calendar-events';
import { cx } from '../../ui/cx.ts';
import { fieldControlClass, fieldLabelClass } from '../../ui/text-field.tsx';
import { CategorySelect } from './category-select.tsx';

/** A multi-line plain-text field, labelled and tied to its error like TextField. */
export function DescriptionField({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | null;
  onChange: (e: { target: { value: string } }) => void;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={fieldLabelClass}>
        Description (optional)
      </label>
      <textarea
        id={id}
        name="description"
        rows={3}
        maxLength={EVENT_DESCRIPTION_MAX_LENGTH}
        value={value}
        onChange={onChange}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={cx(fieldControlClass, 'h-auto py-2')}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The category, named in text; "None" leaves the event without one. */
export function CategoryField({
  value,
  onChange,
}: {
  value: string;
  onChange: (e: { target: { value: string } }) => void;
}) {
  return (
    <CategorySelect
      label="Category (optional)"
      noneLabel="None"
      name="category"
      value={value}
      onChange={onChange}
    />
  );
}
