import type { ReactNode } from 'react';
import { cx } from './cx.ts';

const CARD = 'rounded-2xl border border-stone-200 bg-white p-5 shadow-sm';

/**
 * A card-like part of a screen, named by its heading: a `section` with a label is a region
 * landmark, so screen-reader users can jump between a screen's panels. A `compact` panel sits
 * among others in a grid: the grid spaces it, and its heading is smaller.
 */
export function Panel({
  headingId,
  title,
  compact = false,
  children,
}: {
  headingId: string;
  title: ReactNode;
  compact?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={headingId}
      className={compact ? cx('min-w-0', CARD) : cx('mt-6', CARD, 'sm:p-8 md:mt-8')}
    >
      <h2
        id={headingId}
        className={
          compact
            ? 'text-base font-bold text-stone-900'
            : 'text-xl font-bold tracking-tight text-stone-900'
        }
      >
        {title}
      </h2>
      {children}
    </section>
  );
}
