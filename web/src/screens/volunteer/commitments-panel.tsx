import { useId } from 'react';
import { failureMessage } from '../../lib/failure-message.ts';
import { formatDayTime } from '../../lib/event-format.ts';
import { useMyCommitments, useVolunteerChanges } from '../../lib/volunteer-query.ts';
import { slotLabel } from '../../lib/volunteer-text.ts';
import { Button } from '../../ui/button.tsx';
import { Panel } from '../../ui/panel.tsx';
import { toast } from '../../ui/toast.tsx';
import { OfferPlace } from './offer-place.tsx';
import { listClass, PanelNote, rowClass, SlotFacts } from './slot-facts.tsx';

/**
 * The places the member's people hold, soonest first, each given back in one tap (after the
 * slot's cut-off the leaders are told, and the row says when that is) or offered to another
 * member (offer-place.tsx), and the places other members offered them, to accept or decline.
 */
export function CommitmentsPanel({ userId }: { userId: string }) {
  const headingId = useId();
  const mine = useMyCommitments(userId);
  const { giveBack, answerOffer } = useVolunteerChanges(userId);
  const offers = mine.data?.offers ?? [];
  return (
    <Panel headingId={headingId} title="My commitments">
      {mine.isPending ? (
        <PanelNote>Loading your commitments...</PanelNote>
      ) : mine.isError ? (
        <PanelNote alert>Could not load your commitments.</PanelNote>
      ) : (
        <>
          {offers.length > 0 ? (
            <ul aria-label="Places offered to you" className={listClass}>
              {offers.map((o) => (
                <li key={o.offerId} className={rowClass}>
                  <div className="min-w-0">
                    <p className="text-sm font-medium text-scout-800">
                      {o.from} offers you a place
                    </p>
                    <SlotFacts slot={o.slot} />
                  </div>
                  <div className="flex shrink-0 gap-2">
                    <Button
                      size="sm"
                      aria-label={`Accept the place: ${slotLabel(o.slot)}`}
                      disabled={answerOffer.isPending}
                      onClick={() =>
                        answerOffer.mutate(
                          { offerId: o.offerId, accept: true },
                          {
                            onError: (err) =>
                              toast.error(failureMessage(err, 'Could not accept the place.')),
                          },
                        )
                      }
                    >
                      Accept
                    </Button>
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-label={`Decline the place: ${slotLabel(o.slot)}`}
                      disabled={answerOffer.isPending}
                      onClick={() =>
                        answerOffer.mutate(
                          { offerId: o.offerId, accept: false },
                          {
                            onError: (err) =>
                              toast.error(failureMessage(err, 'Could not decline the place.')),
                          },
                        )
                      }
                    >
                      Decline
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          ) : null}
          {mine.data.commitments.length === 0 ? (
            <PanelNote>You have not signed up for anything at upcoming events.</PanelNote>
          ) : (
            <ul aria-label="Places you hold" className={listClass}>
              {mine.data.commitments.map((c) => (
                <li key={c.signupId} className={rowClass}>
                  <div className="min-w-0">
                    <SlotFacts slot={c} />
                    <p className="text-xs text-stone-600">
                      {c.volunteer === `user:${userId}` ? 'You' : c.name}
                      {c.cutoffAt ? ` · give back by ${formatDayTime(c.cutoffAt)}` : ''}
                    </p>
                  </div>
                  <div className="flex shrink-0 flex-col gap-1.5 sm:items-end">
                    <div className="flex flex-wrap gap-1.5">
                      <Button
                        size="sm"
                        variant="secondary"
                        aria-label={`Give back: ${slotLabel(c)}${c.volunteer === `user:${userId}` ? '' : ` (${c.name})`}`}
                        disabled={giveBack.isPending}
                        onClick={() =>
                          giveBack.mutate(
                            { slotId: c.slotId, occurrence: c.occurrence, volunteer: c.volunteer },
                            {
                              onSuccess: (out) =>
                                toast.success(
                                  out.late
                                    ? `Given back: ${c.title}. It was past the cut-off, so the leaders were told.`
                                    : `Given back: ${c.title}`,
                                ),
                              onError: (err) =>
                                toast.error(failureMessage(err, 'Could not give the place back.')),
                            },
                          )
                        }
                      >
                        Give back
                      </Button>
                      <OfferPlace userId={userId} commitment={c} />
                    </div>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </Panel>
  );
}
