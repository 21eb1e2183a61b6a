import type { Migration } from '../migrate.ts';

/**
 * Newsletters and announcements (server/src/newsletter/, docs/decisions/081-newsletter-posts.md).
 *
 * - `newsletter_posts`: a troop's post (or its council's, read by every troop of the council).
 *   `body` is the Markdown as written (docs/decisions/080-newsletter-format.md); `patrols` a JSON
 *   array of the chosen patrols' names when `audience` is `patrols`. `status` goes draft ->
 *   scheduled (with `send_at`) -> sent (`sent_at`); `edited_at` marks a change after sending.
 * - `newsletter_deliveries`: the recipients a sent post was mailed to, fixed when it goes out,
 *   one row a person (the primary key), so a second send of the same post to the same person
 *   cannot exist; `mailed_at` is set once the mail server took the mail. `troop_id` is the
 *   recipient's troop (a council post reaches each member in one of their troops).
 * - `newsletter_reads`: who opened which post in the app, once.
 *
 * A post goes with its troop; its deliveries and reads go with it and with their account.
 */
export const newsletterPosts: Migration = {
  version: 52,
  name: 'newsletter-posts',
  up: (d) => {
    const text = d === 'postgres' ? 'TEXT COLLATE "C"' : 'TEXT';
    return [
      `CREATE TABLE newsletter_posts (
        id ${text} PRIMARY KEY,
        troop_id ${text} NOT NULL REFERENCES troops(id) ON DELETE CASCADE,
        kind ${text} NOT NULL,
        title ${text} NOT NULL,
        body ${text} NOT NULL,
        audience ${text} NOT NULL,
        patrols ${text} NOT NULL DEFAULT '[]',
        status ${text} NOT NULL DEFAULT 'draft',
        send_at ${text},
        sent_at ${text},
        edited_at ${text},
        author_id ${text} REFERENCES users(id) ON DELETE SET NULL,
        created_at ${text} NOT NULL,
        updated_at ${text} NOT NULL
      )`,
      'CREATE INDEX newsletter_posts_archive ON newsletter_posts (troop_id, status, sent_at)',
      `CREATE TABLE newsletter_deliveries (
        post_id ${text} NOT NULL REFERENCES newsletter_posts(id) ON DELETE CASCADE,
        user_id ${text} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        troop_id ${text} NOT NULL,
        mailed_at ${text},
        PRIMARY KEY (post_id, user_id)
      )`,
      `CREATE TABLE newsletter_reads (
        post_id ${text} NOT NULL REFERENCES newsletter_posts(id) ON DELETE CASCADE,
        user_id ${text} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        troop_id ${text} NOT NULL,
        read_at ${text} NOT NULL,
        PRIMARY KEY (post_id, user_id)
      )`,
      'CREATE INDEX newsletter_reads_user ON newsletter_reads (user_id)',
    ];
  },
};
