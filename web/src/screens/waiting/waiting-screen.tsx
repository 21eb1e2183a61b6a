import type { WireUser } from '@scout/protocol/auth';
import { PRODUCT_NAME } from '@scout/protocol/limits';
import { firstNameOf } from '@scout/protocol/user-display';
import { troopContact } from '../../lib/sdk.ts';
import { Button } from '../../ui/button.tsx';
import { Logo } from '../../ui/logo.tsx';
import { ScreenHeading } from '../../ui/screen-heading.tsx';
import { FamilyOffer } from './family-offer.tsx';
import { useMembershipCheck } from './use-membership-check.ts';

const WORDS = {
  pending: {
    title: 'Waiting for approval',
    body: 'A leader of the troop needs to approve your account before you see the calendar and the rest of the troop. This page moves on by itself once they have.',
  },
  suspended: {
    title: 'Membership suspended',
    body: 'A leader of the troop has suspended your membership, so the troop’s calendar and members are hidden from you.',
  },
} as const;

/**
 * What a member sees while their account waits for a leader or is suspended
 * (docs/operations.md, Who may join): what is going on, whom to ask, and a way out.
 */
export function WaitingScreen({
  user,
  status,
  onSignOut,
}: {
  user: WireUser;
  status: 'pending' | 'suspended';
  onSignOut: () => void;
}) {
  const words = WORDS[status];
  const { checking, checkNow } = useMembershipCheck();
  return (
    <main className="flex min-h-dvh items-start justify-center bg-stone-50 px-4 py-12 sm:items-center">
      <div className="w-full max-w-md rounded-2xl border border-stone-200 bg-white p-6 shadow-xl shadow-scout-950/5 sm:p-8">
        <div className="flex items-center gap-3">
          <Logo className="size-10 rounded-xl" />
          <p className="font-bold text-stone-900">{PRODUCT_NAME}</p>
        </div>
        <ScreenHeading className="mt-6 text-2xl font-extrabold tracking-tight text-stone-900">
          {words.title}
        </ScreenHeading>
        <p className="mt-2 text-stone-700">Hi {firstNameOf(user)},</p>
        <p className="mt-2 text-stone-700">{words.body}</p>
        {status === 'pending' ? <FamilyOffer onJoined={checkNow} /> : null}
        <p className="mt-4 rounded-xl bg-scout-50 p-4 text-sm text-scout-900">
          {troopContact
            ? `Questions? Contact ${troopContact}.`
            : 'Questions? Contact your Scoutmaster or another leader of the troop.'}
        </p>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row">
          <Button variant="secondary" size="lg" onClick={onSignOut}>
            Sign Out
          </Button>
          {status === 'pending' ? (
            <Button size="lg" className="sm:flex-1" onClick={checkNow} disabled={checking}>
              {checking ? 'Checking...' : 'Check again'}
            </Button>
          ) : null}
        </div>
      </div>
    </main>
  );
}
