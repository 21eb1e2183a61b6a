import { useId, type ComponentType } from 'react';
import { Button } from '../../ui/button.tsx';
import { ArrowRightIcon } from '../../ui/icons.tsx';

interface SummaryCardProps {
  title: string;
  description: string;
  icon: ComponentType<{ className?: string }>;
  onView?: () => void;
}

/** A dashboard card: title, View button and three empty blocks waiting for content (docs/product.md section 1). */
export function SummaryCard({ title, description, icon: Icon, onView }: SummaryCardProps) {
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
      <div className="mt-4 mb-5 space-y-2.5" aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <div
            key={i}
            className="flex h-12 items-center gap-3 rounded-xl border border-dashed border-stone-200 bg-stone-50 px-3"
          >
            <span className="size-6 shrink-0 rounded-md bg-stone-200/70" />
            <span className="h-2 flex-1 rounded-full bg-stone-200/70" />
          </div>
        ))}
      </div>
      <Button variant="secondary" className="mt-auto w-full" onClick={onView}>
        View<span className="sr-only"> {title}</span>
        <ArrowRightIcon className="size-4" />
      </Button>
    </section>
  );
}
