/**
 * Provider sign-in for mobile apps (docs/protocol.md, Sign-in with providers and the hosted
 * page): the app makes a 64-hex session id, opens the returned `authUrl` in the system browser,
 * and polls `GET /api/auth/mobile-session/{id}`: 404 or 202 while pending, 200 with the tokens
 * once, never again after. A pending session ends after 10 minutes.
 */
import { MOBILE_SESSION_POLL_MS, MOBILE_SESSION_TTL_SECONDS } from '@scout/protocol/limits';
import { isRecord } from '../browser.ts';
import { authError, isScoutError } from '../errors.ts';
import type { HttpClient } from '../http.ts';
import { hostedAuthUrl, randomHex } from './hosted-auth.ts';

export interface MobileOAuthStart {
  /** The app keeps it to poll with; it is the only key to the tokens. */
  sessionId: string;
  /** Open this in the system browser. */
  authUrl: string;
}

export interface MobilePollOptions {
  intervalMs?: number;
  timeoutMs?: number;
  /** Stops polling early (the person left the sign-in screen). */
  signal?: AbortSignal;
}

export function initiateMobileOAuth(
  authBase: string,
  projectId: string,
  provider: string,
): MobileOAuthStart {
  const sessionId = randomHex(32);
  return {
    sessionId,
    authUrl: hostedAuthUrl(authBase, {
      provider,
      project_id: projectId,
      mode: 'mobile-session',
      session_id: sessionId,
    }),
  };
}

/** The tokens once the sign-in has finished, else null (still pending, unknown or taken). */
export async function checkMobileOAuthSession(
  http: HttpClient,
  sessionId: string,
): Promise<Record<string, unknown> | null> {
  try {
    const res = await http.get<unknown>(
      `/api/auth/mobile-session/${encodeURIComponent(sessionId)}`,
      { auth: false, retries: 0 },
    );
    return res.status === 200 && isRecord(res.data) && typeof res.data.access_token === 'string'
      ? res.data
      : null;
  } catch (err) {
    if (isScoutError(err) && err.status === 404) return null;
    throw err;
  }
}

const pause = (ms: number, signal: AbortSignal | undefined) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/** Asks every `intervalMs` until `check` answers; AUTH_TIMEOUT after `timeoutMs` (10 minutes). */
export async function pollUntil<T>(
  check: () => Promise<T | null>,
  options: MobilePollOptions = {},
): Promise<T> {
  const interval = options.intervalMs ?? MOBILE_SESSION_POLL_MS;
  const deadline = Date.now() + (options.timeoutMs ?? MOBILE_SESSION_TTL_SECONDS * 1000);
  for (;;) {
    if (options.signal?.aborted) throw authError('POPUP_CANCELED', 'Sign-in was canceled');
    const found = await check();
    if (found !== null) return found;
    if (Date.now() + interval > deadline) throw authError('AUTH_TIMEOUT');
    await pause(interval, options.signal);
  }
}
