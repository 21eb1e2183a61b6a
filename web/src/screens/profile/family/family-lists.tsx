import type { ReactNode } from 'react';
import type { HouseholdAdult, HouseholdInvitation, ScoutProfile } from '@scout/sdk/households';
import { formatDay } from '../../../lib/event-format.ts';
import { Button } from '../../../ui/button.tsx';
import { ScoutChoiceBoxes } from './scout-choices.tsx';
import { scoutChoicesInWords, type ScoutChoice } from './scout-form.ts';

/** A scout's details, in words: only the family and leaders ever see them. */
export function scoutDetails(s: ScoutProfile): string {
  return (
    [
      s.patrol ? `${s.patrol} patrol` : null,
      s.birthYear ? `born ${s.birthYear}` : null,
      s.hasAccount ? 'has an account' : null,
    ]
      .filter(Boolean)
      .join(' · ') || 'No details yet'
  );
}

const ROW =
  'flex flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-xl border border-stone-200 bg-white px-4 py-3';

/** One person of a household list: the name (with what stands beside it), details below, actions at the end. */
function PersonRow({
  name,
  children,
  actions,
}: {
  name: ReactNode;
  children: ReactNode;
  actions: ReactNode;
}) {
  return (
    <li className={ROW}>
      <div className="min-w-0">
        <p className="font-semibold break-words text-stone-900">{name}</p>
        {children}
      </div>
      {actions}
    </li>
  );
}

export function ScoutList({
  scouts,
  onRemove,
  onInvite,
  onChoose,
  choosing = false,
}: {
  scouts: ScoutProfile[];
  /** Absent: the reader sees the household's choices in words and changes none. */
  onChoose?: (s: ScoutProfile, choice: ScoutChoice, checked: boolean) => void;
  /** A choice is on its way: the boxes wait for the answer. */
  choosing?: boolean;
  /** Absent: the reader may not change the household (a scout's own account). */
  onRemove?: (s: ScoutProfile) => void;
  /** Invites a scout without an account to link their own. */
  onInvite?: (s: ScoutProfile) => void;
}) {
  if (scouts.length === 0)
    return <p className="mt-3 text-sm text-stone-600">No scouts in your household yet.</p>;
  return (
    <ul aria-label="Scouts" className="mt-3 space-y-2">
      {scouts.map((s) => (
        <PersonRow
          key={s.id}
          name={
            <>
              {s.firstName} {s.lastName}
            </>
          }
          actions={
            <div className="flex flex-wrap gap-2">
              {onInvite && !s.hasAccount ? (
                <Button variant="ghost" size="sm" onClick={() => onInvite(s)}>
                  Invite to sign in<span className="sr-only"> {s.firstName}</span>
                </Button>
              ) : null}
              {onRemove ? (
                <Button variant="secondary" size="sm" onClick={() => onRemove(s)}>
                  Remove<span className="sr-only"> {s.firstName}</span>
                </Button>
              ) : null}
            </div>
          }
        >
          <p className="text-sm text-stone-600">{scoutDetails(s)}</p>
          {onChoose ? (
            <div className="mt-2">
              <ScoutChoiceBoxes
                checked={s}
                disabled={choosing}
                scoutName={`${s.firstName} ${s.lastName}`}
                onChange={(choice, checked) => onChoose(s, choice, checked)}
              />
            </div>
          ) : (
            <p className="text-sm text-stone-600">{scoutChoicesInWords(s)}</p>
          )}
          {s.notes ? (
            <p className="mt-1 text-sm break-words whitespace-pre-line text-stone-700">
              <span className="sr-only">Notes: </span>
              {s.notes}
            </p>
          ) : null}
        </PersonRow>
      ))}
    </ul>
  );
}

export function AdultList({
  adults,
  selfId,
  onRemove,
}: {
  adults: HouseholdAdult[];
  selfId: string;
  onRemove?: (a: HouseholdAdult) => void;
}) {
  return (
    <ul aria-label="Adults" className="mt-3 space-y-2">
      {adults.map((a) => (
        <PersonRow
          key={a.userId}
          name={
            <>
              {a.name}
              {a.userId === selfId ? (
                <span className="font-normal text-stone-600"> (you)</span>
              ) : null}
            </>
          }
          actions={
            onRemove ? (
              <Button variant="secondary" size="sm" onClick={() => onRemove(a)}>
                {a.userId === selfId ? (
                  'Leave'
                ) : (
                  <>
                    Remove<span className="sr-only"> {a.name}</span>
                  </>
                )}
              </Button>
            ) : null
          }
        >
          <p className="text-sm break-all text-stone-600">{a.email}</p>
        </PersonRow>
      ))}
    </ul>
  );
}

/** Whom an open invitation is for, in words. */
function invitee(i: HouseholdInvitation, scouts: ScoutProfile[]): string {
  const scout = i.kind === 'scout' ? scouts.find((s) => s.id === i.scoutId) : undefined;
  const who = i.email ?? 'anyone with the link';
  return scout ? `${scout.firstName}'s own account (${who})` : who;
}

export function OpenInvitations({
  invitations,
  scouts,
  onWithdraw,
}: {
  invitations: HouseholdInvitation[];
  scouts: ScoutProfile[];
  onWithdraw: (id: string) => void;
}) {
  if (invitations.length === 0) return null;
  return (
    <ul aria-label="Open invitations" className="mt-3 space-y-2">
      {invitations.map((i) => (
        <li key={i.id} className={`${ROW} text-sm`}>
          <span className="min-w-0 break-all text-stone-800">
            Invitation for <span className="font-semibold">{invitee(i, scouts)}</span> · waiting
            until {formatDay(i.expiresAt)}
          </span>
          <Button variant="secondary" size="sm" onClick={() => onWithdraw(i.id)}>
            Withdraw<span className="sr-only"> the invitation for {i.email ?? 'anyone'}</span>
          </Button>
        </li>
      ))}
    </ul>
  );
}
