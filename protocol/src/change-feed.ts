/**
 * The change feed: once a write through the Data API has committed, the server announces it on
 * the realtime channel named after the table, so every open screen can show it without a
 * reload. Only the server publishes there. A message names the rows that changed, never what
 * they hold: a listener reads them again under its own access rules, so a message is a hint to
 * reload and never trusted for content.
 */

/** Tables whose changes are announced; each is also the name of its channel. */
export const CHANGE_FEED_TABLES = ['calendar_events'] as const;

export type ChangeFeedTable = (typeof CHANGE_FEED_TABLES)[number];

/** The message `type` on a change-feed channel. */
export type ChangeKind = 'created' | 'updated' | 'deleted';

/** The message `data`: ids of the rows written (a large write comes as several messages). */
export interface ChangeFeedData {
  ids: string[];
}
