/**
 * Words the feed's routes answer that protocol/src/social.ts SOCIAL_MESSAGES does not hold yet;
 * they belong there, beside the others, once that file takes them.
 */
export const FEED_MESSAGES = {
  notFound: 'This post is not in the feed',
  commentNotFound: 'This comment is not in the feed',
  channelNotFound: 'This channel is not in the feed',
  badCursor: 'This page of the feed is out of date; load the feed again',
  authorOnly: 'Only its author deletes it',
  readersOnly: 'Only readers of the channel comment and react here',
} as const;
