/**
 * The troop's social feed through the SDK and TanStack Query, per signed-in member
 * (docs/decisions/090-social-feed.md), shared by the Social screen and the dashboard's card.
 * Everything of a member sits under one key, so a change (one's own, or one announced on a
 * `social:<channel>` realtime channel, lib/social-live.ts) reads it all again under the
 * member's own access.
 */
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SocialChannelId, SocialPage } from '@scout/sdk/social';
import { scout } from './sdk.ts';

export const socialKey = (userId: string, ...part: (string | number)[]) =>
  ['social', userId, ...part] as const;

/** The channels the member reads, what they may do, and (leaders) how much waits for them. */
export function useSocialHome(userId: string) {
  return useQuery({
    queryKey: socialKey(userId, 'home'),
    queryFn: () => scout.social.home(),
  });
}

/** The feed of one channel, or of every channel read (`null`), newest first, a page at a time. */
export function useSocialFeed(userId: string, channel: SocialChannelId | null, limit?: number) {
  return useInfiniteQuery({
    queryKey: socialKey(userId, 'feed', channel ?? '', limit ?? 0),
    queryFn: ({ pageParam }) =>
      scout.social.listPosts({ channel: channel ?? undefined, cursor: pageParam, limit }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: SocialPage) => last.next ?? undefined,
  });
}

export function useSocialThread(userId: string, postId: string) {
  return useQuery({
    queryKey: socialKey(userId, 'thread', postId),
    queryFn: () => scout.social.getThread(postId),
    // A post one may not see answers 404: asking again will not change that.
    retry: false,
  });
}

/** What waits for a leader (social.moderate). */
export function useSocialQueue(userId: string, enabled: boolean) {
  return useQuery({
    queryKey: socialKey(userId, 'queue'),
    queryFn: () => scout.social.queue(),
    enabled,
  });
}

/** The scouts a poster may tag in a photo, with their "no photos" wish. */
export function useTaggableScouts(userId: string, enabled: boolean) {
  return useQuery({
    queryKey: socialKey(userId, 'scouts'),
    queryFn: () => scout.social.taggableScouts(),
    enabled,
    staleTime: 60_000,
  });
}

/** Reads everything of the member's feed again, after a change of their own. */
export function useSocialRefresh(userId: string) {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: socialKey(userId) });
}

/** A channel's readers, whom a post or comment there may mention. */
export function useChannelMembers(userId: string, channel: SocialChannelId, enabled: boolean) {
  return useQuery({
    queryKey: socialKey(userId, 'members', channel),
    queryFn: () => scout.social.members(channel),
    enabled,
    staleTime: 60_000,
  });
}
