/**
 * Sign-up, sign-in, sign-out and the current user. On start it looks for a session in the
 * order of docs/product.md section 4: a parent frame, then the URL, then storage.
 */
import type { StoredTokens, WireUser } from '@scout/protocol/auth';
import { can, hasRole, type RolesConfig } from '@scout/protocol/permissions';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  ME_WAIT_TIMEOUT_MS,
  PARENT_FRAME_WAIT_MS,
  REFRESH_TOKEN_TTL_SECONDS,
} from '@scout/protocol/limits';
import { isRecord, type WindowLike } from '../browser.ts';
import { authError, isScoutError, networkError, validationError } from '../errors.ts';
import type { HttpClient } from '../http.ts';
import { AccountLinks, type EmailLinkOptions, type GeneratedLink } from './account-links.ts';
import {
  readEmailLink,
  returnAddress,
  takeEmailLink,
  takeMagicToken,
  type EmailLink,
} from './email-links.ts';
import { isRefreshTokenExpired } from './expiry.ts';
import { authServerBase, hostedAuthUrl } from './hosted-auth.ts';
import {
  checkMobileOAuthSession,
  initiateMobileOAuth,
  pollUntil,
  type MobileOAuthStart,
  type MobilePollOptions,
} from './mobile-oauth.ts';
import { connectParentFrame } from './parent-frame.ts';
import { Session, type AuthState, type AuthStateListener } from './session.ts';
import {
  TokenStore,
  parseStoredTokens,
  tokensFromResponse,
  type StorageLike,
} from './token-store.ts';
import { takeUrlTokens } from './url-tokens.ts';
import { signInWithProvider } from './provider-sign-in.ts';
import { takeRedirectReturn } from './redirect-return.ts';
import {
  getProviders,
  getSignInMethods,
  unlinkIdentity,
  type SignInMethods,
} from './sign-in-methods.ts';
import { tokensFromTransfer } from './transferred-tokens.ts';
import type { ScoutError } from '../errors.ts';

export type { AuthState, AuthStateListener } from './session.ts';
export type { EmailLinkOptions, GeneratedLink } from './account-links.ts';
export type { EmailLink, EmailLinkKind } from './email-links.ts';
export type { MobileOAuthStart, MobilePollOptions } from './mobile-oauth.ts';
export type { LinkedIdentity, SignInMethods } from './sign-in-methods.ts';

/** headless: the app draws its own forms; managed: the hosted page signs people in. */
export type AuthMode = 'headless' | 'managed';

export interface AuthClientOptions {
  projectId: string;
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

export interface SignUpInput {
  email: string;
  password: string;
  displayName?: string;
  metadata?: Record<string, unknown> | string;
  /** Unknown fields are kept by the server in metadata (docs/protocol.md, Sessions and tokens). */
  [field: string]: unknown;
}

export interface ProfileUpdate {
  displayName?: string | null;
  avatarUrl?: string | null;
  metadata?: Record<string, unknown> | string;
}

/** Stands in for the refresh token a bare access token lacks; the server refuses it. */
const NO_REFRESH_TOKEN = 'none';

/** Seconds until a JWT's `exp`, read without checking it (the server checks); undefined if unreadable. */
function secondsLeft(jwt: string, nowSeconds: number): number | undefined {
  try {
    const part = jwt.split('.')[1] ?? '';
    const json = JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof json.exp === 'number' ? Math.max(0, json.exp - nowSeconds) : undefined;
  } catch {
    return undefined;
  }
}

function readUser(data: unknown): WireUser {
  const user = isRecord(data) ? data.user : undefined;
  if (!isRecord(user) || typeof user.id !== 'string')
    throw networkError('The server answered without a user');
  return user as unknown as WireUser;
}

export class AuthClient {
  private readonly session: Session;
  private readonly store: TokenStore;
  private readonly http: HttpClient;
  private readonly links: AccountLinks;
  private readonly win: WindowLike | undefined;
  private readonly started: Promise<AuthState>;
  private readonly disposers: Array<() => void> = [];
  private initialized = false;
  private roles: RolesConfig | undefined;
  private redirectError: ScoutError | null = null;

