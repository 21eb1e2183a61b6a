/**
 * The hub: which local sockets are on which channel, fan-out of bus events to them, presence
 * broadcasts and the heartbeat. Other features publish through it too (`hub.publish`), e.g. the
 * calendar announcing changes of calendar_events.
 */
import type { Logger } from 'pino';
import type { Clock } from '../clock.ts';
import { badRequest } from '../errors.ts';
import type { HistoryQuery, PresenceUser, RealtimeBus, RealtimeMessage } from './bus.ts';
import { isValidChannel } from './channel-access.ts';
import { encodeFrame } from './frames.ts';
import { createMemoryBus } from './memory-bus.ts';

/** A local socket as the hub sees it. */
export interface HubSocket {
  readonly id: string;
  /** Sends an encoded frame (shared by every recipient, so never mutated). */
  deliver(frame: Buffer): void;
  /** Called every heartbeat; false means the socket missed the last one and is being dropped. */
  heartbeat(): boolean;
  /** Closes the socket because the server is going away. */
  shutdown(): void;
}

export interface ServerPublish {
  type: string;
  data?: unknown;
  userId?: string;
  metadata?: Record<string, unknown>;
}

export interface RealtimeHub {
  /**
   * Publishes on a channel from the server: stored in history and delivered to every subscriber
   * in every process, exactly like a client's publish. Throws a 400 ApiError for a bad channel
   * name or type; rejects when the bus (Redis) is unreachable.
   */
  publish(channel: string, message: ServerPublish): Promise<RealtimeMessage>;
  history(channel: string, query: HistoryQuery): Promise<RealtimeMessage[]>;
  presence(channel: string): Promise<PresenceUser[]>;
  /** Puts a socket on a channel (or updates its metadata); resolves once messages flow to it. */
  join(
    socket: HubSocket,
    channel: string,
    user: { userId: string; metadata?: Record<string, unknown> },
  ): Promise<void>;
  leave(socket: HubSocket, channel: string): Promise<void>;
  addSocket(socket: HubSocket): void;
  /** Takes a closed socket off every channel it was on. */
  removeSocket(socket: HubSocket): Promise<void>;
  /** Takes every socket off its channels, closes them and stops the heartbeat. */
  close(): Promise<void>;
}

export interface RealtimeHubOptions {
  clock: Clock;
  /** Defaults to the in-process bus, which the hub then owns and closes. */
  bus?: RealtimeBus;
  logger?: Pick<Logger, 'warn' | 'error'> | false;
  /** Server pings every socket this often; a socket that missed a ping is dropped at the next one. */
  pingIntervalMs?: number;
}

/** 20 s: a silent socket is gone within two intervals, inside the 60 s presence promise. */
export const PING_INTERVAL_MS = 20_000;

interface Member {
  socket: HubSocket;
  user: PresenceUser;
}

interface LocalChannel {
  members: Map<string, Member>;
  /** Resolves when the bus delivers this channel's events to us. */
  ready: Promise<void>;
}

