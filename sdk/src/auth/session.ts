/**
 * The signed-in session of one page: auth state, its listeners, the tokens (kept in memory and
 * in storage) and their refresh. The HTTP client asks it for a token before each call.
 */
import type { StoredTokens, WireUser } from '@scout/protocol/auth';
import type { AccessTokenSource, HttpClient } from '../http.ts';
import { isAccessTokenExpired, isRefreshTokenExpired, toUnixSeconds } from './expiry.ts';
import { tokensFromResponse, type TokenStore } from './token-store.ts';

export interface AuthState {
  user: WireUser | null;
  tokens: StoredTokens | null;
  isAuthenticated: boolean;
  isLoading: boolean;
}

export type AuthStateListener = (state: AuthState) => void;

export interface SessionOptions {
  http: HttpClient;
  store: TokenStore;
  now: () => number;
  /** Called when the session ends on its own (refresh refused or impossible), not on sign-out. */
  onExpired: () => void;
}

export class Session implements AccessTokenSource {
  private state: AuthState = { user: null, tokens: null, isAuthenticated: false, isLoading: true };
  private readonly listeners = new Set<AuthStateListener>();
  private refreshing: Promise<StoredTokens | null> | null = null;
  /** Bumped whenever the session changes hands, so a late answer never revives an ended one. */
  private generation = 0;
  private markLoaded: () => void = () => {};
  /** Settles once start-up has ended; loading never begins again. */
  readonly loaded = new Promise<void>((resolve) => {
    this.markLoaded = resolve;
  });

  constructor(private readonly options: SessionOptions) {}

  get current(): AuthState {
    return { ...this.state };
  }

  get epoch(): number {
    return this.generation;
  }

  nowSeconds(): number {
    return toUnixSeconds(this.options.now());
  }

  subscribe(listener: AuthStateListener): () => void {
    this.listeners.add(listener);
    listener(this.current);
    return () => void this.listeners.delete(listener);
  }

  update(patch: Partial<Omit<AuthState, 'isAuthenticated'>>): void {
    const next = { ...this.state, ...patch };
    next.isAuthenticated = next.user !== null && next.tokens !== null;
    const s = this.state;
    if (
      s.user === next.user &&
      s.tokens === next.tokens &&
      s.isLoading === next.isLoading &&
      s.isAuthenticated === next.isAuthenticated
    ) {
      return;
    }
    this.state = next;
    if (!next.isLoading) this.markLoaded();
    for (const listener of [...this.listeners]) {
      try {
        listener(this.current);
      } catch (err) {
        // One failing listener must not keep the others from hearing; the error still surfaces.
        queueMicrotask(() => {
          throw err;
        });
      }
    }
  }

  /** A new session begins with these tokens (sign-in, sign-up, handed-over tokens). */
  begin(tokens: StoredTokens, user: WireUser | null, persist = true): void {
    this.generation++;
    if (persist) this.options.store.save(tokens);
    this.update({ tokens, user });
  }

  /** Ends the session here: tokens leave memory and storage. */
  end(loading = this.state.isLoading): void {
    this.generation++;
    this.options.store.clear();
    this.update({ tokens: null, user: null, isLoading: loading });
  }

  /** Lets go of the tokens in memory but leaves storage alone (they may be good on the next load). */
  forget(): void {
    this.generation++;
    this.update({ tokens: null, user: null });
  }

  async getValidAccessToken(): Promise<string | null> {
    const tokens = this.state.tokens;
    if (!tokens) return null;
    if (!isAccessTokenExpired(tokens, this.nowSeconds())) return tokens.access_token;
    return (await this.refresh())?.access_token ?? null;
  }

  async refreshAfterRejection(rejected: string): Promise<string | null> {
    const tokens = this.state.tokens;
    if (!tokens) return null;
    // Someone refreshed while this request was out: use their token rather than refresh again.
    if (tokens.access_token !== rejected) return tokens.access_token;
    return (await this.refresh())?.access_token ?? null;
  }

  /** One refresh at a time per page, whoever asks: a refresh token is good for one use. */
  refresh(): Promise<StoredTokens | null> {
    this.refreshing ??= this.runRefresh().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private async runRefresh(): Promise<StoredTokens | null> {
    const current = this.state.tokens;
    if (!current) return null;
    const generation = this.generation;
    const now = this.nowSeconds();

    // Another tab may already have refreshed this session; its tokens are in storage.
    const stored = this.options.store.load();
    if (
      stored &&
      stored.refresh_token !== current.refresh_token &&
      !isAccessTokenExpired(stored, now) &&
      !isRefreshTokenExpired(stored, now)
    ) {
      this.update({ tokens: stored });
      return stored;
    }

    if (isRefreshTokenExpired(current, now)) return this.expire(generation);
    try {
      const res = await this.options.http.post<unknown>(
        '/api/auth/refresh',
        { refresh_token: current.refresh_token },
        { auth: false },
      );
      const next = tokensFromResponse(res.data, this.nowSeconds());
      if (generation !== this.generation) return this.state.tokens;
      if (!next || isRefreshTokenExpired(next, this.nowSeconds())) return this.expire(generation);
      this.options.store.save(next);
      this.update({ tokens: next });
      return next;
    } catch {
      // docs/product.md section 4: a refresh that fails (a 401 included) clears the tokens.
      return this.expire(generation);
    }
  }

  private expire(generation: number): null {
    if (generation !== this.generation) return null;
    this.end();
    this.options.onExpired();
    return null;
  }
}
