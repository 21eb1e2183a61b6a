/**
 * Keeps the newsletter current: the server announces a post sent, edited or deleted on the
 * troop's `newsletter` channel (docs/decisions/081-newsletter-posts.md), naming only the post, and
 * the member's archive, card and banner are read again soon after (use-live-reload.ts), sharing
 * one subscription.
 */
import { NEWSLETTER_CHANNEL } from '@scout/protocol/newsletter';
import { newsletterKey } from './newsletter-query.ts';
import { useLiveReload } from './use-live-reload.ts';

export function useNewsletterLive(userId: string, enabled = true): void {
  useLiveReload(
    enabled ? NEWSLETTER_CHANNEL : null,
    newsletterKey(userId),
    'The live newsletter is not available',
  );
}
