/**
 * The one socket a client keeps: connects on demand, sends `auth` first when signed in, pings
 * every 25 s, and after a lost connection reconnects with backoff (docs/product.md section 9). A
 * server closing for a restart (1012) is the exception: the client comes back at once, since
 * the server is expected back and what was published meanwhile is replayed on resubscribing.
 * Frames are paced below the server's flood limit so a burst of publishes never gets the socket
 * closed.
 */
import { REALTIME_CLOSE_SERVICE_RESTART } from '@scout/protocol/realtime-close-codes';
import type { ConnectionStatus, ServerFrame, SocketFactory, SocketLike, Timers } from './types.ts';

export interface ConnectionOptions {
  /** Read when connecting, so a client can be created where sockets are not available. */
  url(): string;
  WebSocket(): SocketFactory;
  getToken(): Promise<string | null>;
  timers: Timers;
  now(): number;
  heartbeatMs: number;
  /** A ping unanswered this long means the connection is dead. */
  pongTimeoutMs: number;
  backoff(attempt: number): number;
  /** Delay before reconnecting after the server closed for a restart: a little jitter. */
  restartDelay(): number;
  /** The socket is ready for frames (`auth`, when there is a token, is already sent). */
  onOpen(): void;
  onFrame(frame: ServerFrame): void;
  /** The socket was lost; pending requests on it will never be answered. */
  onDown(): void;
  onStatus(status: ConnectionStatus): void;
  /** Whether anything still needs the socket after it was lost. */
  wanted(): boolean;
}

/** Under the server's 50 frames a second with bursts of 100. */
const PACE_PER_SECOND = 40;
const PACE_BURST = 80;

export class Connection {
  private socket: SocketLike | undefined;
  private status: ConnectionStatus = 'idle';
  private attempt = 0;
  /** Counts connects: one overtaken by a newer connect (a restart) while awaiting its token gives up. */
  private connects = 0;
  private sentToken = false;
  private reconnectTimer: unknown;
  private heartbeatTimer: unknown;
  private pongTimer: unknown;
  private paceTimer: unknown;
  private paced: string[] = [];
  private tokens = PACE_BURST;
  private tokensAt: number;

  constructor(private readonly o: ConnectionOptions) {
    this.tokensAt = o.now();
  }

  get isOpen() {
    return this.status === 'open';
  }

  /** Connects unless connected, connecting or waiting to reconnect. */
  ensure(): void {
    if (this.status === 'idle') void this.connect();
  }

  /**
   * Drops the socket and, when anything still needs one, connects at once with a fresh token:
   * after a sign-in or sign-out the socket must act as the person now signed in.
   */
  restart(): void {
    if (this.status === 'closed') return;
    this.o.timers.clearTimeout(this.reconnectTimer);
    this.attempt = 0;
    this.connects++;
    this.drop();
    if (this.o.wanted()) void this.connect();
    else this.setStatus('idle');
  }

  /** Sends a frame on the open socket; false when there is none. */
  send(frame: { type: string; payload: unknown }): boolean {
    if (this.status !== 'open' || !this.socket) return false;
    this.paced.push(JSON.stringify(frame));
    this.pump();
    return true;
  }

  close(): void {
    this.o.timers.clearTimeout(this.reconnectTimer);
    this.drop();
    this.setStatus('closed');
  }

