/**
 * The few browser features the SDK uses, typed narrowly so Node tests can hand in small fakes
 * and the real `window` fits as it is.
 */
import type { StorageLike } from './auth/token-store.ts';

export type EventListenerLike = (event: unknown) => void;

export interface FrameLike {
  postMessage(message: unknown, targetOrigin: string): void;
}

export interface WindowLike {
  location: { href: string };
  history?: {
    replaceState(data: unknown, unused: string, url?: string | null): void;
    state?: unknown;
  };
  parent?: FrameLike | null;
  localStorage?: StorageLike;
  addEventListener(type: string, listener: EventListenerLike): void;
  removeEventListener(type: string, listener: EventListenerLike): void;
}

export function browserWindow(): WindowLike | undefined {
  return typeof window === 'undefined' ? undefined : window;
}

/** localStorage can throw on access (blocked cookies, sandboxed frames). */
export function windowStorage(win: WindowLike | undefined): StorageLike | undefined {
  try {
    return win?.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
