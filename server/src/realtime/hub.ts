/**
 * The hub: which local sockets are on which channel, fan-out of bus events to them, presence
 * broadcasts and the heartbeat. Other features publish through it too (`hub.publish`), e.g. the
 * calendar announcing changes of calendar_events.
 */
import { ApiError } from '../errors.ts';
import type { PresenceUser } from './bus.ts';
import { isValidChannel } from './channel-access.ts';
import { encodeFrame } from './frames.ts';
import { createMemoryBus } from './memory-bus.ts';
import {
  NOT_ADMITTED,
  type HubSocket,
  type JoinResult,
  type RealtimeHub,
  type RealtimeHubOptions,
} from './hub-types.ts';
import { deliverLive, replayAfter, type ResumingMember } from './hub-resume.ts';
import type { MessageId } from './message-ids.ts';
import { SESSION_RECHECK_MS } from './session-watch.ts';
import { asSeenByClient, channelName } from './troop-channels.ts';

export {
  NOT_ADMITTED,
  type ChannelAdmission,
  type HubSocket,
  type JoinResult,
  type RealtimeHub,
  type RealtimeHubOptions,
  type ServerPublish,
} from './hub-types.ts';

/** 20 s: a silent socket is gone within two intervals, inside the 60 s presence promise. */
export const PING_INTERVAL_MS = 20_000;

/** A socket on a channel; its resume state (hub-resume.ts) says how live messages reach it. */
interface Member extends ResumingMember {
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
  const presenceReads = new Map<string, number>();
  let presenceReadCount = 0;
  let closing = false;

  bus.onEvent((event) => {
    if (event.kind === 'presence') return schedulePresence(event.channel);
    const local = channels.get(event.message.channel);
    if (!local) return;
    // Encoded once for every recipient: fan-out cost is one write per socket.
    const frame = Buffer.from(encodeFrame('message', asSeenByClient(event.message)));
    for (const m of local.members.values()) deliverLive(m, event.message, frame);
  });

  const replay = (member: Member, channel: string, after: MessageId) =>
    replayAfter(
      { bus, now: () => clock.now() },
      member,
      channel,
      after,
      () => channels.get(channel)?.members.get(member.socket.id) === member,
    );

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
    // Reads of the list may come back out of order: only the latest one started is sent, so a
    // channel never ends on a list older than one it already had.
    const read = ++presenceReadCount;
    presenceReads.set(channel, read);
    try {
      const users = await bus.presence(channel, clock.now());
      if (presenceReads.get(channel) !== read) return;
      const local = channels.get(channel);
      if (!local) return;
      const frame = Buffer.from(
        encodeFrame('presence', { channel: channelName(channel), data: { users } }),
      );
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
      presenceReads.delete(channel);
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

  /** Sockets on governed channels whose account may no longer listen there are taken off. */
  function readmit() {
    const admission = opts.admission;
    if (!admission) return;
    for (const [channel, local] of channels) {
      if (!admission.governs(channel)) continue;
      for (const m of local.members.values()) {
        admission
          .admits(channel, m.user.userId)
          .then(async (ok) => {
            if (ok || channels.get(channel)?.members.get(m.socket.id)?.socket !== m.socket) return;
            await leave(m.socket, channel);
            const error = { channel: channelName(channel), error: NOT_ADMITTED, code: 'FORBIDDEN' };
            m.socket.deliver(Buffer.from(encodeFrame('error', error)));
          })
          .catch((err: Error) => log?.warn({ err: err.message, channel }, 'readmission failed'));
      }
    }
  }

  const timer = setInterval(() => void heartbeat(), opts.pingIntervalMs ?? PING_INTERVAL_MS);
  timer.unref();
  // Apart from the heartbeat: an ended session must stop hearing within seconds, not 20 s.
  const sessionTimer = setInterval(() => {
    for (const s of sockets) s.revalidate?.();
    readmit();
  }, opts.sessionCheckIntervalMs ?? SESSION_RECHECK_MS);
  sessionTimer.unref();

  async function admits(channel: string, userId: string): Promise<boolean> {
    const admission = opts.admission;
    return !admission?.governs(channel) || admission.admits(channel, userId);
  }

  return {
    async publish(channel, message) {
      // Server-side publishers name a troop's channel by its key (troop-channels.ts).
      if (!isValidChannel(channelName(channel)))
        throw new ApiError('VALIDATION_ERROR', 'channel must be 1-128 letters, digits, _ : . or -');
      if (
        typeof message.type !== 'string' ||
        message.type.length === 0 ||
        message.type.length > 128
      ) {
        throw new ApiError('VALIDATION_ERROR', 'type must be a string of 1-128 characters');
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

    admits,

    async join(socket, channel, who, after): Promise<JoinResult> {
      // Only a governed channel waits on its admission: an ungoverned join goes on at once.
      if (opts.admission?.governs(channel) && !(await opts.admission.admits(channel, who.userId)))
        throw new ApiError('FORBIDDEN', NOT_ADMITTED);
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
      const member: Member = { socket, user, ...(after ? { held: [] } : {}) };
      local.members.set(socket.id, member);
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
      if (channels.get(channel)?.members.get(socket.id) !== member) {
        await bus.removePresence(channel, socket.id);
        return {};
      }
      let resumed: boolean | undefined;
      if (after) {
        try {
          resumed = await replay(member, channel, after);
        } catch (err) {
          await leave(socket, channel);
          throw err;
        }
      }
      await announce(channel);
      return resumed === undefined ? {} : { resumed };
    },

    leave,

    addSocket(socket) {
      sockets.add(socket);
    },

    removeSocket,

    async close() {
      closing = true;
      clearInterval(timer);
      clearInterval(sessionTimer);
      for (const t of presenceTimers.values()) clearTimeout(t);
      presenceTimers.clear();
      const all = [...sockets];
      await Promise.all(all.map(removeSocket));
      for (const s of all) s.shutdown();
      if (ownsBus) await bus.close();
    },
  };
}
