import type { ComponentProps } from 'react';
import { cx } from './cx.ts';

export interface FormProps extends Omit<ComponentProps<'form'>, 'noValidate' | 'aria-busy'> {
  busy: boolean;
}

/**
 * A form of stacked fields. The app checks input itself and says what is wrong in its own words,
 * so the browser's validation bubbles are off; while a request is out, the form reads as busy.
 */
export function Form({ busy, className, ...props }: FormProps) {
  return <form noValidate aria-busy={busy} className={cx('space-y-4', className)} {...props} />;
}
