/** Realtime shapes of docs/protocol.md, and the narrow WebSocket the client needs (browser or `ws`). */

export interface RealtimeMessage<T = unknown> {
  channel: string;
  /** "<ms>-<seq>", increasing per channel. */
  id: string;
  type: string;
  data: T;
  /** Milliseconds since the epoch. */
  timestamp: number;
  /** The sender as the server knows it (from the sender's token, never a claim). */
  userId?: string;
  metadata?: Record<string, unknown>;
}

export interface PresenceUser {
  userId: string;
  metadata?: Record<string, unknown>;
  joinedAt: number;
  lastSeen: number;
}

export interface ServerFrame {
  type: string;
  payload: Record<string, unknown>;
}

// Handlers are declared as methods so both the DOM WebSocket and `ws` fit without casts.
type Handler<E> = { bivarianceHack(event: E): void }['bivarianceHack'];

export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: Handler<unknown> | null;
  onmessage: Handler<{ data: unknown }> | null;
  onclose: Handler<{ code: number; reason: string }> | null;
  onerror: Handler<unknown> | null;
}

export type SocketFactory = new (url: string) => SocketLike;

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export type ConnectionStatus = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'closed';
