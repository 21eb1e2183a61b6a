/**
 * Sign-in with Google and other providers, as existing clients of this protocol do it
 * (docs/protocol.md, Sign-in with providers and the hosted page):
 *
 * - a random 32-hex `state` is kept in sessionStorage;
 * - a window named `blink-auth`, 500 by 600, opens `{server}/auth?provider=&project_id=&state=
 *   &mode=popup&redirect_url=<origin>&opener_origin=<origin>`;
 * - its answer is a `message` from the auth server's origin (and from that window) only:
 *   `BLINK_AUTH_TOKENS` whose state must match (else VERIFICATION_FAILED) and whose project id
 *   must match (else INVALID_CREDENTIALS), or `BLINK_AUTH_ERROR` with a catalogue code;
 * - the window closed (checked every 1000 ms) or blocked is POPUP_CANCELED; no answer within
 *   300000 ms is AUTH_TIMEOUT;
 * - inside a frame, or with no way to open a window, the page itself goes to the provider
 *   (`mode=redirect`) and comes back with the tokens in its address (redirect-return.ts).
 */
import type { WireUser } from '@scout/protocol/auth';
import {
  POPUP_CLOSED_CHECK_MS,
  POPUP_HEIGHT,
  POPUP_TIMEOUT_MS,
  POPUP_WIDTH,
} from '@scout/protocol/limits';
import { isRecord, type WindowLike } from '../browser.ts';
import { authError, validationError } from '../errors.ts';
import { authServerOrigin, hostedAuthUrl, randomHex } from './hosted-auth.ts';
import { isInFrame } from './parent-frame.ts';
import type { StorageLike } from './token-store.ts';

/** The window name existing clients give the sign-in popup. */
export const POPUP_WINDOW_NAME = 'blink-auth';
/** Where the pending sign-in's state waits, in sessionStorage. */
export const AUTH_STATE_KEY = 'blink_auth_state';
/**
 * The server's page posts its answer and closes itself at once; the opener may see the window
 * closed a moment before the answer arrives, so a closed window counts as canceled only after
 * this much longer without an answer.
 */
export const ANSWER_IN_FLIGHT_MS = 500;

export interface PopupLike {
  readonly closed: boolean;
  close(): void;
}

/** The window features provider sign-in uses beyond WindowLike; the real `window` has them all. */
export interface ProviderWindow extends WindowLike {
  open?(url: string, target: string, features: string): PopupLike | null;
  sessionStorage?: StorageLike;
  screenX?: number;
  screenY?: number;
  outerWidth?: number;
  outerHeight?: number;
}

export interface ProviderSignInContext {
  projectId: string;
  /** The auth server's base URL (authServerBase). */
  authBase: string;
  win: ProviderWindow | undefined;
  /** Starts the session from the tokens handed over and answers its user. */
  adopt(tokens: Record<string, unknown>): Promise<WireUser>;
}

/** sessionStorage may be missing or throw (sandboxed frames, blocked storage). */
export function sessionStore(win: ProviderWindow | undefined): StorageLike | undefined {
  try {
    return win?.sessionStorage ?? undefined;
  } catch {
    return undefined;
  }
}

/** Centred over the opener, as existing clients place it. */
export function popupFeatures(win: ProviderWindow): string {
  const left =
    (win.screenX ?? 0) + Math.max(0, ((win.outerWidth ?? POPUP_WIDTH) - POPUP_WIDTH) / 2);
  const top =
    (win.screenY ?? 0) + Math.max(0, ((win.outerHeight ?? POPUP_HEIGHT) - POPUP_HEIGHT) / 2);
  return `width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${Math.round(left)},top=${Math.round(top)}`;
}

