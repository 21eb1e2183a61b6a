/**
 * The troop's social feed on the wire (docs/decisions/090-social-feed.md): posts with photos,
 * comments and reactions in channels, under the youth-protection rules the server enforces
 * (server/src/social/channel-rules.ts). Plain types, limits and words only: the browser bundle
 * carries no zod, the server's schemas apply the same numbers.
 */
import type { SocialChannelId } from './social-channels.ts';

export * from './social-channels.ts';

/**
 * - `visible`: every reader of the channel sees it.
 * - `pending`: a youth's post or comment waiting for a leader's approval (a troop setting).
 * - `held`: a post with a photo tagged with a scout whose profile says "no photos of me",
 *   waiting for a leader.
 * - `hidden`: a leader hid it, with a reason; `removed`: a leader removed it, its text and
 *   photos are gone.
 * Whatever is not visible is seen only by its author, the author's parents and the leaders.
 */
export const SOCIAL_STATUSES = ['visible', 'pending', 'held', 'hidden', 'removed'] as const;
export type SocialStatus = (typeof SOCIAL_STATUSES)[number];

export const SOCIAL_REACTIONS = ['like', 'love', 'laugh', 'wow', 'thanks'] as const;
export type SocialReaction = (typeof SOCIAL_REACTIONS)[number];
export const SOCIAL_REACTION_EMOJI: Record<SocialReaction, string> = {
  like: '👍',
  love: '❤️',
  laugh: '😂',
  wow: '😮',
  thanks: '🙏',
};
export const SOCIAL_REACTION_LABELS: Record<SocialReaction, string> = {
  like: 'Like',
  love: 'Love',
  laugh: 'Funny',
  wow: 'Wow',
  thanks: 'Thanks',
};

/** What a leader does to a post (`lock`/`unlock`: comments) or a comment (no lock). */
export const SOCIAL_MODERATIONS = [
  'approve',
  'hide',
  'unhide',
  'remove',
  'lock',
  'unlock',
] as const;
export type SocialModeration = (typeof SOCIAL_MODERATIONS)[number];
/** Hiding and removing say why: the author and the audit log read it. */
export const SOCIAL_REASON_REQUIRED: readonly SocialModeration[] = ['hide', 'remove'];

export const SOCIAL_LIMITS = {
  bodyMaxChars: 4_000,
  commentMaxChars: 2_000,
  reasonMaxChars: 500,
  photosPerPost: 10,
  tagsPerPhoto: 30,
  mentionsPerPost: 20,
  commentsPerPost: 500,
  pageSize: 20,
  pageMax: 50,
  /** A photo as a phone takes it fits; the server keeps re-encoded copies at these sizes. */
  photoMaxBytes: 15 * 1024 * 1024,
  photoMaxDimension: 1600,
  thumbMaxDimension: 480,
  photoMaxMegapixels: 50,
  /** An uploaded photo no post names is deleted after this long. */
  unusedPhotoHours: 24,
  /** Open reports one member may file in an hour. */
  reportsPerHour: 20,
} as const;

/** A member's social mail (protocol/src/notification-settings.ts): mentions always come. */
export const SOCIAL_MAIL_CHOICES = ['each', 'digest', 'none'] as const;
export type SocialMailChoice = (typeof SOCIAL_MAIL_CHOICES)[number];
export const SOCIAL_MAIL_LABELS: Record<SocialMailChoice, string> = {
  each: 'Each post',
  digest: 'Daily digest (6:00 PM)',
  none: 'None (mentions still come)',
};
export const SOCIAL_MAIL_DEFAULT: SocialMailChoice = 'digest';

export const SOCIAL_MESSAGES = {
  postEmpty: 'Write something or add a photo',
  bodyTooLong: `A post is at most ${SOCIAL_LIMITS.bodyMaxChars} characters`,
  commentEmpty: 'The comment is empty',
  commentTooLong: `A comment is at most ${SOCIAL_LIMITS.commentMaxChars} characters`,
  reasonRequired: 'Say why, so the author knows',
  notAllowedYet: 'A parent in your household needs to allow you to post first',
  channelClosedToYouth: 'Scouts can use a channel once two adults and a parent of theirs are in it',
  locked: 'This thread is locked',
  notVisible: 'Only a visible post takes comments and reactions',
  tooManyComments: `A post takes at most ${SOCIAL_LIMITS.commentsPerPost} comments`,
  photoNotImage: 'Choose a PNG, JPEG, WebP or GIF photo',
  photoTooLarge: `A photo is at most ${SOCIAL_LIMITS.photoMaxBytes / 1024 / 1024} MB`,
  photoTooManyPixels: `A photo is at most ${SOCIAL_LIMITS.photoMaxMegapixels} megapixels`,
  photoUnknown: 'A photo of this post was not found; upload it again',
  mentionNotReader: 'Only someone who reads this channel can be mentioned',
  tagUnknown: 'A tagged scout is not in this troop',
  tooManyReports: 'You have sent many reports this hour; a leader will look at them',
  heldForLeader: 'A scout in a photo asked for no photos: a leader will look at it first',
  waitsForApproval: 'A leader approves posts by scouts before others see them',
  postNotFound: 'This post is not in the feed',
  commentNotFound: 'This comment is not in the feed',
  channelNotFound: 'This channel is not in the feed',
  reportNotFound: 'This report is not in the feed',
  badCursor: 'This page of the feed is out of date; load the feed again',
  authorOnly: 'Only its author deletes it',
  readersOnly: 'Only readers of the channel comment and react here',
  reportEmpty: 'Say what is wrong with it',
  reportResolved: 'This report is already resolved',
  commentNoLock: 'A comment has no thread to lock: lock its post',
} as const;

