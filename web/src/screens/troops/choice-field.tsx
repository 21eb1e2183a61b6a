import { useId, type ComponentProps } from 'react';
import { Label } from 'radix-ui';
import { cx } from '../../ui/cx.ts';
import { ChevronDownIcon } from '../../ui/icons.tsx';
import { fieldControlClass, fieldLabelClass } from '../../ui/text-field.tsx';

export interface ChoiceFieldProps extends Omit<ComponentProps<'select'>, 'id' | 'children'> {
  label: string;
  /** Each choice's value and the words shown for it (the first may be the empty "none"). */
  options: readonly { value: string; label: string }[];
  error?: string | null;
  hint?: string;
}

/**
 * A labelled native select whose choices are worded apart from their values (a council by name,
 * sent by project id); its error and hint are read with it, as a text field's are.
 */
export function ChoiceField({
  label,
  options,
  error,
  hint,
  className,
  ...props
}: ChoiceFieldProps) {
  const id = useId();
  const describedBy =
    [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') ||
    undefined;
  return (
    <div className={className}>
      <Label.Root htmlFor={id} className={fieldLabelClass}>
        {label}
      </Label.Root>
      <div className="relative">
        <select
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={cx(fieldControlClass, 'cursor-pointer appearance-none pr-10')}
          {...props}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-stone-600" />
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-stone-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
