import { useEffect, useRef, useState } from 'react';
import type { HouseholdAdult, ScoutProfile } from '@scout/sdk/households';
import { Button } from '../../../ui/button.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { FormMessage } from '../../../ui/form-message.tsx';
import { BusyNote } from '../../../ui/spinner.tsx';
import { AddScoutDialog } from './add-scout-dialog.tsx';
import { AdultList, OpenInvitations, ScoutList } from './family-lists.tsx';
import { InviteAdultDialog } from './invite-adult-dialog.tsx';
import { scoutChoiceChange, type ScoutChoice } from './scout-form.ts';
import { useHousehold } from './use-household.ts';
import { Panel } from '../../../ui/panel.tsx';

type Removal = { kind: 'scout'; scout: ScoutProfile } | { kind: 'adult'; adult: HouseholdAdult };

/**
 * The profile's Family section: the household's scouts and adults. Its adults add scouts,
 * invite another adult and remove; a scout with an account reads it.
 */
export function FamilySection({ userId }: { userId: string }) {
  const h = useHousehold(userId);
  const [adding, setAdding] = useState(false);
  /** The invite dialog: for an adult (null scout), or for a scout's own account. */
  const [inviting, setInviting] = useState<{ scout: ScoutProfile | null } | null>(null);
  const [removal, setRemoval] = useState<Removal | null>(null);
  const household = h.household;
  const isAdult = household?.role === 'adult';
  useArrivalByLink(household !== undefined);

  /** The list whose row was just removed: its button is gone, so focus goes to the list's heading. */
  const removedFrom = useRef<HTMLHeadingElement | null>(null);
  const scoutsHeading = useRef<HTMLHeadingElement>(null);
  const adultsHeading = useRef<HTMLHeadingElement>(null);
  const confirmRemoval = () => {
    if (!removal) return;
    const list = removal.kind === 'scout' ? scoutsHeading : adultsHeading;
    const done = (removed: boolean) => {
      removedFrom.current = removed ? list.current : null;
      setRemoval(null);
    };
    if (removal.kind === 'scout') h.removeScout(removal.scout.id, done);
    else h.removeAdult(removal.adult.userId, done);
  };
  const focusAfterRemoval = (e: Event) => {
    const heading = removedFrom.current;
    removedFrom.current = null;
    if (!heading?.isConnected) return;
    e.preventDefault();
    heading.focus();
  };
  const removalWords = removalText(removal, userId);

  return (
    <Panel headingId="family-heading" title="Family">
      <p className="mt-1 text-sm text-stone-600">
        Your household's scouts and adults. A scout's patrol, birth year, notes and photo and
        posting choices are seen only by your household and the troop's leaders; other members see
        names.
      </p>
      {h.isLoading ? (
        <BusyNote className="mt-4 text-stone-600">Loading your family…</BusyNote>
      ) : null}
      {h.loadError ? (
        <div className="mt-4">
          <FormMessage tone="error">{h.loadError}</FormMessage>
        </div>
      ) : null}
      {household ? (
        <>
          <div className="mt-5 flex flex-wrap items-center justify-between gap-2">
            <h3
              ref={scoutsHeading}
              tabIndex={-1}
              className="text-base font-semibold text-stone-900 focus:outline-none"
            >
              Scouts
            </h3>
            {isAdult ? (
              <Button
                size="sm"
                onClick={() => {
                  h.resetAdd();
                  setAdding(true);
                }}
              >
                Add a scout
              </Button>
            ) : null}
          </div>
          <ScoutList
            scouts={household.scouts}
            choosing={h.changingScout}
            {...(isAdult
              ? {
                  onChoose: (scout: ScoutProfile, choice: ScoutChoice, checked: boolean) =>
                    h.changeScout(scout.id, scoutChoiceChange(choice, checked)),
                  onRemove: (scout: ScoutProfile) => setRemoval({ kind: 'scout', scout }),
                  onInvite: (scout: ScoutProfile) => {
                    h.resetInvite();
                    setInviting({ scout });
                  },
                }
              : {})}
          />
          <div className="mt-6 flex flex-wrap items-center justify-between gap-2">
            <h3
              ref={adultsHeading}
              tabIndex={-1}
              className="text-base font-semibold text-stone-900 focus:outline-none"
            >
              Adults
            </h3>
            {isAdult ? (
              <Button
                size="sm"
                variant="secondary"
                onClick={() => {
                  h.resetInvite();
                  setInviting({ scout: null });
                }}
              >
                Invite an adult
              </Button>
            ) : null}
          </div>
          <AdultList
            adults={household.adults}
            selfId={userId}
            {...(isAdult
              ? { onRemove: (adult: HouseholdAdult) => setRemoval({ kind: 'adult', adult }) }
              : {})}
          />
          {isAdult ? (
            <OpenInvitations
              invitations={household.invitations}
              scouts={household.scouts}
              onWithdraw={h.withdraw}
            />
          ) : null}
        </>
      ) : null}
      <AddScoutDialog
        open={adding}
        onOpenChange={setAdding}
        busy={h.adding}
        error={h.addError}
        onSubmit={(input) => h.addScout(input, () => setAdding(false))}
      />
      <InviteAdultDialog
        open={inviting !== null}
        onOpenChange={(open) => (open ? undefined : setInviting(null))}
        scoutName={inviting?.scout?.firstName ?? null}
        busy={h.inviting}
        error={h.inviteError}
        invited={h.invited}
        onInvite={(email) => h.invite(email, inviting?.scout?.id ?? null)}
      />
      <ConfirmDialog
        open={removal !== null}
        onOpenChange={(open) => (open ? undefined : setRemoval(null))}
        title={removalWords.title}
        description={removalWords.description}
        confirmLabel={removalWords.confirm}
        busyLabel="Removing…"
        busy={h.removingScout || h.removingAdult}
        onConfirm={confirmRemoval}
        onCloseAutoFocus={focusAfterRemoval}
      />
    </Panel>
  );
}

/** The address the dashboard's "Add your scouts" links to (dashboard/add-scouts.ts). */
const FAMILY_ANCHOR = '#family-heading';

/**
 * Opened by a link to the Family section (the dashboard's "Add your scouts"), the screen moves
 * to it once the household is shown, and focus goes to its heading, after the screen's own start
 * at its top (lib/screen-focus.ts).
 */
function useArrivalByLink(shown: boolean) {
  useEffect(() => {
    if (!shown || window.location.hash !== FAMILY_ANCHOR) return;
    const heading = document.getElementById(FAMILY_ANCHOR.slice(1));
    if (!heading) return;
    heading.tabIndex = -1;
    heading.scrollIntoView({ block: 'start' });
    heading.focus({ preventScroll: true });
  }, [shown]);
}

function removalText(removal: Removal | null, selfId: string) {
  if (removal?.kind === 'scout') {
    const name = `${removal.scout.firstName} ${removal.scout.lastName}`;
    return {
      title: `Remove ${name}?`,
      description: `${name}'s profile and answers are deleted. This cannot be undone.`,
      confirm: 'Remove scout',
    };
  }
  if (removal?.kind === 'adult' && removal.adult.userId === selfId)
    return {
      title: 'Leave this household?',
      description: 'You will no longer see or answer for its scouts.',
      confirm: 'Leave household',
    };
  const name = removal?.kind === 'adult' ? removal.adult.name : '';
  return {
    title: `Remove ${name}?`,
    description: `${name} will no longer see or answer for the household's scouts.`,
    confirm: 'Remove adult',
  };
}
