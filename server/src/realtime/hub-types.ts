/**
 * What the hub (hub.ts) offers and what it asks of the sockets it serves: the contract other
 * features (the change feed, the REST publish route, the socket) program against.
 */
import type { Logger } from 'pino';
import type { Clock } from '../clock.ts';
import type { HistoryQuery, PresenceUser, RealtimeBus, RealtimeMessage } from './bus.ts';
import type { MessageId } from './message-ids.ts';

/** A local socket as the hub sees it. */
export interface HubSocket {
  readonly id: string;
  /** Sends an encoded frame (shared by every recipient, so never mutated). */
  deliver(frame: Buffer): void;
  /** Called every heartbeat; false means the socket missed the last one and is being dropped. */
  heartbeat(): boolean;
  /**
   * Called every few seconds (sessionCheckIntervalMs): the socket re-checks that the account
   * and session it speaks for still stand, and closes itself when they do not.
   */
  revalidate?(): void;
  /** Closes the socket because the server is stopping (to restart, as far as clients know). */
  shutdown(): void;
}

export interface JoinResult {
  /**
   * Only when joining `after` a message: true when history still held that message, so every
   * message since was delivered; false when history no longer reaches back to it (a gap).
   */
  resumed?: boolean;
}

export interface ServerPublish {
  type: string;
  data?: unknown;
  userId?: string;
  metadata?: Record<string, unknown>;
}

/**
 * Every `channel` here is a troop's key of the channel (`channelKey(troop.id, name)`,
 * troop-channels.ts); frames the hub sends carry the name clients use.
 */
export interface RealtimeHub {
  /**
   * Publishes on a channel from the server: stored in history and delivered to every subscriber
   * in every process, exactly like a client's publish. Throws a 400 ApiError for a bad channel
   * name or type; rejects when the bus (Redis) is unreachable.
   */
  publish(channel: string, message: ServerPublish): Promise<RealtimeMessage>;
  history(channel: string, query: HistoryQuery): Promise<RealtimeMessage[]>;
  presence(channel: string): Promise<PresenceUser[]>;
  /**
   * Puts a socket on a channel (or updates its metadata); resolves once messages flow to it.
   * Throws a 403 ApiError when the channel's admission does not let the socket's account listen.
   * With `after` (the last message the socket's client saw) the channel's history after it is
   * delivered first, then live messages, none twice and none missing.
   */
  join(
    socket: HubSocket,
    channel: string,
    user: { userId: string; metadata?: Record<string, unknown> },
    after?: MessageId,
  ): Promise<JoinResult>;
  leave(socket: HubSocket, channel: string): Promise<void>;
  /**
   * Whether the channel's admission lets the account listen (true for a channel none governs):
   * the REST realtime routes ask this, so history and presence answer whom a socket would hear.
   */
  admits(channel: string, userId: string): Promise<boolean>;
  addSocket(socket: HubSocket): void;
  /** Takes a closed socket off every channel it was on. */
  removeSocket(socket: HubSocket): Promise<void>;
  /** Takes every socket off its channels, closes them and stops the heartbeat. */
  close(): Promise<void>;
}

/**
 * Channels only some sockets may listen on (the change feed, feed-listeners.ts): a socket is
 * admitted when it joins and checked again at every session check, and one no longer admitted
 * is taken off the channel with an error frame naming it.
 */
export interface ChannelAdmission {
  governs(channel: string): boolean;
  admits(channel: string, userId: string): Promise<boolean>;
}

export const NOT_ADMITTED = 'Your role does not let you read what this channel announces';

export interface RealtimeHubOptions {
  clock: Clock;
  /** Defaults to the in-process bus, which the hub then owns and closes. */
  bus?: RealtimeBus;
  logger?: Pick<Logger, 'warn' | 'error'> | false;
  /** Server pings every socket this often; a socket that missed a ping is dropped at the next one. */
  pingIntervalMs?: number;
  /** How often each socket re-checks its session (session-watch.ts, SESSION_RECHECK_MS by default). */
  sessionCheckIntervalMs?: number;
  admission?: ChannelAdmission;
}
