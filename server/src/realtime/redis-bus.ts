/**
 * The Redis bus, for several server processes behind one load balancer. Per channel:
 * - history: a stream `<prefix>h:<channel>` (stream ids are our "<ms>-<seq>" ids), trimmed to
 *   HISTORY_MAX_MESSAGES on every publish and expiring HISTORY_MAX_AGE_MS after the last one;
 * - fan-out: pub/sub on `<prefix>e:<channel>`, subscribed only while this process has a socket
 *   on the channel;
 * - presence: a hash `<prefix>p:<channel>`, one field per connection, refreshed by heartbeats;
 *   entries of a process that died stop being refreshed and are dropped after PRESENCE_TTL_MS.
 * Storing and publishing a message is one script, so delivery order matches id order.
 */
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { HISTORY_MAX_AGE_MS, HISTORY_MAX_MESSAGES, PRESENCE_TTL_MS, mergePresence } from './bus.ts';
import type { BusEvent, NewMessage, PresenceUser, RealtimeBus, RealtimeMessage } from './bus.ts';
import {
  compareMessageIds,
  formatMessageId,
  type MessageId,
  type RangeBound,
} from './message-ids.ts';

const PUBLISH_SCRIPT = `
local id = redis.call('XADD', KEYS[1], 'MAXLEN', ARGV[1], '*', 'm', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
redis.call('PUBLISH', KEYS[2], 'm' .. id .. ' ' .. ARGV[2])
return id
`;

interface ScriptedRedis extends Redis {
  realtimePublish(
    streamKey: string,
    eventKey: string,
    maxLen: number,
    body: string,
    ttlMs: number,
  ): Promise<string>;
}

export interface RedisBusOptions {
  url: string;
  /** Key prefix; one per project (and per test run) so tenants never see each other's keys. */
  keyPrefix: string;
  logger?: Pick<Logger, 'warn' | 'error'>;
}

function toMessage(channel: string, id: string, body: string): RealtimeMessage | undefined {
  try {
    const b = JSON.parse(body) as NewMessage;
    return {
      channel,
      id,
      type: b.type,
      data: b.data ?? null,
      timestamp: b.timestamp,
      ...(b.userId !== undefined ? { userId: b.userId } : {}),
      ...(b.metadata !== undefined ? { metadata: b.metadata } : {}),
    };
  } catch {
    return undefined;
  }
}

/** Ids come from Redis's clock, timestamps from ours: the age bound is checked on both. */
const streamEntries = (rows: [string, string[]][], channel: string, oldest: number) =>
  rows.flatMap(([id, fields]) => {
    const body = fields[fields.indexOf('m') + 1];
    const m = body === undefined ? undefined : toMessage(channel, id, body);
    return m && m.timestamp >= oldest ? [m] : [];
  });

const lowerBound = (b: RangeBound, floor: MessageId) =>
  b !== 'open' && compareMessageIds(b, floor) >= 0
    ? `(${formatMessageId(b)}`
    : formatMessageId(floor);
const upperBound = (b: RangeBound) => (b === 'open' ? '+' : `(${formatMessageId(b)}`);

