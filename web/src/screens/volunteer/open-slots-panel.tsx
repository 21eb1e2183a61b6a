import { useId } from 'react';
import { failureMessage } from '../../lib/failure-message.ts';
import { useMyCommitments, useOpenSlots, useVolunteerChanges } from '../../lib/volunteer-query.ts';
import { placesText, slotLabel } from '../../lib/volunteer-text.ts';
import { Button } from '../../ui/button.tsx';
import { Panel } from '../../ui/panel.tsx';
import { toast } from '../../ui/toast.tsx';
import { listClass, PanelNote, rowClass, SlotFacts } from './slot-facts.tsx';

/** Slots with a place left across upcoming events, soonest first; one tap takes a place. */
export function OpenSlotsPanel({ userId }: { userId: string }) {
  const headingId = useId();
  const open = useOpenSlots(userId);
  const { take } = useVolunteerChanges(userId);
  // A slot the member already holds a place in stays listed while others are needed, without Take.
  const held = new Set(
    (useMyCommitments(userId).data?.commitments ?? [])
      .filter((c) => c.volunteer === `user:${userId}`)
      .map((c) => `${c.slotId}/${c.occurrence}`),
  );
  const busy = take.isPending ? take.variables : undefined;
  return (
    <Panel headingId={headingId} title="Open slots">
      {open.isPending ? (
        <PanelNote>Loading open slots...</PanelNote>
      ) : open.isError ? (
        <PanelNote alert>Could not load the open slots.</PanelNote>
      ) : open.data.length === 0 ? (
        <PanelNote>Every slot at upcoming events is taken.</PanelNote>
      ) : (
        <ul className={listClass}>
          {open.data.map((s) => (
            <li key={`${s.slotId}/${s.occurrence}`} className={rowClass}>
              <SlotFacts slot={s} />
              <div className="flex shrink-0 items-center gap-2">
                {s.empty ? (
                  <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                    Empty
                  </span>
                ) : null}
                <span className="text-sm text-stone-700">{placesText(s.taken, s.people)}</span>
                {held.has(`${s.slotId}/${s.occurrence}`) ? (
                  <span className="text-sm font-semibold text-scout-800">You signed up</span>
                ) : (
                  <Button
                    size="sm"
                    aria-label={`Take a place: ${slotLabel(s)}`}
                    disabled={busy?.slotId === s.slotId && busy.occurrence === s.occurrence}
                    onClick={() =>
                      take.mutate(
                        { slotId: s.slotId, occurrence: s.occurrence },
                        {
                          onSuccess: () => toast.success(`You signed up: ${s.title}`),
                          onError: (err) =>
                            toast.error(failureMessage(err, 'Could not take the place.')),
                        },
                      )
                    }
                  >
                    Take
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
