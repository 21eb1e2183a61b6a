import type { Migration } from '../migrate.ts';

/**
 * When a member last changed how they take new events (docs/decisions/064-notice-batches.md):
 * `notification_settings.new_events_digest_changed_at`, an instant (ISO 8601, UTC), null until
 * they first change it. A digest gathers only the batches told its way: those that closed
 * before a switch went out the old way, so a member who moves from one mail per batch to a
 * daily digest is not sent the morning's events a second time.
 */
export const digestChangedAt: Migration = {
  version: 39,
  name: 'digest-changed-at',
  up: () => ['ALTER TABLE notification_settings ADD COLUMN new_events_digest_changed_at TEXT'],
};
