import { useId, type ComponentType, type ReactNode } from 'react';
import { Button } from '../../ui/button.tsx';
import { ArrowRightIcon } from '../../ui/icons.tsx';

interface SummaryCardProps {
  title: string;
  description: string;
  icon: ComponentType<{ className?: string }>;
  onView?: () => void;
  /** The card's three blocks; absent, three empty ones (docs/product.md section 1). */
  children?: ReactNode;
}

/** A dashboard card: title, three blocks and a View button (docs/product.md section 1). */
export function SummaryCard({
  title,
  description,
  icon: Icon,
  onView,
  children,
}: SummaryCardProps) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col rounded-2xl border border-stone-200 bg-white p-5 shadow-sm transition-shadow hover:shadow-md"
    >
      <div className="flex items-center gap-3">
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-scout-50 text-scout-700">
          <Icon className="size-5" />
        </span>
        <h2 id={headingId} className="min-w-0 text-base font-bold break-words text-stone-900">
          {title}
        </h2>
      </div>
      <p className="mt-3 text-sm text-stone-600">{description}</p>
      <div className="mt-4 mb-5">{children ?? <EmptyBlocks />}</div>
      <Button variant="secondary" className="mt-auto w-full" onClick={onView}>
        View<span className="sr-only"> {title}</span>
        <ArrowRightIcon className="size-4" />
      </Button>
    </section>
  );
}

/** An empty block: a plain outline that says so, never the grey bars of content still loading. */
export function EmptyBlock({ label = 'Nothing here yet' }: { label?: string }) {
  return (
    <li className="flex h-12 items-center rounded-xl border border-dashed border-stone-300 px-3 text-xs text-stone-500">
      {label}
    </li>
  );
}

function EmptyBlocks() {
  return (
    <ul className="space-y-2.5">
      {[0, 1, 2].map((i) => (
        <EmptyBlock key={i} />
      ))}
    </ul>
  );
}
