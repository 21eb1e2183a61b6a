/**
 * The session underneath `AuthClient`: start-up (a parent frame, then the URL, then storage, as
 * docs/product.md section 4 orders them), following other tabs and the parent frame, and the
 * steps every way of signing in ends with. AuthClient adds the methods apps call.
 */
import type { StoredTokens, WireUser } from '@scout/protocol/auth';
import type { RolesConfig } from '@scout/protocol/permissions';
import { PARENT_FRAME_WAIT_MS } from '@scout/protocol/limits';
import { isRecord, type WindowLike } from '../browser.ts';
import {
  authError,
  isScoutError,
  networkError,
  validationError,
  type ScoutError,
} from '../errors.ts';
import type { HttpClient } from '../http.ts';
import { AccountLinks } from './account-links.ts';
import { readEmailLink } from './email-links.ts';
import { isRefreshTokenExpired } from './expiry.ts';
import { authServerBase, hostedAuthUrl } from './hosted-auth.ts';
import { connectParentFrame } from './parent-frame.ts';
import { takeRedirectReturn } from './redirect-return.ts';
import { Session, type AuthState, type AuthStateListener } from './session.ts';
import { followOtherTabs } from './tab-sync.ts';
import { TokenStore, tokensFromResponse, type StorageLike } from './token-store.ts';
import { tokensFromTransfer } from './transferred-tokens.ts';
import { takeUrlTokens } from './url-tokens.ts';

/** headless: the app draws its own forms; managed: the hosted page signs people in. */
export type AuthMode = 'headless' | 'managed';

export interface AuthClientOptions {
  projectId: string;
  /** The project id whose key holds the tokens (`ClientOptions.tokenProjectId`); default `projectId`. */
  tokenProjectId?: string;
  http: HttpClient;
  storage: StorageLike;
  window?: WindowLike;
  mode?: AuthMode;
  /** When true, a visitor without a session is sent to the hosted auth page. */
  authRequired?: boolean;
  /** Parent-frame origins whose tokens and logout messages are believed. */
  allowedParentOrigins?: readonly string[];
  now?: () => number;
  /**
   * The roles configuration for `can` (docs/roles.md). Absent: loaded from the server
   * (`GET /api/auth/roles`) by `loadRoles()`, which `can` callers may await first.
   */
  roles?: RolesConfig;
}

/** The user a session answer carries; a network error when it carries none. */
export function readUser(data: unknown): WireUser {
  const user = isRecord(data) ? data.user : undefined;
  if (!isRecord(user) || typeof user.id !== 'string')
    throw networkError('The server answered without a user');
  return user as unknown as WireUser;
}

/**
 * Holds the session and finds it at start-up; its protected members are for AuthClient alone.
 * Public here is what every caller of the client may use: the state, its changes, `ready()`.
 */
export class AuthSession {
  protected readonly session: Session;
  protected readonly store: TokenStore;
  protected readonly http: HttpClient;
  protected readonly links: AccountLinks;
  protected readonly win: WindowLike | undefined;
  protected readonly started: Promise<AuthState>;
  protected readonly disposers: Array<() => void> = [];
  protected initialized = false;
  protected roles: RolesConfig | undefined;
  protected redirectError: ScoutError | null = null;

  constructor(protected readonly options: AuthClientOptions) {
    this.http = options.http;
    this.roles = options.roles;
    this.links = new AccountLinks(options.http, options.projectId);
    this.win = options.window;
    this.store = new TokenStore(options.storage, options.tokenProjectId ?? options.projectId);
    this.session = new Session({
      http: options.http,
      store: this.store,
      now: options.now ?? Date.now,
      onExpired: () => {
        if (this.initialized) this.redirectIfRequired();
      },
    });
    this.http.useTokens(this.session);
    this.started = this.start();
  }

  getState(): AuthState {
    return this.session.current;
  }

  /** The listener hears the current state at once, then every change. */
  onAuthStateChanged(listener: AuthStateListener): () => void {
    return this.session.subscribe(listener);
  }

  /** Settles when start-up has found a session or found none. */
  ready(): Promise<AuthState> {
    return this.started;
  }

  getValidAccessToken(): Promise<string | null> {
    return this.session.getValidAccessToken();
  }

  /** Stops listening to other tabs and the parent frame. */
  dispose(): void {
    for (const dispose of this.disposers.splice(0)) dispose();
  }

  protected assertSignedIn(): void {
    if (!this.session.current.tokens) throw authError('UNAUTHORIZED', 'Not signed in');
  }

  protected assertHeadless(call: string): void {
    // docs/product.md section 5: in managed mode the hosted page is the only place credentials are typed.
    if ((this.options.mode ?? 'headless') !== 'headless') {
      throw validationError(`${call} is only available in headless mode`);
    }
  }

  protected adoptHandedTokens(values: Record<string, unknown>): Promise<WireUser> {
    const tokens = tokensFromTransfer(values, this.session.nowSeconds());
    if (!tokens) return Promise.reject(networkError('The sign-in answered without tokens'));
    return this.beginWithTokens(tokens, true);
  }

  protected hostedLoginUrl(redirectUrl: string): string {
    return hostedAuthUrl(authServerBase(this.http.baseUrl, this.win), {
      redirect_url: redirectUrl,
      project_id: this.options.projectId,
    });
  }

