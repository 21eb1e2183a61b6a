import { useState } from 'react';
import { SOCIAL_LIMITS, type SocialChannelId } from '@scout/protocol/social';
import { useChannelMembers } from '../../lib/social-query.ts';

/**
 * Whom to tell by mail whatever their settings: readers of the channel only (the server refuses
 * anyone else), listed once opened.
 */
export function MentionPicker({
  userId,
  channel,
  chosen,
  onChange,
}: {
  userId: string;
  channel: SocialChannelId;
  chosen: readonly string[];
  onChange: (ids: string[]) => void;
}) {
  const [open, setOpen] = useState(false);
  const members = useChannelMembers(userId, channel, open);
  const others = (members.data ?? []).filter((m) => m.userId !== userId);
  return (
    <details
      className="rounded-lg border border-stone-200 px-3 py-2"
      onToggle={(e) => setOpen(e.currentTarget.open)}
    >
      <summary className="cursor-pointer text-sm font-medium text-stone-800">
        Mention someone{chosen.length ? ` (${chosen.length})` : ''}
      </summary>
      {members.isPending && open ? (
        <p className="mt-2 text-sm text-stone-600">Loading members...</p>
      ) : null}
      {members.isError ? (
        <p className="mt-2 text-sm text-red-800">Could not load the members.</p>
      ) : null}
      {others.length ? (
        <fieldset className="mt-2">
          <legend className="sr-only">Members to mention</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-1">
            {others.map((m) => (
              <label key={m.userId} className="inline-flex items-center gap-1.5 text-sm">
                <input
                  type="checkbox"
                  className="size-4"
                  checked={chosen.includes(m.userId)}
                  disabled={
                    !chosen.includes(m.userId) && chosen.length >= SOCIAL_LIMITS.mentionsPerPost
                  }
                  onChange={(e) =>
                    onChange(
                      e.currentTarget.checked
                        ? [...chosen, m.userId]
                        : chosen.filter((id) => id !== m.userId),
                    )
                  }
                />
                {m.name}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
    </details>
  );
}
