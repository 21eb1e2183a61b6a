/**
 * The embedded bus: history, presence and fan-out inside this process. History is bounded per
 * channel (HISTORY_MAX_MESSAGES, HISTORY_MAX_AGE_MS) and in total (`maxBytes`, 64 MB by
 * default, oldest messages first) so many busy channels cannot exhaust memory. With a journal
 * (stored-history.ts, what the server runs) the history is also kept in the store: a message is
 * written there before anyone hears of it, and a restarted process starts from what it holds.
 */
import type { Logger } from 'pino';
import type { Clock } from '../clock.ts';
import { HISTORY_MAX_AGE_MS, HISTORY_MAX_MESSAGES, PRESENCE_TTL_MS, mergePresence } from './bus.ts';
import type {
  BusEvent,
  HistoryQuery,
  PresenceEntry,
  PresenceUser,
  RealtimeBus,
  RealtimeMessage,
} from './bus.ts';
import {
  compareMessageIds,
  formatMessageId,
  nextMessageId,
  parseMessageId,
  type MessageId,
} from './message-ids.ts';
import type { HistoryJournal } from './stored-history.ts';

interface Stored {
  message: RealtimeMessage;
  id: MessageId;
  bytes: number;
  removed: boolean;
}

interface ChannelHistory {
  items: Stored[];
  last: MessageId | undefined;
}

export interface MemoryBusOptions {
  clock: Clock;
  maxMessages?: number;
  maxAgeMs?: number;
  maxBytes?: number;
  journal?: HistoryJournal;
  logger?: Pick<Logger, 'warn'>;
}

/**
 * The store keeps what the bus let go until this many messages were let go, then loses them in
 * one trim (and at close); a restarted bus drops what it holds past its bounds as it loads.
 */
export const TRIM_AFTER_DROPS = 100;

interface Waiting {
  message: RealtimeMessage;
  resolve(): void;
  reject(err: unknown): void;
}

