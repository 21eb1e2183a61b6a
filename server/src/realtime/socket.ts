/**
 * One client socket: the protocol of docs/protocol.md, Realtime, over a transport that knows nothing of
 * frames. Frames are handled one at a time in arrival order, so `auth` is settled before the
 * frames behind it and acks come back in the order requests were sent. Whether the session
 * behind the socket still stands is session-watch.ts.
 */
import crypto from 'node:crypto';
import type { Logger } from 'pino';
import type { ErrorCode } from '@scout/protocol/errors';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import { ApiError } from '../errors.ts';
import { SERVER_OWNED_MESSAGE, anonymousMayUse, isServerOwnedChannel } from './channel-access.ts';
import {
  CLOSE_POLICY,
  CLOSE_SERVICE_RESTART,
  CLOSE_TOO_BIG,
  CLOSE_TRY_LATER,
  CLOSE_UNSUPPORTED,
} from './close-codes.ts';
import {
  MAX_FRAME_BYTES,
  encodeFrame,
  parseClientFrame,
  type ClientFrame,
  type ParsedFrame,
  type ServerFrameType,
} from './frames.ts';
import type { HubSocket, RealtimeHub } from './hub.ts';
import { tokenBucket, type TokenBucket } from './rate-limit.ts';
import { SessionWatch } from './session-watch.ts';
import { channelKey } from './troop-channels.ts';

export interface Transport {
  send(data: string | Buffer): void;
  close(code: number, reason: string): void;
  terminate(): void;
  ping(): void;
  bufferedAmount(): number;
}

/** Who the socket acts as. Only a verified token makes it a user; claims in frames never do. */
export type Identity = {
  kind: 'user' | 'service' | 'anonymous';
  userId: string;
  /**
   * Whether the account and session behind the token still stand (auth/session-check.ts):
   * null while they do, else why not. A socket opened before its account was deleted,
   * suspended or signed out everywhere must stop acting for it, and stop hearing for it.
   */
  recheck?: () => Promise<ApiError | null>;
};

export interface SocketContext {
  hub: RealtimeHub;
  /**
   * The troop the socket's `project_id` names: its channels are that troop's
   * (troop-channels.ts), and its token must be a member's there.
   */
  troopId: string;
  config: Pick<Config, 'realtimeAnonymousChannels'>;
  clock: Clock;
  /** Verifies an access token (or service key); throws an ApiError when it is not valid. */
  authenticate(token: string): Promise<Identity>;
  logger?: Pick<Logger, 'warn' | 'error'> | false;
}

/** 50 frames a second with bursts of 100: far above the SDK's needs, far below a flood. */
export const FRAMES_PER_SECOND = 50;
export const FRAME_BURST = 100;
/** A socket that does not read what it is sent is closed before it holds this much memory. */
export const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;

export class RealtimeSocket implements HubSocket {
  readonly id = crypto.randomUUID();
  private identity: Identity;
  private framesSeen = 0;
  private alive = true;
  private closing = false;
  private queue: Promise<void> = Promise.resolve();
  private readonly bucket: TokenBucket;
  /** Whether the account and session behind the token still stand (session-watch.ts). */
  private readonly watch: SessionWatch;

  constructor(
    private readonly ctx: SocketContext,
    private readonly transport: Transport,
  ) {
    // Anonymous sockets get a per-connection id: a claimed userId is not proof (docs/protocol.md).
    this.identity = { kind: 'anonymous', userId: `anon_${this.id.replace(/-/g, '').slice(0, 12)}` };
    this.bucket = tokenBucket(FRAMES_PER_SECOND, FRAME_BURST, ctx.clock.now());
    this.watch = new SessionWatch({
      closing: () => this.closing,
      now: () => ctx.clock.now(),
      recheck: () => this.identity.recheck,
      write: (frame) => this.write(frame),
      fail: (code, error, closeCode) => this.fail(code, error, closeCode),
      log: (level, err, msg) => this.log(level, err, msg),
    });
  }

  open() {
    this.ctx.hub.addSocket(this);
    this.send('connected', { connectionId: this.id });
  }

  receive(data: Buffer, isBinary: boolean) {
    if (this.closing) return;
    this.alive = true;
    if (!this.bucket.take(this.ctx.clock.now()))
      return this.fail('RATE_LIMITED', 'Too many frames; the limit is 50 a second', CLOSE_POLICY);
    if (data.length > MAX_FRAME_BYTES)
      return this.fail(
        'PAYLOAD_TOO_LARGE',
        `Frames are limited to ${MAX_FRAME_BYTES} bytes`,
        CLOSE_TOO_BIG,
      );
    if (isBinary)
      return this.fail('VALIDATION_ERROR', 'Frames must be JSON text', CLOSE_UNSUPPORTED);
    const parsed = parseClientFrame(data.toString('utf8'));
    if (parsed.kind === 'garbage')
      return this.fail('VALIDATION_ERROR', parsed.error, CLOSE_UNSUPPORTED);
    const first = this.framesSeen++ === 0;
    this.queue = this.queue
      .then(() => this.handle(parsed, first))
      .catch((err: unknown) => {
        if (err instanceof Handled) return;
        this.log('warn', err, 'realtime frame failed');
        this.sendError(undefined, 'SERVICE_UNAVAILABLE', 'Realtime service unavailable');
      });
  }

  pong() {
    this.alive = true;
  }

  heartbeat(): boolean {
    if (this.closing) return false;
    if (!this.alive) {
      this.closing = true;
      this.transport.terminate();
      return false;
    }
    this.alive = false;
    this.transport.ping();
    return true;
  }

