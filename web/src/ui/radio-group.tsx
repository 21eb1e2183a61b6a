/**
 * One choice among a few, drawn as a row of segments. Native radio inputs inside a fieldset:
 * arrow keys move between them, Tab enters and leaves the group once, and screen readers read
 * the legend with each choice and its position ("Going, 1 of 3").
 */
import { useId, type ReactNode } from 'react';
import { cx } from './cx.ts';

export interface RadioOption<T extends string> {
  value: T;
  label: ReactNode;
}

export interface RadioGroupProps<T extends string> {
  /** Names the group; read with every choice. */
  legend: ReactNode;
  /** Hidden legends stay readable by screen readers. */
  legendHidden?: boolean;
  options: readonly RadioOption<T>[];
  /** null: nothing chosen yet. */
  value: T | null;
  onChange: (value: T) => void;
  disabled?: boolean;
  className?: string;
}

export function RadioGroup<T extends string>({
  legend,
  legendHidden,
  options,
  value,
  onChange,
  disabled,
  className,
}: RadioGroupProps<T>) {
  const name = useId();
  return (
    <fieldset className={cx('min-w-0', className)} disabled={disabled}>
      <legend className={legendHidden ? 'sr-only' : 'mb-1.5 text-sm font-medium text-stone-800'}>
        {legend}
      </legend>
      <div className="inline-flex max-w-full flex-wrap rounded-lg border border-stone-300 bg-white p-0.5 shadow-sm">
        {options.map((o) => (
          <label
            key={o.value}
            className={cx(
              'relative inline-flex min-h-10 cursor-pointer items-center justify-center rounded-md px-3 text-sm font-semibold transition-colors',
              'text-stone-700 hover:bg-scout-50 hover:text-scout-900',
              'has-[:checked]:bg-scout-700 has-[:checked]:text-white',
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-scout-600',
              'has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60',
            )}
          >
            <input
              type="radio"
              name={name}
              value={o.value}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
              // Covers the whole segment, unseen: a tap anywhere on it lands on the input itself.
              className="absolute inset-0 m-0 cursor-pointer appearance-none rounded-md opacity-0 disabled:cursor-not-allowed"
            />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