export function createRedisBus(opts: RedisBusOptions): RealtimeBus {
  const cmd = new Redis(opts.url, { maxRetriesPerRequest: 2 }) as ScriptedRedis;
  const sub = new Redis(opts.url);
  cmd.defineCommand('realtimePublish', { numberOfKeys: 2, lua: PUBLISH_SCRIPT });
  for (const [name, conn] of [
    ['command', cmd],
    ['subscriber', sub],
  ] as const) {
    conn.on('error', (err: Error) =>
      opts.logger?.warn({ err: err.message, connection: name }, 'redis connection error'),
    );
  }

  // A SUBSCRIBE sent while the connection is still in its handshake can be lost: ioredis (5.8.2
  // on, redis/ioredis#2037) mixes it with its CLIENT SETINFO and INFO, and the channel then
  // hears nothing until every socket has left it. Subscriptions wait for the ready connection;
  // after a reconnect ioredis itself subscribes again once ready.
  const subReady = () =>
    sub.status === 'ready'
      ? Promise.resolve()
      : new Promise<void>((resolve, reject) => {
          const ready = () => {
            sub.off('end', ended);
            resolve();
          };
          const ended = () => {
            sub.off('ready', ready);
            reject(new Error('The Redis subscriber connection has ended'));
          };
          sub.once('ready', ready);
          sub.once('end', ended);
        });

  const p = opts.keyPrefix;
  const historyKey = (channel: string) => `${p}h:${channel}`;
  const eventKey = (channel: string) => `${p}e:${channel}`;
  const presenceKey = (channel: string) => `${p}p:${channel}`;
  const eventPrefix = `${p}e:`;

  let handler: (event: BusEvent) => void = () => {};
  sub.on('message', (key: string, payload: string) => {
    if (!key.startsWith(eventPrefix)) return;
    const channel = key.slice(eventPrefix.length);
    if (payload === 'p') return handler({ kind: 'presence', channel });
    if (payload.startsWith('m')) {
      const space = payload.indexOf(' ');
      const message =
        space > 0
          ? toMessage(channel, payload.slice(1, space), payload.slice(space + 1))
          : undefined;
      if (message) handler({ kind: 'message', message });
    }
  });

  async function readPresence(channel: string): Promise<Map<string, PresenceUser>> {
    const raw = await cmd.hgetall(presenceKey(channel));
    const out = new Map<string, PresenceUser>();
    for (const [id, json] of Object.entries(raw)) {
      try {
        out.set(id, JSON.parse(json) as PresenceUser);
      } catch {
        out.set(id, { userId: '', joinedAt: 0, lastSeen: 0 });
      }
    }
    return out;
  }

  async function dropStale(
    channel: string,
    now: number,
  ): Promise<{ users: Map<string, PresenceUser>; lost: boolean }> {
    const users = await readPresence(channel);
    const stale = [...users]
      .filter(([, u]) => u.lastSeen < now - PRESENCE_TTL_MS)
      .map(([id]) => id);
    if (stale.length > 0) await cmd.hdel(presenceKey(channel), ...stale);
    for (const id of stale) users.delete(id);
    return { users, lost: stale.length > 0 };
  }

  return {
    async publish(channel, input) {
      const body = JSON.stringify({
        type: input.type,
        data: input.data ?? null,
        timestamp: input.timestamp,
        userId: input.userId,
        metadata: input.metadata,
      });
      const id = await cmd.realtimePublish(
        historyKey(channel),
        eventKey(channel),
        HISTORY_MAX_MESSAGES,
        body,
        HISTORY_MAX_AGE_MS,
      );
      return toMessage(channel, id, body) as RealtimeMessage;
    },

    async history(channel, query, now) {
      const oldest = now - HISTORY_MAX_AGE_MS;
      const floor = { ms: Math.max(0, oldest), seq: 0 };
      const lo = lowerBound(query.start, floor);
      const hi = upperBound(query.end);
      if (query.start === 'open') {
        const rows = (await cmd.xrevrange(historyKey(channel), hi, lo, 'COUNT', query.limit)) as [
          string,
          string[],
        ][];
        return streamEntries(rows, channel, oldest).reverse();
      }
      const rows = (await cmd.xrange(historyKey(channel), lo, hi, 'COUNT', query.limit)) as [
        string,
        string[],
      ][];
      return streamEntries(rows, channel, oldest);
    },

    async listen(channel) {
      await subReady();
      await sub.subscribe(eventKey(channel));
    },
    async unlisten(channel) {
      await sub.unsubscribe(eventKey(channel));
    },
    onEvent(h) {
      handler = h;
    },

    async putPresence(entries) {
      if (entries.length === 0) return;
      const batch = cmd.pipeline();
      const channels = new Set<string>();
      for (const e of entries) {
        batch.hset(presenceKey(e.channel), e.connectionId, JSON.stringify(e.user));
        channels.add(e.channel);
      }
      // The whole hash goes when no process refreshes it any more.
      for (const c of channels) batch.pexpire(presenceKey(c), PRESENCE_TTL_MS * 2);
      await batch.exec();
    },
    async removePresence(channel, connectionId) {
      await cmd.hdel(presenceKey(channel), connectionId);
    },
    async presence(channel, now) {
      const { users } = await dropStale(channel, now);
      return mergePresence(users.values(), now);
    },
    async sweepPresence(channels, now) {
      const changed: string[] = [];
      for (const channel of channels) {
        if ((await dropStale(channel, now)).lost) changed.push(channel);
      }
      return changed;
    },
    async announcePresence(channel) {
      await cmd.publish(eventKey(channel), 'p');
    },
    async close() {
      await Promise.allSettled([sub.quit(), cmd.quit()]);
    },
  };
}
