/**
 * A leader's Edit and Remove on a slot of an event's sheet (volunteer.manage): the slot's fields
 * in a small dialog, and a removal asked first, naming who held its places (they go with it).
 * A slot is never edited below the places taken: the server says so (409) and the dialog stays.
 */
import { useState, type FormEvent } from 'react';
import { VOLUNTEER_KIND_LABELS, type WireVolunteerSlot } from '@scout/protocol/volunteer';
import { failureMessage } from '../../lib/failure-message.ts';
import { removeSlotText } from '../../lib/volunteer-leader-text.ts';
import { useVolunteerChanges } from '../../lib/volunteer-query.ts';
import { fieldsOfSlot, patchOf, type SlotFields } from '../../lib/volunteer-slot-fields.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { Form } from '../../ui/form.tsx';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { toast } from '../../ui/toast.tsx';
import { SlotFieldInputs } from './volunteer-slot-fields.tsx';

export function SlotManageButtons({ userId, slot }: { userId: string; slot: WireVolunteerSlot }) {
  const [open, setOpen] = useState<'edit' | 'remove' | null>(null);
  const { removeSlot } = useVolunteerChanges(userId);
  const remove = () =>
    removeSlot.mutate(slot.id, {
      onSuccess: () => {
        toast.success(`Slot removed: ${slot.title}`);
        setOpen(null);
      },
      onError: (err) => toast.error(failureMessage(err, 'Could not remove the slot.')),
    });
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        aria-label={`Edit slot: ${slot.title}`}
        onClick={() => setOpen('edit')}
      >
        Edit
      </Button>
      <Button
        size="sm"
        variant="secondary"
        aria-label={`Remove slot: ${slot.title}`}
        onClick={() => setOpen('remove')}
      >
        Remove
      </Button>
      <Dialog
        open={open === 'edit'}
        onOpenChange={(next) => setOpen(next ? 'edit' : null)}
        title="Edit slot"
        description={`${VOLUNTEER_KIND_LABELS[slot.kind]} slot: "${slot.title}"`}
      >
        {open === 'edit' ? (
          <EditSlotForm userId={userId} slot={slot} onDone={() => setOpen(null)} />
        ) : null}
      </Dialog>
      <ConfirmDialog
        open={open === 'remove'}
        onOpenChange={(next) => setOpen(next ? 'remove' : null)}
        title="Remove this slot?"
        description={removeSlotText(slot)}
        confirmLabel="Remove slot"
        busyLabel="Removing..."
        busy={removeSlot.isPending}
        onConfirm={remove}
      />
    </>
  );
}

function EditSlotForm({
  userId,
  slot,
  onDone,
}: {
  userId: string;
  slot: WireVolunteerSlot;
  onDone: () => void;
}) {
  const { editSlot } = useVolunteerChanges(userId);
  const [fields, setFields] = useState<SlotFields>(() => fieldsOfSlot(slot));
  const set = (patch: Partial<SlotFields>) => setFields((f) => ({ ...f, ...patch }));
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (editSlot.isPending) return;
    editSlot.mutate(
      { slotId: slot.id, patch: patchOf(fields) },
      {
        onSuccess: () => {
          toast.success(`Slot saved: ${fields.title.trim()}`);
          onDone();
        },
        onError: (err) => toast.error(failureMessage(err, 'Could not save the slot.')),
      },
    );
  };
  return (
    <Form busy={editSlot.isPending} onSubmit={submit}>
      <SlotFieldInputs fields={fields} set={set} series={false} />
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone} disabled={editSlot.isPending}>
          Cancel
        </Button>
        <SubmitButton busy={editSlot.isPending} busyLabel="Saving...">
          Save slot
        </SubmitButton>
      </div>
    </Form>
  );
}
