import type { WireUser } from '@scout/protocol/auth';
import { Link } from 'wouter';
import { useVolunteerLive } from '../../lib/use-volunteer-live.ts';
import { useMyCommitments, useOpenSlots } from '../../lib/volunteer-query.ts';
import { cx } from '../../ui/cx.ts';
import { EmptyBlock } from './summary-card.tsx';
import { volunteerBlocks, type VolunteerBlock } from './volunteer-blocks.ts';

const SLOTS = 3;

/**
 * The Volunteer card's three blocks (volunteer-blocks.ts): the member's commitments, then the
 * next open slots, kept current by the `volunteer` channel as the screen is.
 */
export function VolunteerCardBlocks({ user }: { user: WireUser }) {
  useVolunteerLive(user);
  const mine = useMyCommitments(user.id);
  const open = useOpenSlots(user.id, SLOTS + 3);
  if (mine.isPending || open.isPending)
    return <p className="py-3 text-sm text-stone-600">Loading sign-up slots...</p>;
  if (mine.isError || open.isError)
    return <p className="py-3 text-sm text-stone-600">Could not load sign-up slots.</p>;
  const blocks = volunteerBlocks(mine.data.commitments, open.data, `user:${user.id}`, SLOTS);
  return (
    <ul aria-label="Sign-up slots" className="space-y-2.5">
      {blocks.map((block) =>
        block.kind === 'empty' ? (
          <EmptyBlock key={block.key} label={block.label} />
        ) : (
          <SlotBlock key={block.key} block={block} />
        ),
      )}
    </ul>
  );
}

function SlotBlock({ block }: { block: Exclude<VolunteerBlock, { kind: 'empty' }> }) {
  return (
    <li
      className={cx(
        'relative flex min-h-12 flex-col justify-center rounded-xl border px-3 py-1.5 focus-within:ring-2 focus-within:ring-scout-600 hover:border-scout-600 hover:bg-scout-50',
        block.kind === 'mine' ? 'border-scout-200 bg-scout-50' : 'border-stone-200 bg-stone-50',
      )}
    >
      {/* The link covers the block: the whole block opens the event, where its sheet is. */}
      <Link
        href={block.path}
        className="truncate text-sm font-semibold text-stone-900 after:absolute after:inset-0 after:rounded-xl focus:outline-none"
      >
        {block.title}
        <span className="sr-only">, {block.eventName}</span>
      </Link>
      <p className="truncate text-xs text-stone-600" aria-hidden="true">
        {block.eventName}
      </p>
      <p className="text-xs text-stone-600">{block.when}</p>
      <p
        className={cx(
          'text-xs font-semibold',
          block.kind === 'mine' ? 'text-scout-800' : 'text-stone-700',
        )}
      >
        {block.empty ? (
          <span className="mr-1.5 rounded-full bg-amber-100 px-1.5 text-amber-900">Empty</span>
        ) : null}
        {block.status}
      </p>
    </li>
  );
}
