/** A member's notification settings (docs/protocol.md, Notification settings); no row: defaults. */
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  NEW_EVENTS_DIGESTS,
  type NewEventsDigest,
  type NotificationKind,
  type WireNotificationSettings,
} from '@scout/protocol/notification-settings';
import {
  SOCIAL_MAIL_CHOICES,
  SOCIAL_MAIL_DEFAULT,
  type SocialMailChoice,
} from '@scout/protocol/social';
import type { Queryable } from '../store/store.ts';
import { readBoolean, storedBoolean } from '../store/sql-values.ts';

interface SettingsRow {
  user_id: string;
  new_events: boolean | number;
  new_events_digest: string;
  changes: boolean | number;
  reminders: boolean | number;
  reminder_hours: number;
  newsletters: boolean | number;
  announcements: boolean | number;
  social: string;
}

type KindColumn = 'new_events' | 'changes' | 'reminders' | 'newsletters' | 'announcements';

/** The on/off kinds; `social` is a choice of three, turned off as `none`. */
const COLUMN: Record<Exclude<NotificationKind, 'social'>, KindColumn> = {
  new_events: 'new_events',
  changes: 'changes',
  reminders: 'reminders',
  newsletters: 'newsletters',
  announcements: 'announcements',
};

const digestOf = (value: string): NewEventsDigest =>
  (NEW_EVENTS_DIGESTS as readonly string[]).includes(value)
    ? (value as NewEventsDigest)
    : 'immediate';

const socialOf = (value: string): SocialMailChoice =>
  (SOCIAL_MAIL_CHOICES as readonly string[]).includes(value)
    ? (value as SocialMailChoice)
    : SOCIAL_MAIL_DEFAULT;

/** A member's choice of social mail; the default (a daily digest) when none is stored. */
export const socialChoiceOf = (s: WireNotificationSettings): SocialMailChoice =>
  s.social ?? SOCIAL_MAIL_DEFAULT;

/** A member's choice for new events; the defaults' when none is stored. */
export const newEventsDigestOf = (s: WireNotificationSettings): NewEventsDigest =>
  s.newEventsDigest ?? 'immediate';

const COLUMNS =
  'user_id, new_events, new_events_digest, changes, reminders, reminder_hours, newsletters, announcements, social';

function fromRow(row: SettingsRow | undefined): WireNotificationSettings {
  if (!row) return { ...DEFAULT_NOTIFICATION_SETTINGS };
  return {
    newEvents: readBoolean(row.new_events),
    newEventsDigest: digestOf(row.new_events_digest),
    changes: readBoolean(row.changes),
    reminders: readBoolean(row.reminders),
    reminderHours: Number(row.reminder_hours),
    newsletters: readBoolean(row.newsletters),
    announcements: readBoolean(row.announcements),
    social: socialOf(row.social),
  };
}

export async function readSettings(
  db: Queryable,
  userId: string,
): Promise<WireNotificationSettings> {
  const { rows } = await db.query<SettingsRow>(
    `SELECT ${COLUMNS} FROM notification_settings WHERE user_id = ?`,
    [userId],
  );
  return fromRow(rows[0]);
}

/** Settings of many users at once, defaults for those without a row. */
export async function settingsOf(
  db: Queryable,
  userIds: readonly string[],
): Promise<Map<string, WireNotificationSettings>> {
  const out = new Map<string, WireNotificationSettings>();
  for (let i = 0; i < userIds.length; i += 500) {
    const chunk = userIds.slice(i, i + 500);
    const { rows } = await db.query<SettingsRow>(
      `SELECT ${COLUMNS} FROM notification_settings WHERE user_id IN (${chunk.map(() => '?').join(', ')})`,
      chunk,
    );
    for (const row of rows) out.set(row.user_id, fromRow(row));
  }
  for (const id of userIds) if (!out.has(id)) out.set(id, fromRow(undefined));
  return out;
}

/**
 * Stores a member's settings; a save without `newEventsDigest`, `newsletters`, `announcements`
 * or `social` keeps the stored choice.
 */