  protected beginFromSessionResponse(data: unknown): WireUser {
    const user = readUser(data);
    const tokens = tokensFromResponse(data, this.session.nowSeconds());
    if (!tokens) throw networkError('The server answered without tokens');
    this.session.begin(tokens, user);
    this.session.update({ isLoading: false });
    return user;
  }

  protected async loadUser(): Promise<WireUser> {
    const epoch = this.session.epoch;
    const res = await this.http.get('/api/auth/me');
    const user = readUser(res.data);
    if (epoch === this.session.epoch) this.session.update({ user });
    return user;
  }

  protected async waitUntilLoaded(timeoutMs: number): Promise<void> {
    if (!this.session.current.isLoading) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(authError('AUTH_TIMEOUT')), timeoutMs);
    });
    try {
      await Promise.race([this.session.loaded, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  protected async start(): Promise<AuthState> {
    this.followOtherTabs();
    const win = this.win;
    // Taken before any wait so the tokens leave the address bar at once, whichever source wins.
    const returned = win
      ? takeRedirectReturn(win, this.options.projectId, this.session.nowSeconds())
      : null;
    this.redirectError = returned?.error ?? null;
    const fromUrl = returned
      ? returned.tokens
      : win
        ? takeUrlTokens(win, this.session.nowSeconds())
        : null;
    const link = win
      ? connectParentFrame({
          window: win,
          allowedOrigins: this.options.allowedParentOrigins ?? [],
          projectId: this.options.projectId,
          now: () => this.session.nowSeconds(),
          onTokens: (tokens) => void this.adopt(tokens, true),
          onLogout: () => this.session.end(false),
        })
      : null;
    if (link) this.disposers.push(() => link.close());

    const found =
      (link && (await this.tryTokens(await link.requestTokens(PARENT_FRAME_WAIT_MS), 'handed'))) ||
      (await this.tryTokens(fromUrl, 'handed')) ||
      (await this.tryTokens(this.store.load(), 'stored'));

    this.initialized = true;
    if (!found) {
      // Another tab or the parent frame may have signed this page in meanwhile.
      if (!this.session.current.isAuthenticated) {
        if (this.session.current.tokens) this.session.forget();
        this.redirectIfRequired();
      }
    }
    this.session.update({ isLoading: false });
    return this.session.current;
  }

  protected async beginWithTokens(tokens: StoredTokens, persist: boolean): Promise<WireUser> {
    // Start-up must not settle after this and forget a session it did not find itself.
    await this.started;
    this.session.begin(tokens, null, persist);
    const epoch = this.session.epoch;
    try {
      const user = await this.loadUser();
      this.session.update({ isLoading: false });
      return user;
    } catch (err) {
      if (epoch === this.session.epoch) this.session.end(false);
      throw err;
    }
  }

  /** Starts a session from tokens and confirms it by loading the user. */
  protected async tryTokens(
    tokens: StoredTokens | null,
    source: 'handed' | 'stored',
  ): Promise<boolean> {
    if (!tokens) return false;
    if (isRefreshTokenExpired(tokens, this.session.nowSeconds())) {
      if (source === 'stored') this.store.clear();
      return false;
    }
    // Handed-over tokens reach storage only once they prove good, so a bad link cannot wipe a session.
    this.session.begin(tokens, null, false);
    const epoch = this.session.epoch;
    try {
      await this.loadUser();
      if (epoch !== this.session.epoch) return this.session.current.isAuthenticated;
      const current = this.session.current.tokens;
      if (current) this.store.save(current);
      return true;
    } catch (err) {
      if (epoch !== this.session.epoch) return this.session.current.isAuthenticated;
      // Only a refusal ends a stored session; being offline leaves it for the next page load.
      const refused = isScoutError(err) && err.kind === 'auth';
      if (refused && source === 'stored') this.session.end();
      else this.session.forget();
      return false;
    }
  }

  /** Tokens from another tab or a parent frame after start-up: the session follows them. */
  protected async adopt(tokens: StoredTokens, persist: boolean): Promise<void> {
    if (tokens.access_token === this.session.current.tokens?.access_token) return;
    if (isRefreshTokenExpired(tokens, this.session.nowSeconds())) return;
    this.session.begin(tokens, this.session.current.user, persist);
    const epoch = this.session.epoch;
    try {
      await this.loadUser();
    } catch (err) {
      if (epoch === this.session.epoch && isScoutError(err) && err.kind === 'auth')
        this.session.end();
    }
    if (this.initialized) this.session.update({ isLoading: false });
  }

  /** Another tab's sign-in, refresh or sign-out reaches this one (auth/tab-sync.ts). */
  protected followOtherTabs(): void {
    if (!this.win) return;
    const stop = followOtherTabs(this.win, this.store.key, {
      tokens: (tokens) => void this.adopt(tokens, false),
      gone: () => {
        if (this.session.current.tokens)
          this.session.end(this.initialized ? false : this.session.current.isLoading);
      },
    });
    this.disposers.push(stop);
  }

  protected redirectIfRequired(): void {
    if (!this.options.authRequired || !this.win) return;
    // A visitor following an emailed link (a reset, say) has no session yet; leaving would lose
    // the one-time token and carry it to another page's address.
    if (readEmailLink(this.win.location.href)) return;
    this.win.location.href = this.hostedLoginUrl(this.win.location.href);
  }
}
