import type { Migration } from '../migrate.ts';

/**
 * New-event notices go out in batches (docs/decisions/064-notice-batches.md):
 *
 * - `notice_batch_events`: each announced new event and the batch it joined, keyed by the
 *   event so an event joins one batch only, with the instant the batch closes (a member's daily
 *   or weekly digest gathers the batches that closed in its period).
 * - `notification_settings.new_events_digest`: how a member takes new events: `immediate` (one
 *   mail per batch), `daily` or `weekly` (a digest).
 */
export const noticeBatches: Migration = {
  version: 37,
  name: 'notice-batches',
  up: () => [
    `CREATE TABLE notice_batch_events (
      event_id TEXT PRIMARY KEY,
      batch_key TEXT NOT NULL,
      closes_at TEXT NOT NULL
    )`,
    'CREATE INDEX notice_batch_events_batch ON notice_batch_events (batch_key)',
    'CREATE INDEX notice_batch_events_closes ON notice_batch_events (closes_at)',
    "ALTER TABLE notification_settings ADD COLUMN new_events_digest TEXT NOT NULL DEFAULT 'immediate'",
  ],
};
