import type { Migration } from '../migrate.ts';

/**
 * One private calendar feed per user (docs/decisions/001-calendar-feed-tokens.md). The feed is
 * found by the SHA-256 hash of its token; the token itself is kept only encrypted with a key
 * derived from the server's secret, so the screen can show the URL again while a copy of the
 * database alone reveals no feed URL. Deleting the user deletes the feed.
 */
export const calendarFeeds: Migration = {
  version: 6,
  name: 'calendar-feeds',
  up: () => [
    `CREATE TABLE calendar_feeds (
      user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      token_hash TEXT NOT NULL UNIQUE,
      token_encrypted TEXT NOT NULL,
      created_at TEXT NOT NULL
    )`,
  ],
};
