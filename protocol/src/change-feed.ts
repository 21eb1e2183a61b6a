/**
 * The change feed: once a write through the Data API has committed, the server announces it on
 * the realtime channel named after the table, so every open screen can show it without a
 * reload. Only the server publishes there. A message names the rows that changed, never what
 * they hold: a listener reads them again under its own access rules, so a message is a hint to
 * reload and never trusted for content.
 */
import type { RowGrant } from './table-grants.ts';

/** Tables whose changes are announced; each is also the name of its channel. */
export const CHANGE_FEED_TABLES = ['calendar_events'] as const;

export type ChangeFeedTable = (typeof CHANGE_FEED_TABLES)[number];

/** The message `type` on a change-feed channel. */
export type ChangeKind = 'created' | 'updated' | 'deleted';

/** The message `data`: ids of the rows written (a large write comes as several messages). */
export interface ChangeFeedData {
  ids: string[];
}

/**
 * A member who may read only their own rows of a table (its read rule says `owner` and gives
 * them nothing more) listens on their own channel of that table, `calendar_events:<userId>`:
 * the table's channel names every changed row and is only for those who read every row
 * (docs/roles.md, Table rules).
 */
export const ownRowsChannel = (table: ChangeFeedTable, userId: string): string =>
  `${table}:${userId}`;

/** The channel a member whose role reads `grant` of `table` listens on; null when none. */
export const listenChannel = (
  table: ChangeFeedTable,
  grant: RowGrant,
  userId: string,
): string | null =>
  grant === 'all' ? table : grant === 'own' ? ownRowsChannel(table, userId) : null;

/** The change-feed table a channel belongs to, and whose own channel it is; null for others. */
export function changeFeedChannel(
  channel: string,
): { table: ChangeFeedTable; ownerId: string | null } | null {
  for (const table of CHANGE_FEED_TABLES) {
    if (channel === table) return { table, ownerId: null };
    if (channel.startsWith(`${table}:`) && channel.length > table.length + 1)
      return { table, ownerId: channel.slice(table.length + 1) };
  }
  return null;
}
