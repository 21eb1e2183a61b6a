import { cx } from './cx.ts';

/** The compass mark. Decorative: it always sits beside the product name. */
export function Logo({ className }: { className?: string }) {
  return (
    <svg
      className={cx('shrink-0', className ?? 'size-9')}
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
    >
      <rect width="32" height="32" rx="8" fill="#235937" />
      <circle cx="16" cy="16" r="10" fill="none" stroke="#e9c46a" strokeWidth="1.5" />
      <path d="M16 5l2.6 8.4L27 16l-8.4 2.6L16 27l-2.6-8.4L5 16l8.4-2.6z" fill="#fff" />
      <path d="M16 5l2.6 8.4L16 16z" fill="#e9c46a" />
    </svg>
  );
}
