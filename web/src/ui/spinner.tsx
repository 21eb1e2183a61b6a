import type { ReactNode } from 'react';
import { cx } from './cx.ts';

export function Spinner({ className }: { className?: string }) {
  return (
    <svg
      className={cx('animate-spin', className ?? 'size-6')}
      viewBox="0 0 24 24"
      fill="none"
      aria-hidden="true"
    >
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.2" strokeWidth="3" />
      <path
        d="M22 12a10 10 0 0 0-10-10"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** A short wait inside a screen or dialog: a small spinner, then what is being waited for. */
export function BusyNote({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <p className={cx('flex items-center gap-2 text-sm', className ?? 'text-stone-600')}>
      <Spinner className="size-4" /> {children}
    </p>
  );
}

/** The whole-page wait shown while the session is being restored. */
export function FullScreenSpinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-stone-50">
      <div
        role="status"
        aria-live="polite"
        className="flex flex-col items-center gap-3 text-scout-800"
      >
        <Spinner className="size-10" />
        <p className="text-sm font-medium">{label}</p>
      </div>
    </main>
  );
}
