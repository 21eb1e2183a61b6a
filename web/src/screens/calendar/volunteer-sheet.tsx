/**
 * An event's sign-up sheet in its details (docs/protocol.md, Volunteer): each slot with who has
 * its places, a place taken or given back in one tap, the drivers' seats against the people
 * going ("Short by 3 seats"), and for leaders (volunteer.manage) a slot added from a template,
 * each slot edited or removed (volunteer-slot-manage.tsx), a nudge for empty slots and the CSV
 * export (volunteer-sheet-tools.tsx).
 * Live: changes by anyone arrive on the `volunteer` channel (lib/use-volunteer-live.ts).
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  VOLUNTEER_KIND_LABELS,
  VOLUNTEER_TEMPLATES,
  type WireVolunteerSheet,
  type WireVolunteerSlot,
} from '@scout/protocol/volunteer';
import { failureMessage } from '../../lib/failure-message.ts';
import { useAuth } from '../../lib/use-auth.ts';
import { useVolunteerLive } from '../../lib/use-volunteer-live.ts';
import {
  sheetKey,
  useVolunteerChanges,
  useVolunteerSheet,
  type SheetTarget,
} from '../../lib/volunteer-query.ts';
import { placeActions } from '../../lib/volunteer-places.ts';
import { fieldsOfTemplate, inputOf, type SlotFields } from '../../lib/volunteer-slot-fields.ts';
import { placesText, seatsText, slotWindow } from '../../lib/volunteer-text.ts';
import { Button } from '../../ui/button.tsx';
import { toast } from '../../ui/toast.tsx';
import type { CalendarEvent } from './calendar-event.ts';
import { rsvpTargetOf } from './rsvp/rsvp-target.ts';
import { SheetTools } from './volunteer-sheet-tools.tsx';
import { SlotFieldInputs } from './volunteer-slot-fields.tsx';
import { SlotManageButtons } from './volunteer-slot-manage.tsx';

/** The template buttons' words, in the order of the templates (protocol/src/volunteer.ts). */
const TEMPLATE_NAMES: Record<string, string> = {
  driver: 'Drivers',
  meal: 'Meals',
  gear: 'Gear',
  shift: 'Shifts',
};

export function VolunteerSheet({ event }: { event: CalendarEvent }) {
  const { user } = useAuth();
  const headingId = useId();
  const target = rsvpTargetOf(event);
  const userId = user?.id ?? '';
  const sheet = useVolunteerSheet(userId, target);
  const [adding, setAdding] = useState(false);
  const name = event.eventName || 'this event';
  return (
    <section aria-labelledby={headingId} className="mt-3 border-t border-stone-200 pt-3">
      {user ? <Live user={user} target={target} /> : null}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-sm font-bold text-stone-900">
          Sign-up sheet
        </h3>
        {sheet.data?.canManage && !adding ? (
          <Button
            size="sm"
            variant="secondary"
            aria-label={`Add slot: ${name}`}
            onClick={() => setAdding(true)}
          >
            Add slot
          </Button>
        ) : null}
      </div>
      {sheet.isPending ? (
        <p className="mt-2 text-sm text-stone-600">Loading the sign-up sheet...</p>
      ) : sheet.isError ? (
        <p role="alert" className="mt-2 text-sm text-stone-600">
          {failureMessage(sheet.error, 'Could not load the sign-up sheet.')}
        </p>
      ) : (
        <>
          {sheet.data.canManage && sheet.data.slots.length > 0 ? (
            <SheetTools sheet={sheet.data} name={name} />
          ) : null}
          <SheetBody userId={userId} sheet={sheet.data} />
        </>
      )}
      {adding && sheet.data ? (
        <AddSlotForm
          userId={userId}
          sheet={sheet.data}
          series={target.occurrence !== ''}
          onDone={() => setAdding(false)}
        />
      ) : null}
    </section>
  );
}

/**
 * Keeps the sheet current: changes to it arrive on the `volunteer` channel; the seats summary
 * counts the people going, whose answers arrive on the RSVP channel, which the calendar already
 * follows by reading the household's answers again (calendar/rsvp/use-rsvp-live.ts). Each such
 * read after the first reads the sheet again too.
 */
function Live({
  user,
  target,
}: {
  user: NonNullable<ReturnType<typeof useAuth>['user']>;
  target: SheetTarget;
}) {
  useVolunteerLive(user);
  const queryClient = useQueryClient();
  const userId = user.id;
  const { eventId, occurrence } = target;
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((e) => {
        if (e.type !== 'updated' || e.action.type !== 'success') return;
        const [head, owner] = e.query.queryKey;
        if (head !== 'rsvps' || owner !== userId || e.query.state.dataUpdateCount < 2) return;
        void queryClient.invalidateQueries({
          queryKey: sheetKey(userId, { eventId, occurrence }),
        });
      }),
    [queryClient, userId, eventId, occurrence],
  );
  return null;
}

function SheetBody({ userId, sheet }: { userId: string; sheet: WireVolunteerSheet }) {
  const seats = seatsText(
    sheet.seats,
    sheet.slots.some((s) => s.kind === 'driver'),
  );
  if (sheet.slots.length === 0)
    return <p className="mt-2 text-sm text-stone-600">No sign-up slots yet.</p>;
  return (
    <>
      {seats ? (
        <p
          className={
            sheet.seats.shortBy > 0
              ? 'mt-2 text-sm font-semibold text-amber-900'
              : 'mt-2 text-sm font-semibold text-scout-800'
          }
        >
          {seats}
        </p>
      ) : null}
      <ul className="mt-2 divide-y divide-stone-200">
        {sheet.slots.map((slot) => (
          <SlotRow key={slot.id} userId={userId} sheet={sheet} slot={slot} />
        ))}
      </ul>
    </>
  );
}