export function createMemoryBus(opts: MemoryBusOptions): RealtimeBus {
  const maxMessages = opts.maxMessages ?? HISTORY_MAX_MESSAGES;
  const maxAgeMs = opts.maxAgeMs ?? HISTORY_MAX_AGE_MS;
  const maxBytes = opts.maxBytes ?? 64 * 1024 * 1024;
  const histories = new Map<string, ChannelHistory>();
  /** Every stored message in publish order, for the process-wide byte bound. */
  const all: Stored[] = [];
  let allHead = 0;
  let totalBytes = 0;
  const presence = new Map<string, Map<string, PresenceUser>>();
  const listening = new Set<string>();
  let handler: (event: BusEvent) => void = () => {};
  const journal = opts.journal;
  /** Per channel, the newest message let go since the journal's last trim (drops go oldest first). */
  const dropped = new Map<string, MessageId>();
  /** Messages let go since the journal's last trim (see TRIM_AFTER_DROPS). */
  let droppedSinceTrim = 0;
  /** Messages waiting for the journal; written in batches, one batch at a time, in id order. */
  let waiting: Waiting[] = [];
  let writing: Promise<void> | undefined;

  const drop = (s: Stored) => {
    if (s.removed) return;
    s.removed = true;
    totalBytes -= s.bytes;
    if (!journal) return;
    droppedSinceTrim++;
    const before = dropped.get(s.message.channel);
    if (!before || compareMessageIds(s.id, before) > 0) dropped.set(s.message.channel, s.id);
  };

  function trim(h: ChannelHistory, now: number) {
    while (h.items.length > 0) {
      const head = h.items[0] as Stored;
      if (
        !head.removed &&
        h.items.length <= maxMessages &&
        head.message.timestamp >= now - maxAgeMs
      )
        break;
      drop(head);
      h.items.shift();
    }
  }

  function enforceBytes() {
    while (totalBytes > maxBytes && allHead < all.length) {
      const s = all[allHead++] as Stored;
      drop(s);
    }
    // Messages a channel already dropped (past its count or age) leave the list too, or it
    // would keep every message ever published.
    while (allHead < all.length && (all[allHead] as Stored).removed) allHead++;
    if (allHead > 4096 && allHead * 2 > all.length) {
      all.splice(0, allHead);
      allHead = 0;
    }
  }

  const emit = (channel: string, event: BusEvent) => {
    if (listening.has(channel)) handler(event);
  };

  const historyOf = (channel: string) => {
    let h = histories.get(channel);
    if (!h) {
      h = { items: [], last: undefined };
      histories.set(channel, h);
    }
    return h;
  };

  function keep(h: ChannelHistory, message: RealtimeMessage, id: MessageId, now: number) {
    const stored: Stored = {
      message,
      id,
      bytes: JSON.stringify(message.data ?? null).length + 200,
      removed: false,
    };
    h.items.push(stored);
    all.push(stored);
    totalBytes += stored.bytes;
    trim(h, now);
    enforceBytes();
  }

  /** The history a previous process left in the store; its ids go on from there. */
  async function restore(j: HistoryJournal) {
    const now = opts.clock.now();
    for (const message of await j.load(now)) {
      const id = parseMessageId(message.id) as MessageId;
      const h = historyOf(message.channel);
      if (h.last && compareMessageIds(id, h.last) <= 0) continue;
      h.last = id;
      keep(h, message, id, now);
    }
  }

  const loaded = journal
    ? restore(journal).catch((err: Error) =>
        opts.logger?.warn(
          { err: err.message },
          'realtime history could not be read from the store',
        ),
      )
    : Promise.resolve();

  function journaled(message: RealtimeMessage): Promise<void> {
    return new Promise((resolve, reject) => {
      waiting.push({ message, resolve, reject });
      writing ??= writeAll();
    });
  }

  async function writeAll() {
    // The messages of one turn of the event loop (the writes of every request it served) go
    // in one batch: on SQLite, where each request's write settles at once, each message would
    // otherwise be a statement and a commit of its own.
    await new Promise<void>((resolve) => setImmediate(resolve));
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      // A busy channel lets a message go with every new one: trimming the store every time
      // would make each message a transaction of two statements instead of one INSERT.
      const trimNow = droppedSinceTrim >= TRIM_AFTER_DROPS;
      const drops = trimNow ? new Map(dropped) : new Map<string, MessageId>();
      if (trimNow) {
        dropped.clear();
        droppedSinceTrim = 0;
      }
      try {
        await (journal as HistoryJournal).write(
          batch.map((w) => w.message),
          drops,
        );
        for (const w of batch) w.resolve();
      } catch (err) {
        for (const [channel, id] of drops) if (!dropped.has(channel)) dropped.set(channel, id);
        if (trimNow) droppedSinceTrim += TRIM_AFTER_DROPS;
        for (const w of batch) w.reject(err);
      }
    }
    // In the same turn as the last check: a publish arriving later starts a new round.
    writing = undefined;
  }

  return {
    async publish(channel, input) {
      await loaded;
      const h = historyOf(channel);
      const id = nextMessageId(h.last, input.timestamp);
      h.last = id;
      const message: RealtimeMessage = { channel, id: formatMessageId(id), ...input };
      // Stored before delivered: a client that heard of a message finds it after a restart.
      if (journal) await journaled(message);
      keep(h, message, id, opts.clock.now());
      emit(channel, { kind: 'message', message });
      return message;
    },

    async history(channel, query: HistoryQuery, now) {
      await loaded;
      const h = histories.get(channel);
      if (!h) return [];
      trim(h, now);
      const inRange = h.items.filter(
        (s) =>
          !s.removed &&
          (query.start === 'open' || compareMessageIds(s.id, query.start) > 0) &&
          (query.end === 'open' || compareMessageIds(s.id, query.end) < 0),
      );
      const picked =
        query.start === 'open' ? inRange.slice(-query.limit) : inRange.slice(0, query.limit);
      return picked.map((s) => s.message);
    },

    async listen(channel) {
      listening.add(channel);
    },
    async unlisten(channel) {
      listening.delete(channel);
    },
    onEvent(h) {
      handler = h;
    },

    async putPresence(entries: PresenceEntry[]) {
      for (const e of entries) {
        let users = presence.get(e.channel);
        if (!users) {
          users = new Map();
          presence.set(e.channel, users);
        }
        users.set(e.connectionId, { ...e.user });
      }
    },
    async removePresence(channel, connectionId) {
      const users = presence.get(channel);
      if (!users) return;
      users.delete(connectionId);
      if (users.size === 0) presence.delete(channel);
    },
    async presence(channel, now) {
      return mergePresence(presence.get(channel)?.values() ?? [], now);
    },
    async sweepPresence(channels, now) {
      const changed: string[] = [];
      for (const channel of channels) {
        const users = presence.get(channel);
        if (!users) continue;
        let lost = false;
        for (const [id, u] of users) {
          if (u.lastSeen < now - PRESENCE_TTL_MS) {
            users.delete(id);
            lost = true;
          }
        }
        if (lost) changed.push(channel);
      }
      return changed;
    },
    async announcePresence(channel) {
      emit(channel, { kind: 'presence', channel });
    },
    async close() {
      await loaded;
      while (writing) await writing;
      if (journal && dropped.size > 0) {
        await journal
          .write([], dropped)
          .then(() => {
            dropped.clear();
            droppedSinceTrim = 0;
          })
          .catch((err: Error) =>
            opts.logger?.warn({ err: err.message }, 'realtime history trim failed'),
          );
      }
      listening.clear();
    },
  };
}
