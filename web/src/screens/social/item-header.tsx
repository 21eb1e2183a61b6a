import type { SocialStatus, WireSocialModeration } from '@scout/protocol/social';
import { moderationNote, postTime, statusNote } from '../../lib/social-text.ts';

/** Who wrote it, where and when: the head of a post or a comment. */
export function ItemByline({
  author,
  where,
  createdAt,
  headingId,
  level,
}: {
  author: string;
  where?: string;
  createdAt: string;
  headingId: string;
  level: 'h2' | 'h3' | 'h4';
}) {
  const Heading = level;
  return (
    <div className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
      <Heading id={headingId} className="text-sm font-bold text-stone-900">
        {author}
        {where ? <span className="font-normal text-stone-600"> in {where}</span> : null}
      </Heading>
      <time dateTime={createdAt} className="text-xs text-stone-600">
        {postTime(createdAt, Date.now())}
      </time>
    </div>
  );
}

/** Why only some see it: waiting for a leader, or hidden or removed and why. */
export function StatusNotes({
  status,
  moderation,
}: {
  status: SocialStatus;
  moderation: WireSocialModeration | null;
}) {
  const note = statusNote(status);
  if (!note && !moderation) return null;
  return (
    <div className="mt-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      {note ? <p className="font-semibold">{note}</p> : null}
      {moderation ? <p>{moderationNote(moderation)}</p> : null}
    </div>
  );
}

/** Whom a post or comment mentioned (each told by mail), when it mentioned anyone. */
export function MentionedLine({ people }: { people: readonly { name: string }[] }) {
  if (people.length === 0) return null;
  return (
    <p className="mt-1 text-sm text-stone-600">Mentioned: {people.map((m) => m.name).join(', ')}</p>
  );
}
