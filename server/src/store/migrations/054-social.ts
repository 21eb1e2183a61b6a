import type { Migration } from '../migrate.ts';

/**
 * The troop's social feed (server/src/social/, docs/decisions/090-social-feed.md).
 *
 * - `scouts.no_photos`: the scout's household asks that no photo of them be shown; a photo
 *   tagged with them is held for a leader. `scouts.may_post`: a parent of the household allowed
 *   the scout to post; until then the scout reads only.
 * - `notification_settings.social`: `each` post, a daily `digest`, or `none` (mentions always).
 * - `social_settings`: a troop's choice whether youth posts wait for a leader (default yes).
 * - `social_posts`, `social_comments`: `status` as protocol/src/social.ts says; `reason`,
 *   `moderated_by`, `moderated_at` the last hide or remove; `author_youth` what the author was
 *   when writing, so the approval rule and a parent's view of their scout's words never depend
 *   on a later change of role; `mentions` a JSON array of account ids.
 * - `social_photos`: a photo as uploaded (`post_id` null until a post names it), stored twice,
 *   re-encoded without metadata: `path` (at most 1600 px) and `thumb_path` (480 px).
 *   `social_photo_tags`: the scouts a poster tagged in it.
 * - `social_reactions`: one row a member, post and reaction. `social_reports`: a member's report
 *   of a post or one of its comments, open until a leader resolves it.
 *
 * Everything goes with its troop; comments, reactions, tags and reports go with their post.
 */
export const social: Migration = {
  version: 54,
  name: 'social',
  up: (d) => {
    const text = d === 'postgres' ? 'TEXT COLLATE "C"' : 'TEXT';
    const bool = (value: boolean) =>
      d === 'postgres'
        ? `BOOLEAN NOT NULL DEFAULT ${value ? 'TRUE' : 'FALSE'}`
        : `INTEGER NOT NULL DEFAULT ${value ? 1 : 0}`;
    const troop = `troop_id ${text} NOT NULL REFERENCES troops(id) ON DELETE CASCADE`;
    return [
      `ALTER TABLE scouts ADD COLUMN no_photos ${bool(false)}`,
      `ALTER TABLE scouts ADD COLUMN may_post ${bool(false)}`,
      `ALTER TABLE notification_settings ADD COLUMN social ${text} NOT NULL DEFAULT 'digest'`,
      `CREATE TABLE social_settings (
        troop_id ${text} PRIMARY KEY REFERENCES troops(id) ON DELETE CASCADE,
        youth_posts_need_approval ${bool(true)},
        updated_at ${text} NOT NULL
      )`,
      `CREATE TABLE social_posts (
        id ${text} PRIMARY KEY,
        ${troop},
        channel ${text} NOT NULL,
        author_id ${text} REFERENCES users(id) ON DELETE SET NULL,
        author_youth ${bool(false)},
        body ${text} NOT NULL,
        mentions ${text} NOT NULL DEFAULT '[]',
        status ${text} NOT NULL,
        reason ${text},
        moderated_by ${text} REFERENCES users(id) ON DELETE SET NULL,
        moderated_at ${text},
        locked ${bool(false)},
        created_at ${text} NOT NULL,
        updated_at ${text} NOT NULL
      )`,
      'CREATE INDEX social_posts_feed ON social_posts (troop_id, created_at, id)',
      'CREATE INDEX social_posts_channel ON social_posts (troop_id, channel, created_at, id)',
      'CREATE INDEX social_posts_author ON social_posts (author_id)',
      `CREATE TABLE social_comments (
        id ${text} PRIMARY KEY,
        ${troop},
        post_id ${text} NOT NULL REFERENCES social_posts(id) ON DELETE CASCADE,
        author_id ${text} REFERENCES users(id) ON DELETE SET NULL,
        author_youth ${bool(false)},
        body ${text} NOT NULL,
        mentions ${text} NOT NULL DEFAULT '[]',
        status ${text} NOT NULL,
        reason ${text},
        moderated_by ${text} REFERENCES users(id) ON DELETE SET NULL,
        moderated_at ${text},
        created_at ${text} NOT NULL
      )`,
      'CREATE INDEX social_comments_post ON social_comments (post_id, created_at, id)',
      `CREATE TABLE social_photos (
        id ${text} PRIMARY KEY,
        ${troop},
        post_id ${text} REFERENCES social_posts(id) ON DELETE CASCADE,
        uploader_id ${text} REFERENCES users(id) ON DELETE SET NULL,
        position INTEGER NOT NULL DEFAULT 0,
        path ${text} NOT NULL,
        thumb_path ${text} NOT NULL,
        width INTEGER NOT NULL,
        height INTEGER NOT NULL,
        thumb_width INTEGER NOT NULL,
        thumb_height INTEGER NOT NULL,
        created_at ${text} NOT NULL
      )`,
      'CREATE INDEX social_photos_post ON social_photos (post_id, position)',
      'CREATE INDEX social_photos_unused ON social_photos (troop_id, created_at)',
      `CREATE TABLE social_photo_tags (
        photo_id ${text} NOT NULL REFERENCES social_photos(id) ON DELETE CASCADE,
        scout_id ${text} NOT NULL REFERENCES scouts(id) ON DELETE CASCADE,
        ${troop},
        PRIMARY KEY (photo_id, scout_id)
      )`,
      `CREATE TABLE social_reactions (
        post_id ${text} NOT NULL REFERENCES social_posts(id) ON DELETE CASCADE,
        user_id ${text} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        reaction ${text} NOT NULL,
        ${troop},
        created_at ${text} NOT NULL,
        PRIMARY KEY (post_id, user_id, reaction)
      )`,
      `CREATE TABLE social_reports (
        id ${text} PRIMARY KEY,
        ${troop},
        post_id ${text} NOT NULL REFERENCES social_posts(id) ON DELETE CASCADE,
        comment_id ${text} REFERENCES social_comments(id) ON DELETE CASCADE,
        reporter_id ${text} REFERENCES users(id) ON DELETE SET NULL,
        reason ${text} NOT NULL,
        created_at ${text} NOT NULL,
        resolved_at ${text},
        resolved_by ${text} REFERENCES users(id) ON DELETE SET NULL
      )`,
      'CREATE INDEX social_reports_open ON social_reports (troop_id, resolved_at, created_at)',
    ];
  },
};