export async function writeSettings(
  db: Queryable,
  userId: string,
  s: WireNotificationSettings,
  nowIso: string,
): Promise<WireNotificationSettings> {
  const before = await readSettings(db, userId);
  const stored = newEventsDigestOf(before);
  const digest = s.newEventsDigest ?? stored;
  // The moment the choice changes is kept: each digest then gathers only what was told its way.
  await db.query(
    `INSERT INTO notification_settings (user_id, new_events, new_events_digest, changes, reminders, reminder_hours, updated_at, new_events_digest_changed_at, newsletters, announcements, social)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (user_id) DO UPDATE SET new_events = excluded.new_events,
       new_events_digest = excluded.new_events_digest, changes = excluded.changes,
       reminders = excluded.reminders, reminder_hours = excluded.reminder_hours, updated_at = excluded.updated_at,
       newsletters = excluded.newsletters, announcements = excluded.announcements, social = excluded.social,
       new_events_digest_changed_at = COALESCE(excluded.new_events_digest_changed_at, notification_settings.new_events_digest_changed_at)`,
    [
      userId,
      storedBoolean(db, s.newEvents),
      digest,
      storedBoolean(db, s.changes),
      storedBoolean(db, s.reminders),
      s.reminderHours,
      nowIso,
      digest === stored ? null : nowIso,
      storedBoolean(db, s.newsletters ?? before.newsletters ?? true),
      storedBoolean(db, s.announcements ?? before.announcements ?? true),
      s.social ?? socialChoiceOf(before),
    ],
  );
  return readSettings(db, userId);
}

/**
 * How a member takes new events now, and since when (ms; 0 when they never changed it): a
 * digest gathers batches told its way only (docs/decisions/064-notice-batches.md).
 */
export async function digestChoice(
  db: Queryable,
  userId: string,
): Promise<{ cadence: NewEventsDigest; since: number }> {
  const { rows } = await db.query<{
    new_events_digest: string;
    new_events_digest_changed_at: string | null;
  }>(
    'SELECT new_events_digest, new_events_digest_changed_at FROM notification_settings WHERE user_id = ?',
    [userId],
  );
  const row = rows[0];
  const since = row?.new_events_digest_changed_at
    ? Date.parse(row.new_events_digest_changed_at)
    : 0;
  return {
    cadence: row ? digestOf(row.new_events_digest) : 'immediate',
    since: Number.isNaN(since) ? 0 : since,
  };
}

/** Turns one kind off (an unsubscribe link), keeping the rest as they are. */
export async function turnOff(
  db: Queryable,
  userId: string,
  kind: NotificationKind,
  nowIso: string,
): Promise<void> {
  const d = DEFAULT_NOTIFICATION_SETTINGS;
  if (kind === 'social') {
    await db.query(
      `INSERT INTO notification_settings (user_id, new_events, changes, reminders, reminder_hours, updated_at, social)
       SELECT id, ?, ?, ?, ?, ?, 'none' FROM users WHERE id = ?
       ON CONFLICT (user_id) DO UPDATE SET social = excluded.social, updated_at = excluded.updated_at`,
      [
        storedBoolean(db, d.newEvents),
        storedBoolean(db, d.changes),
        storedBoolean(db, d.reminders),
        d.reminderHours,
        nowIso,
        userId,
      ],
    );
    return;
  }
  const column = COLUMN[kind];
  await db.query(
    `INSERT INTO notification_settings (user_id, new_events, changes, reminders, reminder_hours, updated_at, newsletters, announcements)
     SELECT id, ?, ?, ?, ?, ?, ?, ? FROM users WHERE id = ?
     ON CONFLICT (user_id) DO UPDATE SET ${column} = excluded.${column}, updated_at = excluded.updated_at`,
    [
      storedBoolean(db, kind === 'new_events' ? false : d.newEvents),
      storedBoolean(db, kind === 'changes' ? false : d.changes),
      storedBoolean(db, kind === 'reminders' ? false : d.reminders),
      d.reminderHours,
      nowIso,
      storedBoolean(db, kind !== 'newsletters'),
      storedBoolean(db, kind !== 'announcements'),
      userId,
    ],
  );
}

export function wants(settings: WireNotificationSettings, kind: NotificationKind): boolean {
  switch (kind) {
    case 'new_events':
      return settings.newEvents;
    case 'changes':
      return settings.changes;
    case 'reminders':
      return settings.reminders;
    case 'newsletters':
      return settings.newsletters ?? true;
    case 'announcements':
      return settings.announcements ?? true;
    case 'social':
      // Mentions come whatever the choice: the social jobs decide those themselves.
      return socialChoiceOf(settings) !== 'none';
  }
}
