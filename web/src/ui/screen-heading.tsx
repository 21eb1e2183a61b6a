import { useEffect, useRef, type ReactNode } from 'react';
import { arriveAt } from '../lib/screen-focus.ts';
import { cx } from './cx.ts';

/**
 * A screen's main heading (h1). It takes focus, and the page scrolls to the top, when the screen
 * is opened from another one (lib/screen-focus.ts); it is focusable only from script.
 */
export function ScreenHeading({
  children,
  className,
}: {
  children: ReactNode;
  className?: string;
}) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (ref.current) arriveAt(ref.current);
  }, []);
  return (
    <h1 ref={ref} tabIndex={-1} className={cx('focus:outline-none', className)}>
      {children}
    </h1>
  );
}
