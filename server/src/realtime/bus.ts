/**
 * The realtime seam: fan-out, history and presence. The embedded default keeps them in the
 * process (memory-bus.ts); with REDIS_URL they go through Redis (redis-bus.ts) so a socket on
 * one server process receives what was published on another.
 */
import type { RangeBound } from './message-ids.ts';

export interface RealtimeMessage {
  channel: string;
  /** "<ms>-<seq>", increasing per channel. */
  id: string;
  type: string;
  data: unknown;
  /** Milliseconds since the epoch, from the publishing server's clock. */
  timestamp: number;
  userId?: string;
  metadata?: Record<string, unknown>;
}

export type NewMessage = Omit<RealtimeMessage, 'id' | 'channel'>;

export interface PresenceUser {
  userId: string;
  metadata?: Record<string, unknown>;
  joinedAt: number;
  lastSeen: number;
}

/** One connection's place on a channel; a user with two tabs has two entries and one presence row. */
export interface PresenceEntry {
  channel: string;
  connectionId: string;
  user: PresenceUser;
}

export interface HistoryQuery {
  /** Exclusive lower bound, or 'open'. */
  start: RangeBound;
  /** Exclusive upper bound, or 'open'. */
  end: RangeBound;
  limit: number;
}

export type BusEvent =
  { kind: 'message'; message: RealtimeMessage } | { kind: 'presence'; channel: string };

/**
 * History bounds, per channel: the last 1000 messages and at most 24 hours. Older messages are
 * gone; `messages` never returns them.
 */
export const HISTORY_MAX_MESSAGES = 1000;
export const HISTORY_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** A presence entry no heartbeat refreshed for this long belongs to a dead socket or process. */
export const PRESENCE_TTL_MS = 60_000;

export interface RealtimeBus {
  /** Stores the message under the channel's next id and delivers it to every listener of the channel, in every process. */
  publish(channel: string, message: NewMessage): Promise<RealtimeMessage>;
  /** Stored messages in id order. Without a start bound: the newest `limit`; with one: the first `limit` after it. */
  history(channel: string, query: HistoryQuery, now: number): Promise<RealtimeMessage[]>;
  /** Starts delivering the channel's events to the handler; resolves once delivery is live. */
  listen(channel: string): Promise<void>;
  unlisten(channel: string): Promise<void>;
  onEvent(handler: (event: BusEvent) => void): void;
  /** Adds or refreshes presence entries (join, heartbeat). */
  putPresence(entries: PresenceEntry[]): Promise<void>;
  removePresence(channel: string, connectionId: string): Promise<void>;
  /** The channel's users, one row per user, without entries older than PRESENCE_TTL_MS. */
  presence(channel: string, now: number): Promise<PresenceUser[]>;
  /** Drops expired entries; returns the channels that lost someone. */
  sweepPresence(channels: string[], now: number): Promise<string[]>;
  /** Tells every process that the channel's presence changed. */
  announcePresence(channel: string): Promise<void>;
  close(): Promise<void>;
}

/** One row per user: first join time, latest heartbeat, metadata of the latest join. */
export function mergePresence(entries: Iterable<PresenceUser>, now: number): PresenceUser[] {
  const byUser = new Map<string, PresenceUser>();
  for (const e of entries) {
    if (e.lastSeen < now - PRESENCE_TTL_MS) continue;
    const seen = byUser.get(e.userId);
    if (!seen) {
      byUser.set(e.userId, { ...e });
      continue;
    }
    const latest = e.joinedAt >= seen.joinedAt ? e : seen;
    byUser.set(e.userId, {
      userId: e.userId,
      ...(latest.metadata !== undefined ? { metadata: latest.metadata } : {}),
      joinedAt: Math.min(seen.joinedAt, e.joinedAt),
      lastSeen: Math.max(seen.lastSeen, e.lastSeen),
    });
  }
  return [...byUser.values()].sort(
    (a, b) => a.joinedAt - b.joinedAt || (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0),
  );
}
