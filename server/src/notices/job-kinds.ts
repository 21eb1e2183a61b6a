/** The kinds of the jobs behind event notices, and the keys that make some of them once-only. */
export const JOB_KINDS = {
  eventCreated: 'event-created',
  eventChanged: 'event-changed',
  eventRemoved: 'event-removed',
  occurrenceRemoved: 'occurrence-removed',
  followingRemoved: 'following-removed',
  reminder: 'reminder',
  /** The new events of one window, told in one mail per member (batches.ts). */
  newEventsBatch: 'new-events-batch',
  /** A member's daily or weekly digest of new events (digest-schedule.ts). */
  newEventsDigest: 'new-events-digest',
  mail: 'notice-mail',
} as const;

/** One "new event" job per event, whichever write or process schedules it. */
export const createdJobKey = (eventId: string) => `event-created:${eventId}`;
