import { Button } from '../../ui/button.tsx';
import { ArrowLeftIcon } from '../../ui/icons.tsx';

export function CalendarScreen({ onBack }: { onBack: () => void }) {
  return (
    <main className="mx-auto min-h-dvh max-w-3xl px-4 py-8 sm:px-6 md:py-12">
      <Button variant="ghost" onClick={onBack} className="-ml-2">
        <ArrowLeftIcon className="size-4" />
        Back
      </Button>
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-stone-900">Calendar</h1>
    </main>
  );
}