  private async connect() {
    if (this.status === 'closed') return;
    const mine = ++this.connects;
    this.setStatus(
      this.attempt === 0 && this.status !== 'reconnecting' ? 'connecting' : 'reconnecting',
    );
    let token: string | null = null;
    try {
      token = await this.o.getToken();
    } catch {
      token = null;
    }
    // A restart meanwhile (the user signed in or out) started a newer connect with a newer token.
    if (this.isClosed() || this.socket || mine !== this.connects) return;
    let socket: SocketLike;
    try {
      const Impl = this.o.WebSocket();
      socket = new Impl(this.o.url());
    } catch {
      return this.lost();
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.sentToken = Boolean(token);
      // The token goes in the first frame, never in the URL where logs would keep it.
      if (token) socket.send(JSON.stringify({ type: 'auth', payload: { token } }));
      this.setStatus('open');
      this.beat();
      this.o.onOpen();
    };
    socket.onmessage = (event) => {
      if (this.socket !== socket) return;
      this.o.timers.clearTimeout(this.pongTimer);
      const frame = parse(event.data);
      if (!frame) return;
      // A connection counts as good (backoff resets) once the server accepted who we are.
      if (frame.type === 'authenticated' || (frame.type === 'connected' && !this.sentToken))
        this.attempt = 0;
      this.o.onFrame(frame);
    };
    socket.onclose = (event) => {
      if (this.socket === socket) this.lost(event?.code);
    };
    socket.onerror = () => {};
  }

  private lost(closeCode?: number) {
    this.drop();
    if (this.status === 'closed') return;
    this.o.onDown();
    if (!this.o.wanted()) return this.setStatus('idle');
    this.setStatus('reconnecting');
    // A restart is not a failure: no backoff, and a failure after it backs off from the start.
    const delay =
      closeCode === REALTIME_CLOSE_SERVICE_RESTART
        ? this.o.restartDelay()
        : this.o.backoff(this.attempt++);
    this.reconnectTimer = this.o.timers.setTimeout(() => void this.connect(), delay);
  }

  private drop() {
    const socket = this.socket;
    this.socket = undefined;
    this.paced = [];
    for (const t of [this.heartbeatTimer, this.pongTimer, this.paceTimer])
      this.o.timers.clearTimeout(t);
    this.paceTimer = undefined;
    if (!socket) return;
    socket.onopen = socket.onmessage = socket.onclose = null;
    socket.onerror = () => {};
    try {
      socket.close(1000, 'client closed');
    } catch {
      // Closing a socket that never opened may throw; it is gone either way.
    }
    if (this.status === 'open') this.setStatus('idle');
  }

  private beat() {
    this.heartbeatTimer = this.o.timers.setTimeout(() => {
      if (!this.send({ type: 'ping', payload: {} })) return;
      this.pongTimer = this.o.timers.setTimeout(() => this.lost(), this.o.pongTimeoutMs);
      this.beat();
    }, this.o.heartbeatMs);
  }

  private pump() {
    const now = this.o.now();
    this.tokens = Math.min(
      PACE_BURST,
      this.tokens + ((now - this.tokensAt) * PACE_PER_SECOND) / 1000,
    );
    this.tokensAt = now;
    while (this.paced.length > 0 && this.tokens >= 1 && this.socket) {
      this.socket.send(this.paced.shift() as string);
      this.tokens -= 1;
    }
    if (this.paced.length > 0 && this.paceTimer === undefined) {
      this.paceTimer = this.o.timers.setTimeout(
        () => {
          this.paceTimer = undefined;
          this.pump();
        },
        Math.ceil(1000 / PACE_PER_SECOND),
      );
    }
  }

  // A method, not a comparison, because the status changes while connect() awaits the token.
  private isClosed() {
    return this.status === 'closed';
  }

  private setStatus(status: ConnectionStatus) {
    if (this.status === status) return;
    this.status = status;
    this.o.onStatus(status);
  }
}

function parse(data: unknown): ServerFrame | undefined {
  try {
    const raw = JSON.parse(typeof data === 'string' ? data : String(data)) as unknown;
    if (
      typeof raw !== 'object' ||
      raw === null ||
      typeof (raw as { type?: unknown }).type !== 'string'
    )
      return undefined;
    const payload = (raw as { payload?: unknown }).payload;
    return {
      type: (raw as { type: string }).type,
      payload:
        typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : {},
    };
  } catch {
    return undefined;
  }
}
