/**
 * Provider sign-in for mobile and desktop apps, as RFC 8252 asks (docs/protocol.md, Sign-in
 * with providers and the hosted page; docs/decisions/018-mobile-sign-in.md):
 *
 * 1. `start` makes a PKCE verifier (kept here, never sent until the exchange), its S256
 *    challenge and a state, and answers the `authUrl` to open in the system browser;
 * 2. once the person has signed in, the browser goes to the app's `redirectUri` (a loopback
 *    address the app listens on, or its registered scheme) with a one-time `code` and the state;
 * 3. the app hands that address to `complete`, which exchanges the code and the verifier at
 *    `POST /api/auth/mobile-session/token` for the tokens.
 *
 * Whoever made a sign-in link knows everything in it, and the code goes only to the device the
 * person signed in on: a link someone else made signs nobody in for them. A redirect whose state
 * this app did not start is refused, and a sign-in ends after 10 minutes.
 */
import type { WireUser } from '@scout/protocol/auth';
import { MOBILE_SESSION_POLL_MS, MOBILE_SESSION_TTL_SECONDS } from '@scout/protocol/limits';
import { isRecord } from '../browser.ts';
import { authError, validationError } from '../errors.ts';
import type { HttpClient } from '../http.ts';
import { hostedAuthUrl, randomHex } from './hosted-auth.ts';
import { sha256 } from './sha256.ts';

export interface MobileOAuthOptions {
  /**
   * Where the browser hands the sign-in back to the app: a loopback address it listens on
   * (`http://127.0.0.1:<port>/...`, any port) or its own scheme, registered by the troop in
   * the server's APP_REDIRECT_URIS (`org.example.app:/signed-in`).
   */
  redirectUri: string;
  /** The token of an invitation to join, for a troop that joins by invitation. */
  invitation?: string;
}

export interface MobileOAuthStart {
  /** This sign-in's name in the app (the state its redirect comes back with). */
  sessionId: string;
  /** Open this in the system browser. */
  authUrl: string;
  redirectUri: string;
}

export interface MobilePollOptions {
  intervalMs?: number;
  timeoutMs?: number;
  /** Stops polling early (the person left the sign-in screen). */
  signal?: AbortSignal;
}

interface Pending {
  redirectUri: string;
  codeVerifier: string;
  expiresAt: number;
}

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** BASE64URL(SHA-256(ASCII(verifier))), RFC 7636 4.2. */
export const s256Challenge = (verifier: string) =>
  base64url(sha256(new TextEncoder().encode(verifier)));

/** The app's sign-ins in flight and finished, until it reads them. */
export class MobileSignIns {
  private readonly pending = new Map<string, Pending>();
  private readonly finished = new Map<string, Promise<WireUser>>();

  constructor(private readonly now: () => number = Date.now) {}

  start(
    authBase: string,
    projectId: string,
    provider: string,
    options: MobileOAuthOptions | undefined,
  ): MobileOAuthStart {
    if (!options?.redirectUri)
      throw validationError(
        'initiateMobileOAuth needs the redirectUri where the browser hands the sign-in back to the app',
      );
    const sessionId = randomHex(32);
    // 32 random bytes as 64 hex characters: within RFC 7636's 43 to 128 unreserved characters.
    const codeVerifier = randomHex(32);
    this.forgetEnded();
    this.pending.set(sessionId, {
      redirectUri: options.redirectUri,
      codeVerifier,
      expiresAt: this.now() + MOBILE_SESSION_TTL_SECONDS * 1000,
    });
    return {
      sessionId,
      redirectUri: options.redirectUri,
      authUrl: hostedAuthUrl(authBase, {
        provider,
        project_id: projectId,
        mode: 'mobile-session',
        redirect_uri: options.redirectUri,
        code_challenge: s256Challenge(codeVerifier),
        code_challenge_method: 'S256',
        state: sessionId,
        ...(options.invitation ? { invitation: options.invitation } : {}),
      }),
    };
  }

  /**
   * Exchanges the code of a redirect this app started for the tokens, and signs in with them
   * (`adopt`). A redirect it did not start (its state is unknown here), or one that came back
   * already, is refused.
   */
  complete(
    http: HttpClient,
    returnedUrl: string,
    adopt: (tokens: Record<string, unknown>) => Promise<WireUser>,
  ): Promise<WireUser> {
    let url: URL;
    try {
      url = new URL(returnedUrl);
    } catch {
      return Promise.reject(validationError('Not the address the sign-in came back to'));
    }
    const sessionId = url.searchParams.get('state') ?? '';
    const pending = this.pending.get(sessionId);
    if (!pending || pending.expiresAt <= this.now())
      return Promise.reject(
        authError('VERIFICATION_FAILED', 'This sign-in was not started by this app'),
      );
    this.pending.delete(sessionId);
    const outcome = this.exchange(http, pending, url).then(adopt);
    this.finished.set(sessionId, outcome);
    // Read by whoever asks (check or poll); a failure no one asks about is not unhandled.
    outcome.catch(() => {});
    return outcome;
  }

  /** A finished sign-in's user, once; null while it has not come back. */
  async take(sessionId: string): Promise<WireUser | null> {
    const outcome = this.finished.get(sessionId);
    if (!outcome) {
      const pending = this.pending.get(sessionId);
      if (pending && pending.expiresAt <= this.now()) this.pending.delete(sessionId);
      return null;
    }
    this.finished.delete(sessionId);
    return outcome;
  }

  private async exchange(
    http: HttpClient,
    pending: Pending,
    url: URL,
  ): Promise<Record<string, unknown>> {
    const error = url.searchParams.get('error');
    if (error) throw authError(error, url.searchParams.get('error_description') ?? undefined);
    const res = await http.post<unknown>(
      '/api/auth/mobile-session/token',
      {
        code: url.searchParams.get('code') ?? '',
        code_verifier: pending.codeVerifier,
        redirect_uri: pending.redirectUri,
      },
      { auth: false, retries: 0 },
    );
    if (!isRecord(res.data) || typeof res.data.access_token !== 'string')
      throw authError('VERIFICATION_FAILED');
    return res.data;
  }

  private forgetEnded(): void {
    const now = this.now();
    for (const [id, p] of this.pending) if (p.expiresAt <= now) this.pending.delete(id);
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