export function createRealtimeHub(opts: RealtimeHubOptions): RealtimeHub {
  const ownsBus = !opts.bus;
  const bus = opts.bus ?? createMemoryBus({ clock: opts.clock });
  const log = opts.logger || undefined;
  const clock = opts.clock;
  const channels = new Map<string, LocalChannel>();
  const sockets = new Set<HubSocket>();
  const socketChannels = new Map<HubSocket, Set<string>>();
  const presenceTimers = new Map<string, ReturnType<typeof setTimeout>>();
  let closing = false;

  bus.onEvent((event) => {
    if (event.kind === 'presence') return schedulePresence(event.channel);
    const local = channels.get(event.message.channel);
    if (!local) return;
    // Encoded once for every recipient: fan-out cost is one write per socket.
    const frame = Buffer.from(encodeFrame('message', event.message));
    for (const m of local.members.values()) m.socket.deliver(frame);
  });

  /**
   * A burst of joins is announced once: the full user list goes to every member, so a busy
   * channel waits longer (1 ms per member, 10 ms to 2 s) rather than sending n² lists.
   */
  function schedulePresence(channel: string) {
    const local = channels.get(channel);
    if (!local || presenceTimers.has(channel) || closing) return;
    const delay = Math.min(2000, Math.max(10, local.members.size));
    presenceTimers.set(
      channel,
      setTimeout(() => {
        presenceTimers.delete(channel);
        void broadcastPresence(channel);
      }, delay),
    );
  }

  async function broadcastPresence(channel: string) {
    try {
      const users = await bus.presence(channel, clock.now());
      const local = channels.get(channel);
      if (!local) return;
      const frame = Buffer.from(encodeFrame('presence', { channel, data: { users } }));
      for (const m of local.members.values()) m.socket.deliver(frame);
    } catch (err) {
      log?.warn({ err: (err as Error).message, channel }, 'presence broadcast failed');
    }
  }

  const announce = (channel: string) =>
    bus
      .announcePresence(channel)
      .catch((err: Error) => log?.warn({ err: err.message, channel }, 'presence announce failed'));

  function detach(socket: HubSocket, channel: string): boolean {
    socketChannels.get(socket)?.delete(channel);
    const local = channels.get(channel);
    if (!local || !local.members.delete(socket.id)) return false;
    if (local.members.size === 0) {
      channels.delete(channel);
      clearTimeout(presenceTimers.get(channel));
      presenceTimers.delete(channel);
      bus
        .unlisten(channel)
        .catch((err: Error) => log?.warn({ err: err.message, channel }, 'unlisten failed'));
    }
    return true;
  }

  async function leave(socket: HubSocket, channel: string) {
    if (!detach(socket, channel)) return;
    await bus.removePresence(channel, socket.id);
    await announce(channel);
  }

  async function removeSocket(socket: HubSocket) {
    sockets.delete(socket);
    const mine = [...(socketChannels.get(socket) ?? [])];
    socketChannels.delete(socket);
    await Promise.all(
      mine.map((c) =>
        leave(socket, c).catch((err: Error) =>
          log?.warn({ err: err.message, channel: c }, 'leave failed'),
        ),
      ),
    );
  }

  async function heartbeat() {
    for (const s of sockets) s.heartbeat();
    const now = clock.now();
    const entries = [];
    for (const [channel, local] of channels) {
      for (const m of local.members.values()) {
        m.user = { ...m.user, lastSeen: now };
        entries.push({ channel, connectionId: m.socket.id, user: m.user });
      }
    }
    try {
      await bus.putPresence(entries);
      for (const channel of await bus.sweepPresence([...channels.keys()], now))
        await announce(channel);
    } catch (err) {
      log?.warn({ err: (err as Error).message }, 'presence heartbeat failed');
    }
  }

  const timer = setInterval(() => void heartbeat(), opts.pingIntervalMs ?? PING_INTERVAL_MS);
  timer.unref();

  return {
    async publish(channel, message) {
      if (!isValidChannel(channel))
        throw badRequest('channel must be 1-128 letters, digits, _ : . or -');
      if (
        typeof message.type !== 'string' ||
        message.type.length === 0 ||
        message.type.length > 128
      ) {
        throw badRequest('type must be a string of 1-128 characters');
      }
      return bus.publish(channel, {
        type: message.type,
        data: message.data ?? null,
        timestamp: clock.now(),
        ...(message.userId !== undefined ? { userId: message.userId } : {}),
        ...(message.metadata !== undefined ? { metadata: message.metadata } : {}),
      });
    },

    history: (channel, query) => bus.history(channel, query, clock.now()),
    presence: (channel) => bus.presence(channel, clock.now()),

    async join(socket, channel, who) {
      const now = clock.now();
      let local = channels.get(channel);
      if (!local) {
        local = { members: new Map(), ready: bus.listen(channel) };
        channels.set(channel, local);
      }
      const previous = local.members.get(socket.id);
      const user: PresenceUser = {
        userId: who.userId,
        ...(who.metadata !== undefined ? { metadata: who.metadata } : {}),
        joinedAt: previous?.user.joinedAt ?? now,
        lastSeen: now,
      };
      local.members.set(socket.id, { socket, user });
      let mine = socketChannels.get(socket);
      if (!mine) socketChannels.set(socket, (mine = new Set()));
      mine.add(channel);
      try {
        await local.ready;
        await bus.putPresence([{ channel, connectionId: socket.id, user }]);
      } catch (err) {
        detach(socket, channel);
        throw err;
      }
      // Left or closed while joining: take back the entry just written, or it would linger.
      if (channels.get(channel)?.members.get(socket.id)?.socket !== socket) {
        await bus.removePresence(channel, socket.id);
        return;
      }
      await announce(channel);
    },

    leave,

    addSocket(socket) {
      sockets.add(socket);
    },

    removeSocket,

    async close() {
      closing = true;
      clearInterval(timer);
      for (const t of presenceTimers.values()) clearTimeout(t);
      presenceTimers.clear();
      const all = [...sockets];
      await Promise.all(all.map(removeSocket));
      for (const s of all) s.shutdown();
      if (ownsBus) await bus.close();
    },
  };
}
