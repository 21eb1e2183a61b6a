/**
 * Sign-in handed down by a parent frame (docs/product.md section 4): ask with BLINK_REQUEST_AUTH_TOKENS,
 * accept BLINK_AUTH_TOKENS and BLINK_AUTH_LOGOUT. Only allow-listed origins are believed: any
 * page can frame us and post messages, so `event.origin` is always checked.
 */
import type { StoredTokens } from '@scout/protocol/auth';
import { isRecord, type WindowLike } from '../browser.ts';
import { tokensFromTransfer } from './transferred-tokens.ts';

export type ParentFrameMessage = { type: 'tokens'; tokens: StoredTokens } | { type: 'logout' };

export function isInFrame(win: WindowLike): boolean {
  try {
    return !!win.parent && win.parent !== (win as unknown);
  } catch {
    return false;
  }
}

/** Turns a `message` event into something to act on, or null when it is not for us. */
export function readParentMessage(
  event: unknown,
  allowedOrigins: readonly string[],
  projectId: string,
  now: number,
): ParentFrameMessage | null {
  if (!isRecord(event) || typeof event.origin !== 'string') return null;
  if (!allowedOrigins.includes(event.origin)) return null;
  const data = event.data;
  if (!isRecord(data)) return null;
  if (data.type === 'BLINK_AUTH_LOGOUT') return { type: 'logout' };
  if (data.type !== 'BLINK_AUTH_TOKENS') return null;
  if (data.projectId !== undefined && data.projectId !== projectId) return null;
  const tokens = tokensFromTransfer(isRecord(data.tokens) ? data.tokens : data, now);
  return tokens ? { type: 'tokens', tokens } : null;
}

export interface ParentFrameLinkOptions {
  window: WindowLike;
  allowedOrigins: readonly string[];
  projectId: string;
  now: () => number;
  /** Tokens that arrive while nobody is waiting for them (after start-up). */
  onTokens(tokens: StoredTokens): void;
  onLogout(): void;
}

export interface ParentFrameLink {
  /** Asks the parent for tokens; answers them, or null after `waitMs`. */
  requestTokens(waitMs: number): Promise<StoredTokens | null>;
  close(): void;
}

/** Null when there is no parent to ask or no origin we would believe. */
export function connectParentFrame(options: ParentFrameLinkOptions): ParentFrameLink | null {
  const { window: win, allowedOrigins } = options;
  if (allowedOrigins.length === 0 || !isInFrame(win)) return null;
  let waiting: ((tokens: StoredTokens) => void) | null = null;

  const listener = (event: unknown) => {
    const message = readParentMessage(event, allowedOrigins, options.projectId, options.now());
    if (!message) return;
    if (message.type === 'logout') options.onLogout();
    else if (waiting) waiting(message.tokens);
    else options.onTokens(message.tokens);
  };
  win.addEventListener('message', listener);

  return {
    requestTokens(waitMs) {
      return new Promise((resolve) => {
        const timer = setTimeout(() => finish(null), waitMs);
        const finish = (tokens: StoredTokens | null) => {
          clearTimeout(timer);
          waiting = null;
          resolve(tokens);
        };
        waiting = finish;
        // Sent to each allowed origin by name, never '*', so no other page learns we asked.
        for (const origin of allowedOrigins) {
          try {
            win.parent?.postMessage(
              { type: 'BLINK_REQUEST_AUTH_TOKENS', projectId: options.projectId },
              origin,
            );
          } catch {
            // postMessage throws for a malformed origin; the other origins are still asked.
          }
        }
      });
    },
    close() {
      win.removeEventListener('message', listener);
    },
  };
}
