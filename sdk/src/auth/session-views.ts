/**
 * The session as apps written for this client library read it (docs/product.md section 4): thin views of the state (`isAuthenticated`,
 * `currentUser`, `getToken`), tokens adopted from elsewhere (`setSession`, `setToken`) and the
 * roles checks. Kept apart from the sign-in methods (auth-client.ts) because none of these asks
 * for credentials; they read or hand over a session found otherwise.
 */
import type { WireUser } from '@scout/protocol/auth';
import { can, hasRole, type RolesConfig } from '@scout/protocol/permissions';
import { ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_TTL_SECONDS } from '@scout/protocol/limits';
import { validationError } from '../errors.ts';
import { AuthSession } from './auth-session.ts';
import type { AuthState } from './session.ts';
import { tokensFromResponse } from './token-store.ts';

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

/** Views of the session for apps; AuthClient adds signing in and out on top. */
export class SessionViews extends AuthSession {
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
}
