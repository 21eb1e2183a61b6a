/** What the calendar's list shows before it has events to show: loading, a failure, none yet. */
import { Button } from '../../ui/button.tsx';
import { FormMessage } from '../../ui/form-message.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { CalendarIcon } from '../../ui/icons.tsx';

export function LoadingEvents() {
  return (
    <div role="status" className="flex flex-col items-center gap-3 py-20 text-scout-800">
      <Spinner className="size-10" />
      <p className="text-sm font-medium">Loading events...</p>
    </div>
  );
}

export function EventsFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="space-y-3">
      <FormMessage tone="error">Could not load the events.</FormMessage>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

export function NoEventsYet() {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-stone-300 bg-white px-6 py-16 text-center">
      <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-scout-50 text-scout-700">
        <CalendarIcon className="size-7" />
      </span>
      <h2 className="mt-4 text-lg font-bold text-stone-900">No Events Yet</h2>
      <p className="mt-1 max-w-sm text-sm text-stone-600">
        Nothing is planned yet. Add the next meeting or campout with Create Event.
      </p>
    </div>
  );
}
