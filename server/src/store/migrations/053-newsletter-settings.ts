import type { Migration } from '../migrate.ts';

/**
 * Two more mail choices of a member (protocol/src/notification-settings.ts): the troop's
 * newsletters and its announcements by mail, both on unless turned off (a settings save or the
 * one-click unsubscribe of such a mail). A member who turned a category off is no recipient of
 * its posts (server/src/newsletter/recipients.ts); they still read them in the app.
 */
export const newsletterSettings: Migration = {
  version: 53,
  name: 'newsletter-settings',
  up: (d) => {
    const on = d === 'postgres' ? 'TRUE' : '1';
    const bool = d === 'postgres' ? 'BOOLEAN' : 'INTEGER';
    return [
      `ALTER TABLE notification_settings ADD COLUMN newsletters ${bool} NOT NULL DEFAULT ${on}`,
      `ALTER TABLE notification_settings ADD COLUMN announcements ${bool} NOT NULL DEFAULT ${on}`,
    ];
  },
};
