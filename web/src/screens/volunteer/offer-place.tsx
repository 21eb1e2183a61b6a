/**
 * Offering a held place to another member (docs/decisions/070-volunteer-sheets.md, Swaps): the
 * place stays the holder's until the member accepts. The choice is the troop's adults, ids and
 * names only, which every member reads (parents too, who may not read the member list). The offer waiting
 * shows on the row, read from the event's sheet (the same cache the calendar's sheet uses), and the
 * holder withdraws it through the decline route, which the holder's side may call too.
 */
import { useId, useState, type FormEvent } from 'react';
import type { WireCommitment } from '@scout/protocol/volunteer';
import { failureMessage } from '../../lib/failure-message.ts';
import { offerCandidates, pendingOffer } from '../../lib/volunteer-offers.ts';
import {
  useVolunteerAdults,
  useVolunteerChanges,
  useVolunteerSheet,
} from '../../lib/volunteer-query.ts';
import { slotLabel } from '../../lib/volunteer-text.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { Form } from '../../ui/form.tsx';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { fieldControlClass, fieldLabelClass } from '../../ui/text-field.tsx';
import { toast } from '../../ui/toast.tsx';

export function OfferPlace({ userId, commitment }: { userId: string; commitment: WireCommitment }) {
  const [open, setOpen] = useState(false);
  const sheet = useVolunteerSheet(userId, {
    eventId: commitment.eventId,
    occurrence: commitment.occurrence,
  });
  const places = sheet.data?.slots.find((s) => s.id === commitment.slotId)?.places;
  const pending = pendingOffer(places, commitment.signupId);
  const { answerOffer } = useVolunteerChanges(userId);
  const withdraw = (offerId: string, name: string) =>
    answerOffer.mutate(
      { offerId, accept: false },
      {
        onSuccess: () => toast.success(`Offer to ${name} withdrawn: ${commitment.title}`),
        onError: (err) => toast.error(failureMessage(err, 'Could not withdraw the offer.')),
      },
    );
  return (
    <>
      {pending ? (
        <p className="order-last basis-full text-xs font-medium text-amber-900">
          Offered to {pending.name}, waiting for an answer
        </p>
      ) : null}
      {pending ? (
        <Button
          size="sm"
          variant="secondary"
          disabled={answerOffer.isPending}
          aria-label={`Withdraw the offer: ${slotLabel(commitment)}`}
          onClick={() => withdraw(pending.offerId, pending.name)}
        >
          Withdraw the offer
        </Button>
      ) : null}
      <Button
        size="sm"
        variant="secondary"
        aria-label={`${pending ? 'Offer to someone else' : 'Offer to someone'}: ${slotLabel(commitment)}`}
        onClick={() => setOpen(true)}
      >
        {pending ? 'Offer to someone else' : 'Offer'}
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Offer your place"
        description={`${slotLabel(commitment)}. It stays yours until they accept.`}
      >
        {open ? (
          <OfferForm userId={userId} commitment={commitment} onDone={() => setOpen(false)} />
        ) : null}
      </Dialog>
    </>
  );
}

function OfferForm({
  userId,
  commitment,
  onDone,
}: {
  userId: string;
  commitment: WireCommitment;
  onDone: () => void;
}) {
  const selectId = useId();
  const [to, setTo] = useState('');
  const adults = useVolunteerAdults(userId);
  const sheet = useVolunteerSheet(userId, {
    eventId: commitment.eventId,
    occurrence: commitment.occurrence,
  });
  const { offer } = useVolunteerChanges(userId);
  const places = sheet.data?.slots.find((s) => s.id === commitment.slotId)?.places ?? [];
  const candidates = offerCandidates(adults.data ?? [], places, userId);
  const loading = adults.isPending || sheet.isPending;
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const chosen = candidates.find((c) => c.userId === to);
    if (!chosen || offer.isPending) return;
    offer.mutate(
      {
        slotId: commitment.slotId,
        occurrence: commitment.occurrence,
        ...(commitment.volunteer === `user:${userId}` ? {} : { volunteer: commitment.volunteer }),
        to,
      },
      {
        onSuccess: () => {
          toast.success(`Offered to ${chosen.name}: ${commitment.title}`);
          onDone();
        },
        onError: (err) => toast.error(failureMessage(err, 'Could not offer the place.')),
      },
    );
  };
  return (
    <Form busy={offer.isPending} onSubmit={submit}>
      {loading ? (
        <p className="text-sm text-stone-600">Loading the members...</p>
      ) : adults.isError ? (
        <p className="text-sm text-stone-600">
          {failureMessage(adults.error, 'Could not read the members.')}
        </p>
      ) : candidates.length === 0 ? (
        <p className="text-sm text-stone-600">
          There is no other adult in the troop to offer it to.
        </p>
      ) : (
        <div>
          <label htmlFor={selectId} className={fieldLabelClass}>
            Offer to
          </label>
          <select
            id={selectId}
            required
            value={to}
            onChange={(e) => setTo(e.currentTarget.value)}
            className={`${fieldControlClass} cursor-pointer`}
          >
            <option value="" disabled>
              Choose a member
            </option>
            {candidates.map((c) => (
              <option key={c.userId} value={c.userId}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone} disabled={offer.isPending}>
          Cancel
        </Button>
        <SubmitButton
          busy={offer.isPending}
          busyLabel="Offering..."
          disabled={offer.isPending || !to}
        >
          Send offer
        </SubmitButton>
      </div>
    </Form>
  );
}
