/**
 * Sign-in with Google and other providers, the hosted page and mobile apps: the AuthClient
 * methods on top of provider-sign-in.ts, redirect-return.ts, mobile-oauth.ts and
 * sign-in-methods.ts. Apart from the email and password methods (auth-client.ts) because every
 * one of these leaves the page or the app for a provider and comes back with tokens.
 */
import type { WireUser } from '@scout/protocol/auth';
import { validationError, type ScoutError } from '../errors.ts';
import { authServerBase } from './hosted-auth.ts';
import {
  MobileSignIns,
  pollUntil,
  type MobileOAuthOptions,
  type MobileOAuthStart,
  type MobilePollOptions,
} from './mobile-oauth.ts';
import { signInWithProvider, type ProviderSignInOptions } from './provider-sign-in.ts';
import { SessionViews } from './session-views.ts';
import {
  getProviders,
  getSignInMethods,
  unlinkIdentity,
  type SignInMethods,
} from './sign-in-methods.ts';

/** The provider sign-ins of AuthClient. */
export class ProviderAuth extends SessionViews {
  private readonly mobileSignIns = new MobileSignIns();

  /**
   * Signs in with a provider in a 500 by 600 popup (in a frame: the page goes and comes back).
   * `invitation` lets a newcomer join a troop that joins by invitation.
   */
  async signInWithProvider(
    provider: string,
    options: ProviderSignInOptions = {},
  ): Promise<WireUser> {
    this.assertHeadless('signInWithProvider');
    return signInWithProvider(
      {
        projectId: this.options.projectId,
        authBase: authServerBase(this.http.baseUrl, this.win),
        win: this.win,
        adopt: (tokens) => this.adoptHandedTokens(tokens),
      },
      provider,
      options,
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

  /**
   * A sign-in in the system browser for a mobile or desktop app: open `authUrl` there; the
   * browser comes back to `options.redirectUri`, and the app hands that address to
   * `completeMobileOAuth`.
   */
  initiateMobileOAuth(provider: string, options: MobileOAuthOptions): MobileOAuthStart {
    return this.mobileSignIns.start(
      authServerBase(this.http.baseUrl, this.win),
      this.options.projectId,
      provider,
      options,
    );
  }

  /**
   * Signs in with the address the browser came back to (the app's redirect, with its one-time
   * code): the code and this app's own PKCE verifier are exchanged for the tokens.
   */
  completeMobileOAuth(returnedUrl: string): Promise<WireUser> {
    return this.mobileSignIns.complete(this.http, returnedUrl, (tokens) =>
      this.adoptHandedTokens(tokens),
    );
  }

  /** The signed-in user once `completeMobileOAuth` has had the sign-in's redirect; else null. */
  checkMobileOAuthSession(sessionId: string): Promise<WireUser | null> {
    return this.mobileSignIns.take(sessionId);
  }

  /** Waits until the sign-in's redirect has come back and signed in; AUTH_TIMEOUT after 10 minutes. */
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
}