  constructor(private readonly options: AuthClientOptions) {
    this.http = options.http;
    this.roles = options.roles;
    this.links = new AccountLinks(options.http, options.projectId);
    this.win = options.window;
    this.store = new TokenStore(options.storage, options.projectId);
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

  /** Whether the signed-in member's role is `role`, or one of `role` when a list is given. */
  hasRole(role: string | readonly string[]): boolean {
    return hasRole(this.session.current.user?.role, role);
  }

  /**
   * Whether the signed-in member may do `permission` (on `resource`) under the roles
   * configuration: `*`, `permission.resource`, `permission`, then inherited roles, and segment
   * wildcards (`events.*`). False until a configuration is known (see `loadRoles`). The server
   * decides in the end; this only shows what it would allow.
   */
  can(permission: string, resource?: string): boolean {
    return can(this.roles, this.session.current.user?.role, permission, resource);
  }

  /** Loads the server's roles configuration (once; a configuration given to createClient wins). */
  async loadRoles(): Promise<RolesConfig> {
    if (this.roles) return this.roles;
    const res = await this.http.get<RolesConfig>('/api/auth/roles', {
      query: { projectId: this.options.projectId },
      auth: false,
    });
    this.roles = res.data;
    return res.data;
  }

  // The session as the client library of the spec exposes it. These names are what apps written
  // for that library call; each is a thin view of the session above.

  /** Start-up: settles once a session was found (or none), like `ready()`. */
  initialize(): Promise<AuthState> {
    return this.started;
  }

  /** Whether a member is signed in now. */
  isAuthenticated(): boolean {
    return this.session.current.isAuthenticated;
  }

  /** The signed-in member as last loaded, or null; never asks the server. */
  currentUser(): WireUser | null {
    return this.session.current.user;
  }

  /** The access token held now, or null; it may have expired (see getValidToken). */
  async getToken(): Promise<string | null> {
    await this.started;
    return this.session.current.tokens?.access_token ?? null;
  }

  /** An access token good for at least 30 s more, refreshed first when needed; null when signed out. */
  async getValidToken(): Promise<string | null> {
    await this.started;
    return this.session.getValidAccessToken();
  }

  /** Trades the refresh token for new tokens now. False when signed out or refused. */
  async refreshToken(): Promise<boolean> {
    if (!this.session.current.tokens) return false;
    return (await this.session.refresh()) !== null;
  }

  /**
   * Adopts tokens obtained elsewhere (a native wrapper, a server-side sign-in) and loads the
   * member they belong to. Tokens the server refuses leave the client signed out.
   */
  async setSession(tokens: {
    access_token: string;
    refresh_token: string;
    expires_in?: number;
    refresh_expires_in?: number;
  }): Promise<WireUser> {
    const stored = tokensFromResponse(
      {
        expires_in: ACCESS_TOKEN_TTL_SECONDS,
        refresh_expires_in: REFRESH_TOKEN_TTL_SECONDS,
        ...tokens,
        token_type: 'Bearer',
      },
      this.session.nowSeconds(),
    );
    if (!stored) throw validationError('setSession needs an access_token and a refresh_token');
    return this.beginWithTokens(stored, true);
  }

  /**
   * Uses a bare access token (from an operator's script, say). Without a refresh token the
   * session ends when the token does; `persist` keeps it in storage for other tabs.
   */
  async setToken(accessToken: string, persist = false): Promise<WireUser> {
    if (!accessToken) throw validationError('setToken needs an access token');
    // The token's own expiry says how long this session can last; nothing can renew it.
    const lifetime =
      secondsLeft(accessToken, this.session.nowSeconds()) ?? ACCESS_TOKEN_TTL_SECONDS;
    const stored = tokensFromResponse(
      {
        access_token: accessToken,
        refresh_token: NO_REFRESH_TOKEN,
        token_type: 'Bearer',
        expires_in: lifetime,
        refresh_expires_in: lifetime,
      },
      this.session.nowSeconds(),
    );
    if (!stored) throw validationError('setToken needs an access token');
    return this.beginWithTokens(stored, persist);
  }

  /** Reads the stored session again (after another script wrote it) and confirms it. */
  async recoverAuthState(): Promise<AuthState> {
    await this.started;
    const stored = this.store.load();
    if (stored && stored.access_token !== this.session.current.tokens?.access_token) {
      await this.tryTokens(stored, 'stored');
    }
    return this.session.current;
  }

  /** Signs out, then (in a browser) goes to `redirectUrl` when one is given. */
  async logout(redirectUrl?: string): Promise<void> {
    await this.signOut();
    if (redirectUrl && this.win) this.win.location.href = redirectUrl;
  }

  /** Ends every session of the member on every device (the server revokes them all), then here. */
  async revokeAllSessions(): Promise<void> {
    this.assertSignedIn();
    await this.http.post('/api/auth/signout', {});
    this.session.end(false);
  }

  /** For admins and service keys: a password-reset link for `email`, without sending it. */
  generatePasswordResetToken(email: string): Promise<GeneratedLink> {
    return this.links.generate('password/reset/generate', { email });
  }

  /** For admins and service keys: an email-verification link for the signed-in member. */
  generateEmailVerificationToken(): Promise<GeneratedLink> {
    return this.links.generate('email/verify/generate', {});
  }

  /** For admins and service keys: a magic sign-in link for `email`, without sending it. */
  generateMagicLinkToken(email: string, options: EmailLinkOptions = {}): Promise<GeneratedLink> {
    return this.links.generate('signin/magic/generate', {
      email,
      ...(options.redirectUrl ? { redirectUrl: options.redirectUrl } : {}),
    });
  }

  async signUp(input: SignUpInput): Promise<WireUser> {
    this.assertHeadless('signUp');
    const { email, password, displayName, metadata, ...extra } = input;
    const res = await this.http.post(
      '/api/auth/signup',
      { ...extra, email, password, displayName, metadata, projectId: this.options.projectId },
      { auth: false },
    );
    return this.beginFromSessionResponse(res.data);
  }

  async signInWithEmail(email: string, password: string): Promise<WireUser> {
    this.assertHeadless('signInWithEmail');
    const res = await this.http.post(
      '/api/auth/signin/email',
      { email, password, projectId: this.options.projectId },
      { auth: false },
    );
    return this.beginFromSessionResponse(res.data);
  }

  /** Local sign-out always happens; telling the server is best effort. */
  async signOut(): Promise<void> {
    const tokens = this.session.current.tokens;
    this.session.end(false);
    if (!tokens) return;
    try {
      await this.http.post(
        '/api/auth/signout',
        { refresh_token: tokens.refresh_token },
        { auth: false, headers: { Authorization: `Bearer ${tokens.access_token}` } },
      );
    } catch {
      // The tokens are already gone from this browser; the server forgets them when they expire.
    }
  }

  /** The signed-in user, waiting up to 5 s for start-up (docs/product.md section 9). */
  async me(): Promise<WireUser> {
    await this.waitUntilLoaded(ME_WAIT_TIMEOUT_MS);
    const { user, tokens } = this.session.current;
    if (!tokens) throw authError('UNAUTHORIZED', 'Not signed in');
    if (user) return user;
    return this.loadUser();
  }

  async updateMe(update: ProfileUpdate): Promise<WireUser> {
    if (!this.session.current.tokens) throw authError('UNAUTHORIZED', 'Not signed in');
    const res = await this.http.patch('/api/auth/me', update);
    const user = readUser(res.data);
    this.session.update({ user });
    return user;
  }

  /** Answers the same whether or not the address has an account (docs/protocol.md, Sessions and tokens). */
  sendPasswordResetEmail(email: string, options: EmailLinkOptions = {}): Promise<void> {
    return this.links.sendPasswordReset(email, options.redirectUrl ?? returnAddress(this.win));
  }

  /**
   * Sets the new password. A server that answers a session with it (ours does: the mailed link
   * proved the address) signs the user in here, and the user is returned; otherwise null.
   */
  async confirmPasswordReset(token: string, newPassword: string): Promise<WireUser | null> {
    const data = await this.links.confirmPasswordReset(token, newPassword);
    const carriesSession =
      isRecord(data) &&
      isRecord(data.user) &&
      tokensFromResponse(data, this.session.nowSeconds()) !== null;
    return carriesSession ? this.beginFromSessionResponse(data) : null;
  }

  async changePassword(oldPassword: string, newPassword: string): Promise<void> {
    this.assertSignedIn();
    return this.links.changePassword(oldPassword, newPassword);
  }

  async sendEmailVerification(): Promise<void> {
    this.assertSignedIn();
    return this.links.sendEmailVerification();
  }

  /** After a verification the signed-in user is loaded again, so listeners see emailVerified. */
  async verifyEmail(token: string): Promise<void> {
    await this.links.verifyEmail(token);
    if (!this.session.current.tokens) return;
    try {
      // The token may have been another account's, so the server says who is verified, not us.
      await this.loadUser();
    } catch {
      // The address is verified either way; the next /me (or page load) shows it.
    }
  }

  sendMagicLink(email: string, options: EmailLinkOptions = {}): Promise<void> {
    return this.links.sendMagicLink(email, options.redirectUrl ?? returnAddress(this.win));
  }

  /** Signs in with a magic-link token, by default the one in the address (then removed from it). */
  async signInWithMagicLink(token?: string): Promise<WireUser> {
    this.assertHeadless('signInWithMagicLink');
    const linkToken = token ?? (this.win ? takeMagicToken(this.win) : null);
    const data = await this.links.verifyMagicLink(linkToken ?? '');
    return this.beginFromSessionResponse(data);
  }

  /** The emailed link this page was opened with, taken out of the address bar; null if none. */
  readLinkFromUrl(): EmailLink | null {
    return this.win ? takeEmailLink(this.win) : null;
  }

  // Sign-in with Google and other providers, the hosted page and mobile apps
  // (provider-sign-in.ts, redirect-return.ts, mobile-oauth.ts, sign-in-methods.ts).

  /** Signs in with a provider in a 500 by 600 popup (in a frame: the page goes and comes back). */
  async signInWithProvider(provider: string): Promise<WireUser> {
    this.assertHeadless('signInWithProvider');
    return signInWithProvider(
      {
        projectId: this.options.projectId,
        authBase: authServerBase(this.http.baseUrl, this.win),
        win: this.win,
        adopt: (tokens) => this.adoptHandedTokens(tokens),
      },
      provider,
    );
  }
  signInWithGoogle(): Promise<WireUser> {
    return this.signInWithProvider('google');
  }
  signInWithMicrosoft(): Promise<WireUser> {
    return this.signInWithProvider('microsoft');
  }
  signInWithGitHub(): Promise<WireUser> {
    return this.signInWithProvider('github');
  }
  signInWithApple(): Promise<WireUser> {
    return this.signInWithProvider('apple');
  }

  /** The sign-in providers the server offers (`email`, ...); `email` and `google` when it cannot be asked. */
  getProviders(): Promise<string[]> {
    return getProviders(this.http, this.options.projectId);
  }
  getAvailableProviders(): Promise<string[]> {
    return this.getProviders();
  }

  /** Managed mode: sends the browser to the hosted sign-in page, which comes back to `redirectUrl`. */
  login(redirectUrl?: string): void {
    if (!this.win) throw validationError('login needs a browser window');
    this.win.location.href = this.hostedLoginUrl(redirectUrl ?? this.win.location.href);
  }

  /** Why the sign-in this page came back from failed (once), or null. */
  takeRedirectError(): ScoutError | null {
    const error = this.redirectError;
    this.redirectError = null;
    return error;
  }

  /** A mobile sign-in: open `authUrl` in the system browser, then poll with `sessionId`. */
  initiateMobileOAuth(provider: string): MobileOAuthStart {
    return initiateMobileOAuth(
      authServerBase(this.http.baseUrl, this.win),
      this.options.projectId,
      provider,
    );
  }

  /** Signs in once the browser has finished; null while it has not (or the session is gone). */
  async checkMobileOAuthSession(sessionId: string): Promise<WireUser | null> {
    const tokens = await checkMobileOAuthSession(this.http, sessionId);
    return tokens ? this.adoptHandedTokens(tokens) : null;
  }

  /** Checks every 2 s until signed in; AUTH_TIMEOUT after 10 minutes. */
  pollMobileOAuthSession(sessionId: string, options?: MobilePollOptions): Promise<WireUser> {
    return pollUntil(() => this.checkMobileOAuthSession(sessionId), options);
  }

  /** The signed-in member's linked providers, and whether the account has a password. */
  getSignInMethods(): Promise<SignInMethods> {
    this.assertSignedIn();
    return getSignInMethods(this.http);
  }

  /** Unlinks a provider; the server refuses (409) to remove the last way to sign in. */
  unlinkIdentity(identityId: string): Promise<void> {
    this.assertSignedIn();
    return unlinkIdentity(this.http, identityId);
  }

  /** Stops listening to other tabs and the parent frame. */
  dispose(): void {
    for (const dispose of this.disposers.splice(0)) dispose();
  }

  private assertSignedIn(): void {
    if (!this.session.current.tokens) throw authError('UNAUTHORIZED', 'Not signed in');
  }

  private assertHeadless(call: string): void {
    // docs/product.md section 5: in managed mode the hosted page is the only place credentials are typed.
    if ((this.options.mode ?? 'headless') !== 'headless') {
      throw validationError(`${call} is only available in headless mode`);
    }
  }

  private adoptHandedTokens(values: Record<string, unknown>): Promise<WireUser> {
    const tokens = tokensFromTransfer(values, this.session.nowSeconds());
    if (!tokens) return Promise.reject(networkError('The sign-in answered without tokens'));
    return this.beginWithTokens(tokens, true);
  }

  private hostedLoginUrl(redirectUrl: string): string {
    return hostedAuthUrl(authServerBase(this.http.baseUrl, this.win), {
      redirect_url: redirectUrl,
      project_id: this.options.projectId,
    });
  }

  private beginFromSessionResponse(data: unknown): WireUser {
    const user = readUser(data);
    const tokens = tokensFromResponse(data, this.session.nowSeconds());
    if (!tokens) throw networkError('The server answered without tokens');
    this.session.begin(tokens, user);
    this.session.update({ isLoading: false });
    return user;
  }

  private async loadUser(): Promise<WireUser> {
    const epoch = this.session.epoch;
    const res = await this.http.get('/api/auth/me');
    const user = readUser(res.data);
    if (epoch === this.session.epoch) this.session.update({ user });
    return user;
  }

  private async waitUntilLoaded(timeoutMs: number): Promise<void> {
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

  private async start(): Promise<AuthState> {
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

  private async beginWithTokens(tokens: StoredTokens, persist: boolean): Promise<WireUser> {
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
  private async tryTokens(
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
  private async adopt(tokens: StoredTokens, persist: boolean): Promise<void> {
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

  /** Other tabs write the same storage key; the `storage` event tells this tab (docs/product.md section 4). */
  private followOtherTabs(): void {
    const win = this.win;
    if (!win) return;
    const listener = (event: unknown) => {
      if (!isRecord(event)) return;
      const key = event.key;
      if (key !== null && key !== this.store.key) return;
      const tokens =
        key === null
          ? null
          : parseStoredTokens(typeof event.newValue === 'string' ? event.newValue : null);
      if (!tokens) {
        if (this.session.current.tokens)
          this.session.end(this.initialized ? false : this.session.current.isLoading);
        return;
      }
      void this.adopt(tokens, false);
    };
    win.addEventListener('storage', listener);
    this.disposers.push(() => win.removeEventListener('storage', listener));
  }

  private redirectIfRequired(): void {
    if (!this.options.authRequired || !this.win) return;
    // A visitor following an emailed link (a reset, say) has no session yet; leaving would lose
    // the one-time token and carry it to another page's address.
    if (readEmailLink(this.win.location.href)) return;
    this.win.location.href = this.hostedLoginUrl(this.win.location.href);
  }
}