export interface ProviderSignInOptions {
  /**
   * The token of an invitation link (`?invite=`), for a troop that joins by invitation: a
   * first sign-in joins with it; a member who has an account spends nothing.
   */
  invitation?: string | undefined;
  /**
   * The token of a household invitation link (`?family=`): a first sign-in joins the troop and
   * that household with it, whatever the troop's sign-up mode; a member who has an account
   * spends nothing (the app asks them to join once signed in).
   */
  family?: string | undefined;
}

export function signInWithProvider(
  ctx: ProviderSignInContext,
  provider: string,
  options: ProviderSignInOptions = {},
): Promise<WireUser> {
  const win = ctx.win;
  if (!win) return Promise.reject(validationError('Provider sign-in needs a browser window'));
  if (!provider) return Promise.reject(validationError('Name a sign-in provider'));
  const state = randomHex(16);
  const store = sessionStore(win);
  try {
    store?.setItem(AUTH_STATE_KEY, state);
  } catch {
    // Without sessionStorage the popup's answer is still checked against `state` below.
  }
  const here = new URL(win.location.href);
  const common = {
    provider,
    project_id: ctx.projectId,
    state,
    ...(options.invitation ? { invitation: options.invitation } : {}),
    ...(options.family ? { family: options.family } : {}),
  };
  if (isInFrame(win) || typeof win.open !== 'function') {
    win.location.href = hostedAuthUrl(ctx.authBase, {
      ...common,
      mode: 'redirect',
      redirect_url: here.href,
    });
    // The page is leaving; it comes back signed in (or with the error) in its address.
    return new Promise<WireUser>(() => {});
  }
  const popup = win.open(
    hostedAuthUrl(ctx.authBase, {
      ...common,
      mode: 'popup',
      redirect_url: here.origin,
      opener_origin: here.origin,
    }),
    POPUP_WINDOW_NAME,
    popupFeatures(win),
  );
  if (!popup) {
    store?.removeItem(AUTH_STATE_KEY);
    return Promise.reject(authError('POPUP_CANCELED', 'The sign-in window was blocked'));
  }
  return awaitPopup(ctx, win, popup, state);
}

function awaitPopup(
  ctx: ProviderSignInContext,
  win: ProviderWindow,
  popup: PopupLike,
  state: string,
): Promise<WireUser> {
  const origin = authServerOrigin(ctx.authBase);
  return new Promise<WireUser>((resolve, reject) => {
    let closedGrace: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      win.removeEventListener('message', onMessage);
      clearInterval(closedCheck);
      clearTimeout(closedGrace);
      clearTimeout(timeout);
      sessionStore(win)?.removeItem(AUTH_STATE_KEY);
    };
    const fail = (code: string, message?: string) => {
      stop();
      reject(authError(code, message));
    };
    function onMessage(event: unknown) {
      if (!isRecord(event) || event.origin !== origin || event.source !== popup) return;
      const data = event.data;
      if (!isRecord(data)) return;
      if (data.type === 'BLINK_AUTH_ERROR') {
        fail(
          typeof data.code === 'string' ? data.code : 'NETWORK_ERROR',
          typeof data.message === 'string' ? data.message : undefined,
        );
        return;
      }
      if (data.type !== 'BLINK_AUTH_TOKENS') return;
      if (data.state !== state) return fail('VERIFICATION_FAILED');
      if (data.projectId !== ctx.projectId) return fail('INVALID_CREDENTIALS');
      // Answered: the window closing now is not a cancel.
      stop();
      ctx.adopt(data).then(resolve, reject);
    }
    win.addEventListener('message', onMessage);
    const closedCheck = setInterval(() => {
      if (popup.closed && closedGrace === undefined)
        closedGrace = setTimeout(() => fail('POPUP_CANCELED'), ANSWER_IN_FLIGHT_MS);
    }, POPUP_CLOSED_CHECK_MS);
    const timeout = setTimeout(() => {
      try {
        popup.close();
      } catch {
        // A window that cannot be closed from here is left to the person.
      }
      fail('AUTH_TIMEOUT');
    }, POPUP_TIMEOUT_MS);
  });
}
