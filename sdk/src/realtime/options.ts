/**
 * How a realtime client is configured, and the address of the server's socket
 * (docs/protocol.md, Realtime).
 */
import type { HttpClient } from '../http.ts';
import type { SocketFactory, Timers } from './types.ts';

/** What the realtime client needs of the auth client: the token, and news of who is signed in. */
export interface RealtimeAuth {
  getValidAccessToken(): Promise<string | null>;
  /** Calls the listener at once and on every change; returns a function that stops it. */
  onAuthStateChanged?(listener: (state: { user: { id: string } | null }) => void): () => void;
}

export interface RealtimeClientOptions {
  projectId: string;
  /** Origin of the API (http or https); empty means the page's own origin. */
  baseUrl: string;
  /** The access token for the socket's `auth` frame; null when signed out. */
  getToken?: () => Promise<string | null>;
  /**
   * Alternatively the auth client: its valid access token is used, and when the signed-in user
   * changes (sign-in, sign-out, another tab) the socket reconnects to act as the new one.
   */
  auth?: RealtimeAuth;
  /** For presence and history over REST; defaults to a client on `baseUrl` with `getToken`. */
  http?: HttpClient;
  /** Defaults to the global WebSocket; in Node pass the `ws` package's. */
  WebSocket?: SocketFactory;
  window?: { location: { href: string } };
  timers?: Timers;
  now?: () => number;
  subscribeTimeoutMs?: number;
  sendTimeoutMs?: number;
  heartbeatMs?: number;
  /** Delay before reconnect attempt n; defaults to 2^n s capped at 30 s plus up to 1 s of jitter. */
  backoff?: (attempt: number) => number;
}

/** Channel names the server accepts: 1-128 letters, digits, `_ : . -`. */
export const CHANNEL_PATTERN = /^[A-Za-z0-9_:.-]{1,128}$/;
/** The server refuses larger frames and closes the socket; refuse them here instead. */
export const MAX_FRAME_CHARS = 64 * 1024;

export const defaultTimers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

export function realtimeUrl(
  baseUrl: string,
  projectId: string,
  win?: { location: { href: string } },
): string {
  const origin =
    baseUrl || win?.location.href || (globalThis as { location?: { href: string } }).location?.href;
  if (!origin) throw new TypeError('Realtime needs a baseUrl outside a browser');
  const url = new URL('/api/realtime/ws', origin);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set('project_id', projectId);
  return url.toString();
}
