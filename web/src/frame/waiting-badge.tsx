import type { WireUser } from '@scout/protocol/auth';
import { pathOf } from '@scout/protocol/app-paths';
import { useLocation } from 'wouter';
import { UsersIcon } from '../ui/icons.tsx';
import { useWaitingCount } from './use-waiting.ts';
import { membersLabel } from './waiting.ts';

/**
 * In the header of every screen, for those who may let people in: how many accounts wait for
 * approval, opening the Members screen, where they are approved. Absent when nobody waits, and on
 * the Members screen itself, which lists them.
 */
export function WaitingBadge({ user }: { user: WireUser }) {
  const waiting = useWaitingCount(user);
  const [location, navigate] = useLocation();
  const members = pathOf({ view: 'members' });
  if (waiting === 0 || location === members) return null;
  return (
    <button
      type="button"
      onClick={() => navigate(members)}
      aria-label={membersLabel(waiting)}
      title={membersLabel(waiting)}
      className="relative inline-flex size-10 shrink-0 cursor-pointer items-center justify-center rounded-lg text-scout-100 transition-colors hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
    >
      <UsersIcon className="size-5" />
      <span
        aria-hidden="true"
        className="absolute -top-0.5 -right-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-trail-300 px-1 text-xs leading-5 font-bold text-stone-950"
      >
        {waiting}
      </span>
    </button>
  );
}
