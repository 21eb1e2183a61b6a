/**
 * Whether the account and session behind a socket still stand, checked while the socket lives:
 * a socket opened before its account was deleted, suspended or signed out everywhere must stop
 * acting and hearing for it. Messages wait while a check runs and go out once it passes. Apart
 * from the frame handling (socket.ts) because it runs on its own clock, not on the client's frames.
 */
import type { ErrorCode } from '@scout/protocol/errors';
import type { ApiError } from '../errors.ts';
import { CLOSE_POLICY, CLOSE_TRY_LATER } from './close-codes.ts';

/**
 * The hub asks every socket to re-check its session this often (hub.ts), and a socket whose
 * last good check is older than SESSION_CHECK_MAX_AGE_MS checks again before it is handed a
 * message: with the two seconds session-check.ts keeps an answer, a deleted, suspended or
 * signed-out account hears nothing more within about five seconds, on every server process.
 */
export const SESSION_RECHECK_MS = 3000;
export const SESSION_CHECK_MAX_AGE_MS = 5000;
/** Messages held while a check runs; a socket that gathers more is closed (try later). */
const MAX_HELD_FRAMES = 1000;

/** What the watch needs of its socket. */
export interface WatchedSocket {
  closing(): boolean;
  /** The server's clock, in milliseconds. */
  now(): number;
  /** The check of the identity the socket acts as now; none for an anonymous one. */
  recheck(): (() => Promise<ApiError | null>) | undefined;
  write(frame: Buffer): void;
  fail(code: ErrorCode, error: string, closeCode: number): void;
  log(level: 'warn', err: unknown, msg: string): void;
}

export class SessionWatch {
  /** When the session was last found standing (WatchedSocket.now). */
  private checkedAt = 0;
  private checking: Promise<boolean> | null = null;
  /** Messages that arrived while the session was being checked, handed over once it stands. */
  private held: Buffer[] = [];

  constructor(private readonly socket: WatchedSocket) {}

  /** The session was found standing just now (a token was verified). */
  stands() {
    this.checkedAt = this.socket.now();
  }

  /** Hands a message over, or holds it until a check says the session stands. */
  deliver(frame: Buffer) {
    const s = this.socket;
    if (s.recheck() && (this.checking || s.now() - this.checkedAt > SESSION_CHECK_MAX_AGE_MS)) {
      // Not known to stand right now: nothing is handed over until it is.
      this.held.push(frame);
      if (this.held.length > MAX_HELD_FRAMES)
        return s.fail('SERVICE_UNAVAILABLE', 'Too many messages waiting', CLOSE_TRY_LATER);
      void this.check();
      return;
    }
    s.write(frame);
  }

  /**
   * Is the session still standing? One check at a time; when it stands, held messages go out in
   * order, and when it does not, the socket is closed with the reason and they are dropped.
   * A check that cannot be made (database unreachable) closes the socket too: better a
   * reconnect than messages for an account that may be gone.
   */
  check(): Promise<boolean> {
    const s = this.socket;
    const recheck = s.recheck();
    if (!recheck || s.closing()) return Promise.resolve(!s.closing());
    this.checking ??= recheck()
      .then((ended) => {
        this.checking = null;
        if (ended) {
          this.held = [];
          s.fail(ended.code, ended.message, CLOSE_POLICY);
          return false;
        }
        this.checkedAt = s.now();
        const held = this.held;
        this.held = [];
        for (const frame of held) if (!s.closing()) s.write(frame);
        return !s.closing();
      })
      .catch((err: unknown) => {
        this.checking = null;
        this.held = [];
        s.log('warn', err, 'realtime session check failed');
        s.fail('SERVICE_UNAVAILABLE', 'Could not check the session; reconnect', CLOSE_TRY_LATER);
        return false;
      });
    return this.checking;
  }
}
