/**
 * A member's mail choices (docs/protocol.md, Notification settings): new events, changes and
 * cancellations of events their household answered, a reminder some hours before an event, the
 * troop's newsletters and announcements (docs/decisions/081-newsletter-posts.md), and the social
 * feed's posts (docs/decisions/090-social-feed.md: each post, a daily digest or none; mentions
 * always come). Absent settings mean the defaults. Every such mail carries a one-click
 * unsubscribe that turns off its kind (docs/protocol.md, Unsubscribe): for `social`, the choice
 * becomes `none`.
 */
import { SOCIAL_MAIL_DEFAULT, type SocialMailChoice } from './social.ts';

export const NOTIFICATION_KINDS = [
  'new_events',
  'changes',
  'reminders',
  'newsletters',
  'announcements',
  'social',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  new_events: 'New events',
  changes: 'Changes and cancellations',
  reminders: 'Reminders',
  newsletters: 'Newsletters',
  announcements: 'Announcements',
  social: 'Social posts',
};

/** A reminder goes out this many hours before an event starts. */
export const REMINDER_HOURS_MIN = 1;
/** A week: reminders are looked for this far ahead. */
export const REMINDER_HOURS_MAX = 168;
export const REMINDER_HOURS_DEFAULT = 48;

/**
 * How a member takes new events (docs/decisions/064-notice-batches.md): one mail per batch of
 * events created together, or a daily (18:00 troop time) or weekly (Sunday 18:00) digest.
 */
export const NEW_EVENTS_DIGESTS = ['immediate', 'daily', 'weekly'] as const;
export type NewEventsDigest = (typeof NEW_EVENTS_DIGESTS)[number];

export const NEW_EVENTS_DIGEST_LABELS: Record<NewEventsDigest, string> = {
  immediate: 'As they are added',
  daily: 'Daily digest (6:00 PM)',
  weekly: 'Weekly digest (Sunday 6:00 PM)',
};

export interface WireNotificationSettings {
  newEvents: boolean;
  /** Always in answers; a client that leaves it out of a save keeps the stored choice. */
  newEventsDigest?: NewEventsDigest;
  changes: boolean;
  reminders: boolean;
  reminderHours: number;
  /**
   * The troop's newsletters and announcements by mail. Always in answers; a client that leaves
   * one out of a save keeps the stored choice.
   */
  newsletters?: boolean;
  announcements?: boolean;
  /**
   * The social feed's posts by mail: each one, a daily digest or none (mentions always come).
   * Always in answers; a client that leaves it out of a save keeps the stored choice.
   */
  social?: SocialMailChoice;
}

export const DEFAULT_NOTIFICATION_SETTINGS: WireNotificationSettings = {
  newEvents: true,
  newEventsDigest: 'immediate',
  changes: true,
  reminders: true,
  reminderHours: REMINDER_HOURS_DEFAULT,
  newsletters: true,
  announcements: true,
  social: SOCIAL_MAIL_DEFAULT,
};
