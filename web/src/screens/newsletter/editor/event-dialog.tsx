/**
 * Adding an event: the troop's upcoming events, soonest first, each one meeting of a series on
 * its own. The chosen one goes into the post as a line of its own, which readers see as the
 * event's card with its answer buttons (event-line.ts).
 */
import { useId, useState, type FormEvent } from 'react';
import { formatEventDate, formatEventTime } from '../../../lib/event-format.ts';
import { troopTimeZone } from '../../../lib/sdk.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { Form } from '../../../ui/form.tsx';
import { FormMessage } from '../../../ui/form-message.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { eventChoicePath, eventLine } from './event-line.ts';
import type { InsertDialogProps } from './image-dialog.tsx';
import { zoneOrDevice } from './schedule-time.ts';
import { useUpcomingEvents } from './use-post-editor.ts';

export function EventDialog({
  projectId,
  open,
  onClose,
  onInsert,
  onCloseAutoFocus,
}: InsertDialogProps & { projectId: string }) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title="Add an event"
      description="Readers see its card, with their answer buttons."
      onCloseAutoFocus={onCloseAutoFocus}
    >
      {open ? <EventForm projectId={projectId} onClose={onClose} onInsert={onInsert} /> : null}
    </Dialog>
  );
}

function EventForm({
  projectId,
  onClose,
  onInsert,
}: Pick<InsertDialogProps, 'onClose' | 'onInsert'> & { projectId: string }) {
  const name = useId();
  const events = useUpcomingEvents(projectId, zoneOrDevice(troopTimeZone), true);
  const [chosen, setChosen] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const list = events.data ?? [];
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const event = list.find((o) => eventChoicePath(o) === chosen);
    if (!event) {
      setProblem('Choose an event');
      e.currentTarget.querySelector<HTMLElement>('input[type="radio"]')?.focus();
      return;
    }
    onInsert(eventLine(event));
    onClose();
  };
  return (
    <Form busy={false} onSubmit={submit}>
      {events.isPending ? (
        <p className="flex items-center gap-2 text-sm text-stone-600">
          <Spinner className="size-4" /> Loading the events...
        </p>
      ) : null}
      {events.isError ? (
        <FormMessage tone="error">The calendar could not be loaded. Try again.</FormMessage>
      ) : null}
      {events.isSuccess && list.length === 0 ? (
        <p className="text-sm text-stone-700">No events coming up on the calendar.</p>
      ) : null}
      {list.length > 0 ? (
        <fieldset className="min-w-0" aria-describedby={problem ? `${name}-error` : undefined}>
          <legend className="sr-only">Upcoming events</legend>
          <ul className="max-h-80 space-y-1 overflow-y-auto">
            {list.map((o) => {
              const path = eventChoicePath(o);
              const when = o.time
                ? `${formatEventDate(o.date)}, ${formatEventTime(o.time)}`
                : formatEventDate(o.date);
              return (
                <li key={path}>
                  <label className="flex min-w-0 cursor-pointer items-start gap-2.5 rounded-lg p-2 hover:bg-scout-50 has-[:checked]:bg-scout-50">
                    <input
                      type="radio"
                      name={name}
                      value={path}
                      checked={chosen === path}
                      onChange={() => {
                        setChosen(path);
                        setProblem(null);
                      }}
                      className="mt-0.5 size-4 shrink-0 accent-scout-700"
                    />
                    <span className="min-w-0">
                      <span className="block text-sm font-semibold break-words text-stone-900">
                        {o.name}
                      </span>
                      <span className="block text-xs text-stone-600">{when}</span>
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
          {problem ? (
            <p id={`${name}-error`} className="mt-1.5 text-sm text-red-700">
              {problem}
            </p>
          ) : null}
        </fieldset>
      ) : null}
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={list.length === 0}>
          Add the event
        </Button>
      </div>
    </Form>
  );
}