function SlotRow({
  userId,
  sheet,
  slot,
}: {
  userId: string;
  sheet: WireVolunteerSheet;
  slot: WireVolunteerSlot;
}) {
  const { take, giveBack } = useVolunteerChanges(userId);
  const self = `user:${userId}`;
  const actions = placeActions(sheet, slot, self);
  const window = slotWindow(slot);
  const busy = take.isPending || giveBack.isPending;
  const place = (volunteer: string) => ({
    slotId: slot.id,
    occurrence: sheet.occurrence,
    ...(volunteer === self ? {} : { volunteer }),
  });
  const facts = [
    VOLUNTEER_KIND_LABELS[slot.kind],
    window,
    slot.seats !== null ? `${slot.seats} seats each` : null,
    slot.openToScouts ? 'Scouts welcome' : null,
    placesText(slot.places.length, slot.people),
  ].filter(Boolean);
  return (
    <li className="flex flex-col gap-2 py-2 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <p className="text-sm font-semibold break-words text-stone-900">{slot.title}</p>
        <p className="text-xs text-stone-600">{facts.join(' · ')}</p>
        {slot.note ? <p className="text-xs break-words text-stone-600">{slot.note}</p> : null}
        {slot.places.length > 0 ? (
          <p className="text-xs text-stone-700">
            <span className="font-medium">Signed up:</span>{' '}
            {slot.places.map((p) => (p.volunteer === self ? 'You' : p.name)).join(', ')}
          </p>
        ) : null}
      </div>
      <div className="flex shrink-0 flex-wrap gap-1.5 sm:justify-end">
        {actions.giveBack.map((a) => (
          <Button
            key={`back:${a.volunteer}`}
            size="sm"
            variant="secondary"
            aria-label={
              a.self ? `Give back: ${slot.title}` : `Give back for ${a.name}: ${slot.title}`
            }
            disabled={busy}
            onClick={() =>
              giveBack.mutate(place(a.volunteer), {
                onSuccess: (out) =>
                  toast.success(
                    out.late
                      ? `Given back: ${slot.title}. It was past the cut-off, so the leaders were told.`
                      : `Given back: ${slot.title}`,
                  ),
                onError: (err) =>
                  toast.error(failureMessage(err, 'Could not give the place back.')),
              })
            }
          >
            {a.self ? 'Give back' : `Give back for ${a.name}`}
          </Button>
        ))}
        {actions.take.map((a) => (
          <Button
            key={`take:${a.volunteer}`}
            size="sm"
            aria-label={
              a.self ? `Take a place: ${slot.title}` : `Take for ${a.name}: ${slot.title}`
            }
            disabled={busy}
            onClick={() =>
              take.mutate(place(a.volunteer), {
                onError: (err) => toast.error(failureMessage(err, 'Could not take the place.')),
              })
            }
          >
            {a.self ? 'Take' : `Take for ${a.name}`}
          </Button>
        ))}
        {sheet.canManage ? <SlotManageButtons userId={userId} slot={slot} /> : null}
      </div>
    </li>
  );
}

/** A slot started from a template (drivers, meals, gear, shifts), every field still the leader's. */
function AddSlotForm({
  userId,
  sheet,
  series,
  onDone,
}: {
  userId: string;
  sheet: WireVolunteerSheet;
  series: boolean;
  onDone: () => void;
}) {
  const { addSlot } = useVolunteerChanges(userId);
  const [fields, setFields] = useState<SlotFields>(() => fieldsOfTemplate(VOLUNTEER_TEMPLATES[0]!));
  const formId = useId();
  const set = (patch: Partial<SlotFields>) => setFields((f) => ({ ...f, ...patch }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    addSlot.mutate(
      { eventId: sheet.eventId, input: inputOf(fields, sheet.occurrence) },
      {
        onSuccess: () => {
          toast.success(`Slot added: ${fields.title.trim()}`);
          onDone();
        },
        onError: (err) => toast.error(failureMessage(err, 'Could not add the slot.')),
      },
    );
  };
  return (
    <form
      aria-labelledby={`${formId}-title`}
      onSubmit={submit}
      className="mt-3 rounded-xl border border-stone-200 bg-stone-50 p-3"
    >
      <h4 id={`${formId}-title`} className="text-sm font-bold text-stone-900">
        New slot
      </h4>
      <div role="group" aria-label="Start from" className="mt-2 flex flex-wrap gap-1.5">
        {VOLUNTEER_TEMPLATES.map((t) => (
          <Button
            key={t.kind}
            size="sm"
            variant={fields.kind === t.kind ? 'primary' : 'secondary'}
            aria-pressed={fields.kind === t.kind}
            onClick={() => setFields(fieldsOfTemplate(t))}
          >
            {TEMPLATE_NAMES[t.kind] ?? VOLUNTEER_KIND_LABELS[t.kind]}
          </Button>
        ))}
      </div>
      <SlotFieldInputs fields={fields} set={set} series={series} />
      <div className="mt-3 flex justify-end gap-2">
        <Button variant="secondary" size="sm" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={addSlot.isPending}>
          Add slot
        </Button>
      </div>
    </form>
  );
}
