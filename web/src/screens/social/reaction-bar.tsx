import { useState } from 'react';
import {
  SOCIAL_REACTION_EMOJI,
  SOCIAL_REACTIONS,
  type SocialReaction,
} from '@scout/protocol/social';
import type { SocialPost } from '@scout/sdk/social';
import { scout } from '../../lib/sdk.ts';
import { reactionLabel, toggledReactions } from '../../lib/social-text.ts';
import { cx } from '../../ui/cx.ts';
import { useSocialAction } from './use-social-action.ts';

/**
 * The five reactions, each a toggle with its count (aria-pressed): pressed at once, then as the
 * server counts them. Only a visible post takes them.
 */
export function ReactionBar({
  userId,
  post,
  canReact,
}: {
  userId: string;
  post: SocialPost;
  canReact: boolean;
}) {
  const { busy, run } = useSocialAction(userId);
  const [shown, setShown] = useState<{
    reactions: SocialPost['reactions'];
    myReactions: SocialReaction[];
  } | null>(null);
  const now = shown ?? { reactions: post.reactions, myReactions: post.myReactions };
  const press = (reaction: SocialReaction) => {
    const next = toggledReactions(now.reactions, now.myReactions, reaction);
    const on = next.myReactions.includes(reaction);
    setShown(next);
    void run(async () => {
      try {
        setShown(await scout.social.react(post.id, reaction, on));
      } catch (err) {
        setShown(null);
        throw err;
      }
    }).then(() => setShown(null));
  };
  return (
    <div role="group" aria-label="Reactions" className="mt-3 flex flex-wrap gap-1.5">
      {SOCIAL_REACTIONS.map((reaction) => {
        const count = now.reactions[reaction] ?? 0;
        const pressed = now.myReactions.includes(reaction);
        return (
          <button
            key={reaction}
            type="button"
            aria-pressed={pressed}
            aria-label={reactionLabel(reaction, count)}
            disabled={!canReact || busy}
            onClick={() => press(reaction)}
            className={cx(
              'inline-flex h-9 min-w-11 cursor-pointer items-center justify-center gap-1 rounded-full border px-2.5 text-sm transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-scout-600 disabled:cursor-not-allowed disabled:opacity-60',
              pressed
                ? 'border-scout-600 bg-scout-50 font-semibold text-scout-900'
                : 'border-stone-300 bg-white text-stone-800 hover:border-scout-600',
            )}
          >
            <span aria-hidden="true">{SOCIAL_REACTION_EMOJI[reaction]}</span>
            <span aria-hidden="true">{count}</span>
          </button>
        );
      })}
    </div>
  );
}
