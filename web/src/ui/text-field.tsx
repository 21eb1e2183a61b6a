import { useId, type ComponentProps, type ReactNode } from 'react';
import { Label } from 'radix-ui';
import { cx } from './cx.ts';

export const fieldControlClass = cx(
  'block h-11 w-full rounded-lg border border-stone-300 bg-white px-3 text-base text-stone-900 shadow-sm',
  'placeholder:text-stone-500 transition-colors',
  'focus:border-scout-600 focus:outline-2 focus:outline-offset-0 focus:outline-scout-600/30',
  'disabled:cursor-not-allowed disabled:bg-stone-100',
  'aria-invalid:border-red-600',
);

export const fieldLabelClass = 'mb-1.5 block text-sm font-medium text-stone-800';

export interface TextFieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  id?: string;
}

/** A labelled input; its error and hint are tied to it so screen readers read them with it. */
export function TextField({ label, error, hint, id, className, ...props }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy =
    [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <Label.Root htmlFor={inputId} className={fieldLabelClass}>
        {label}
      </Label.Root>
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={fieldControlClass}
        {...props}
      />
      {hint ? (
        <p id={hintId} className="mt-1.5 text-xs text-stone-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
