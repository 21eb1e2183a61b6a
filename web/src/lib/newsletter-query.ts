/**
 * The troop's newsletter through the SDK and TanStack Query, per signed-in member
 * (docs/decisions/081-newsletter-posts.md), shared by the Newsletter screen, the dashboard's card
 * and the frame's announcement banner. Everything of a member sits under one key, so a change
 * (one's own, or one announced on the `newsletter` channel, lib/use-newsletter-live.ts) reads it
 * all again.
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NewsletterPage } from '@scout/sdk/newsletter';
import { scout } from './sdk.ts';

export const newsletterKey = (userId: string, ...part: (string | number)[]) =>
  ['newsletter', userId, ...part] as const;

/** The archive of sent posts one reads, newest first, a page at a time; `q` narrows it by words. */
export function useNewsletterArchive(userId: string, q = '', limit?: number) {
  return useInfiniteQuery({
    queryKey: newsletterKey(userId, 'archive', q, limit ?? 0),
    queryFn: ({ pageParam }) =>
      scout.newsletter.listPosts({ q: q || undefined, cursor: pageParam, limit }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: NewsletterPage) => last.next ?? undefined,
  });
}

/** The troop's drafts or scheduled posts (writers only). */
export function useUnsentPosts(userId: string, status: 'draft' | 'scheduled', enabled: boolean) {
  return useQuery({
    queryKey: newsletterKey(userId, status),
    queryFn: () => scout.newsletter.listPosts({ status }),
    enabled,
  });
}

export function useNewsletterPost(userId: string, postId: string) {
  return useQuery({
    queryKey: newsletterKey(userId, 'post', postId),
    queryFn: () => scout.newsletter.getPost(postId),
    // A post one may not read answers 404: asking again will not change that.
    retry: false,
  });
}

/** The sent announcements one has not read: each a banner until read. */
export function useAnnouncementBanner(userId: string, enabled = true) {
  return useQuery({
    queryKey: newsletterKey(userId, 'banner'),
    queryFn: () => scout.newsletter.banner(),
    enabled,
  });
}

/** Marks a post read, then reads the unread marks and the banner again. */
export function useMarkRead(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postId: string) => scout.newsletter.markRead(postId),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: newsletterKey(userId) }),
  });
}

/** Reads everything of the member's newsletter again, after a change of their own. */
export function useNewsletterRefresh(userId: string) {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: newsletterKey(userId) });
}
