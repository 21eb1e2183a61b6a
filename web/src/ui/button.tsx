import type { ComponentProps } from 'react';
import { cx } from './cx.ts';

type Variant = 'primary' | 'secondary' | 'ghost' | 'inverse' | 'danger';
type Size = 'sm' | 'md' | 'lg';

const variants: Record<Variant, string> = {
  primary: 'bg-scout-700 text-white shadow-sm hover:bg-scout-800 active:bg-scout-900',
  secondary:
    'border border-stone-300 bg-white text-stone-800 shadow-sm hover:border-scout-600 hover:bg-scout-50 hover:text-scout-800',
  ghost: 'text-scout-800 hover:bg-scout-50',
  inverse: 'bg-white text-scout-800 shadow-sm hover:bg-scout-50',
  danger: 'bg-red-700 text-white shadow-sm hover:bg-red-800 active:bg-red-900',
};

const sizes: Record<Size, string> = {
  sm: 'h-8 gap-1.5 rounded-md px-3 text-sm',
  md: 'h-10 gap-2 rounded-lg px-4 text-sm',
  lg: 'h-11 gap-2 rounded-lg px-5 text-base',
};

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: Variant;
  size?: Size;
}

export function Button({
  variant = 'primary',
  size = 'md',
  type = 'button',
  className,
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={cx(
        'inline-flex shrink-0 cursor-pointer items-center justify-center font-semibold transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-scout-600',
        'disabled:cursor-not-allowed disabled:opacity-60',
        variants[variant],
        sizes[size],
        className,
      )}
      {...props}
    />
  );
}