  /** The hub's periodic nudge: check the session now, so an ended one closes without traffic. */
  revalidate() {
    if (this.closing || !this.identity.recheck) return;
    void this.watch.check();
  }

  deliver(frame: Buffer) {
    if (this.closing) return;
    this.watch.deliver(frame);
  }

  private write(frame: Buffer) {
    if (this.transport.bufferedAmount() > MAX_BUFFERED_BYTES) {
      return this.fail('SERVICE_UNAVAILABLE', 'Too slow reading messages', CLOSE_TRY_LATER);
    }
    this.transport.send(frame);
  }

  /**
   * The server is stopping. 1012 (service restart) tells clients to come back at once and resume
   * from their last message, which history replays (hub.ts, join), instead of backing off.
   */
  shutdown() {
    if (this.closing) return;
    this.closing = true;
    this.transport.close(CLOSE_SERVICE_RESTART, 'Server restarting');
  }

  /** The transport closed (either side): leave every channel. */
  closed(): Promise<void> {
    this.closing = true;
    return this.ctx.hub.removeSocket(this);
  }

  private async handle(parsed: Exclude<ParsedFrame, { kind: 'garbage' }>, first: boolean) {
    if (this.closing) return;
    if (parsed.kind === 'invalid') {
      if (parsed.type === 'auth') return this.fail('UNAUTHORIZED', parsed.error, CLOSE_POLICY);
      return this.sendError(parsed.channel, 'VALIDATION_ERROR', parsed.error);
    }
    const frame: ClientFrame = parsed.frame;
    if ((frame.type === 'subscribe' || frame.type === 'publish') && !(await this.watch.check()))
      return;
    switch (frame.type) {
      case 'auth':
        return this.authenticate(frame.payload.token, first);
      case 'ping':
        return this.send('pong', {});
      case 'subscribe': {
        const { channel, metadata, after } = frame.payload;
        if (!this.mayUse(channel))
          return this.sendError(channel, 'UNAUTHORIZED', 'Sign in to use this channel');
        const joined = await this.guard(channel, () =>
          this.ctx.hub.join(
            this,
            this.key(channel),
            { userId: this.identity.userId, ...(metadata ? { metadata } : {}) },
            after,
          ),
        );
        return this.send('subscribed', {
          channel,
          ...(joined.resumed !== undefined ? { resumed: joined.resumed } : {}),
        });
      }
      case 'unsubscribe': {
        const { channel } = frame.payload;
        await this.guard(channel, () => this.ctx.hub.leave(this, this.key(channel)));
        return this.send('unsubscribed', { channel });
      }
      case 'publish': {
        const { channel, type, data, metadata } = frame.payload;
        if (!this.mayUse(channel))
          return this.sendError(channel, 'UNAUTHORIZED', 'Sign in to use this channel');
        if (isServerOwnedChannel(channel))
          return this.sendError(channel, 'FORBIDDEN', SERVER_OWNED_MESSAGE);
        const message = await this.guard(channel, () =>
          this.ctx.hub.publish(this.key(channel), {
            type,
            data,
            userId: this.identity.userId,
            ...(metadata ? { metadata } : {}),
          }),
        );
        return this.send('published', { channel, messageId: message.id });
      }
    }
  }

  private async authenticate(token: string, first: boolean) {
    if (!first) return this.fail('VALIDATION_ERROR', 'auth must be the first frame', CLOSE_POLICY);
    try {
      this.identity = await this.ctx.authenticate(token);
    } catch (err) {
      const known =
        err instanceof ApiError ? err : new ApiError('UNAUTHORIZED', 'Invalid access token');
      return this.fail(known.code, known.message, CLOSE_POLICY);
    }
    this.watch.stands();
    this.send('authenticated', { userId: this.identity.userId });
  }

  /** The hub's key of the socket's troop's channel. */
  private key(channel: string) {
    return channelKey(this.ctx.troopId, channel);
  }

  private mayUse(channel: string) {
    return this.identity.kind !== 'anonymous' || anonymousMayUse(this.ctx.config, channel);
  }

  /** Runs a bus operation; a failure (Redis unreachable) rejects this request only. */
  private async guard<T>(channel: string, op: () => Promise<T>): Promise<T> {
    try {
      return await op();
    } catch (err) {
      // A refusal (403 from the hub's listener check) is the answer; anything else is the bus.
      if (err instanceof ApiError) this.sendError(channel, err.code, err.message);
      else {
        this.log('warn', err, 'realtime bus operation failed');
        this.sendError(channel, 'SERVICE_UNAVAILABLE', 'Realtime service unavailable');
      }
      throw new Handled();
    }
  }

  private send(type: ServerFrameType, payload: unknown) {
    if (!this.closing) this.transport.send(encodeFrame(type, payload));
  }

  private sendError(channel: string | undefined, code: ErrorCode, error: string) {
    this.send('error', { ...(channel !== undefined ? { channel } : {}), error, code });
  }

  /** Answers with `error`, then closes: for requests that end the conversation. */
  private fail(code: ErrorCode, error: string, closeCode: number) {
    if (this.closing) return;
    this.sendError(undefined, code, error);
    this.closing = true;
    // A close reason is at most 123 bytes; keep it printable ASCII so the limit holds.
    this.transport.close(closeCode, error.replace(/[^\x20-\x7e]/g, '?').slice(0, 120));
  }

  private log(level: 'warn' | 'error', err: unknown, msg: string) {
    const logger = this.ctx.logger;
    if (logger)
      logger[level](
        { err: err instanceof Error ? err.message : String(err), connectionId: this.id },
        msg,
      );
  }
}

/** Marks a failure already answered with an error frame. */
class Handled extends Error {}