export interface WireSocialChannel {
  id: SocialChannelId;
  /** "Whole troop", "Leaders", "Owls patrol". */
  name: string;
  /** Whether the caller may post and comment here now. */
  canPost: boolean;
}

/** The caller's place in the feed, and the troop's setting. */
export interface WireSocialHome {
  channels: WireSocialChannel[];
  me: {
    youth: boolean;
    /** A youth a parent has allowed to post; always true for adults. */
    mayPost: boolean;
    /** Holds `social.moderate`: approves, hides, removes, locks, reads reports. */
    moderator: boolean;
  };
  settings: WireSocialSettings;
  /** For moderators: what waits for them (pending and held items, open reports). */
  waiting?: number;
}

export interface WireSocialSettings {
  /** Posts and comments by youth wait for a leader before others see them. */
  youthPostsNeedApproval: boolean;
}

export interface WireSocialPerson {
  userId: string | null;
  name: string;
  youth: boolean;
}

export interface WireSocialPhoto {
  id: string;
  width: number;
  height: number;
  /** Signed links for the hour the reader has the post open. */
  url: string;
  thumbUrl: string;
  thumbWidth: number;
  thumbHeight: number;
  tags: Array<{ scoutId: string; name: string }>;
}

/** Why a leader hid or removed something, for its author, their parents and the leaders. */
export interface WireSocialModeration {
  action: 'hide' | 'remove';
  reason: string;
  by: string;
  at: string;
}

export interface WireSocialPost {
  id: string;
  channel: SocialChannelId;
  channelName: string;
  author: WireSocialPerson;
  body: string;
  photos: WireSocialPhoto[];
  mentions: WireSocialPerson[];
  status: SocialStatus;
  moderation: WireSocialModeration | null;
  locked: boolean;
  createdAt: string;
  commentCount: number;
  reactions: Partial<Record<SocialReaction, number>>;
  myReactions: SocialReaction[];
  /** The caller wrote it. */
  mine: boolean;
}

export interface WireSocialComment {
  id: string;
  postId: string;
  author: WireSocialPerson;
  body: string;
  mentions: WireSocialPerson[];
  status: SocialStatus;
  moderation: WireSocialModeration | null;
  createdAt: string;
  mine: boolean;
}

/** The feed's page: newest first, `next` the cursor of the next page or null. */
export interface WireSocialPage {
  posts: WireSocialPost[];
  next: string | null;
}

export interface WireSocialThread {
  post: WireSocialPost;
  /** Oldest first. */
  comments: WireSocialComment[];
}

/** What a poster sends. */
export interface SocialPostInput {
  channel: SocialChannelId;
  body: string;
  /** Photos uploaded by the poster (`POST .../photos`), in order, each with the scouts tagged. */
  photos?: Array<{ id: string; tags?: string[] }>;
  /** Members of the channel to tell by mail, whatever their settings. */
  mentions?: string[];
}

export interface SocialCommentInput {
  body: string;
  mentions?: string[];
}

/** A photo as uploaded, before a post names it. */
export interface WireSocialUpload {
  id: string;
  width: number;
  height: number;
  thumbUrl: string;
}

/** A scout a poster may tag, and whether their profile asks for no photos. */
export interface WireTaggableScout {
  scoutId: string;
  name: string;
  noPhotos: boolean;
}

/** A member's report of a post or comment, as a leader reads it. */
export interface WireSocialReport {
  id: string;
  postId: string;
  commentId: string | null;
  reason: string;
  reporter: string;
  createdAt: string;
}

/** What waits for a leader. */
export interface WireSocialQueue {
  posts: WireSocialPost[];
  comments: WireSocialComment[];
  reports: WireSocialReport[];
}
