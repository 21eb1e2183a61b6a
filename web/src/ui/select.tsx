import { useId, type ComponentProps, type ReactNode } from 'react';
import { Label } from 'radix-ui';
import { cx } from './cx.ts';
import { ChevronDownIcon } from './icons.tsx';
import { fieldControlClass, fieldLabelClass } from './text-field.tsx';

export interface SelectFieldProps extends Omit<ComponentProps<'select'>, 'id' | 'children'> {
  label: ReactNode;
  options: readonly string[];
  /** Shown while nothing is chosen; it cannot be chosen back. */
  placeholder: string;
  id?: string;
}

/**
 * A native select: it works with every keyboard, screen reader and mobile picker, and forms and
 * browser automation drive it as a plain labelled control.
 */
export function SelectField({
  label,
  options,
  placeholder,
  id,
  className,
  ...props
}: SelectFieldProps) {
  const autoId = useId();
  const selectId = id ?? autoId;
  return (
    <div className={className}>
      <Label.Root htmlFor={selectId} className={fieldLabelClass}>
        {label}
      </Label.Root>
      <div className="relative">
        <select
          id={selectId}
          className={cx(fieldControlClass, 'cursor-pointer appearance-none pr-10')}
          {...props}
        >
          <option value="" disabled>
            {placeholder}
          </option>
          {options.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
        <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-stone-600" />
      </div>
    </div>
  );
}
