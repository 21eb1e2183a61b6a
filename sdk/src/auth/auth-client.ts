/**
 * Sign-up, sign-in, sign-out and the current user: the methods apps call, on top of the session
 * that start-up finds (auth-session.ts), its views (session-views.ts) and the provider sign-ins
 * (provider-auth.ts).
 */
import type { WireUser } from '@scout/protocol/auth';
import { ME_WAIT_TIMEOUT_MS } from '@scout/protocol/limits';
import { isRecord } from '../browser.ts';
import { authError } from '../errors.ts';
import type { EmailLinkOptions, GeneratedLink } from './account-links.ts';
import { readUser } from './auth-session.ts';
import { returnAddress, takeEmailLink, takeMagicToken, type EmailLink } from './email-links.ts';
import { ProviderAuth } from './provider-auth.ts';
import { tokensFromResponse } from './token-store.ts';

export type { AuthState, AuthStateListener } from './session.ts';
export type { EmailLinkOptions, GeneratedLink } from './account-links.ts';
export type { EmailLink, EmailLinkKind } from './email-links.ts';
export type { MobileOAuthOptions, MobileOAuthStart, MobilePollOptions } from './mobile-oauth.ts';
export type { LinkedIdentity, SignInMethods } from './sign-in-methods.ts';
export type { AuthClientOptions, AuthMode } from './auth-session.ts';

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

export class AuthClient extends ProviderAuth {
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

  /** Whether a first-admin setup link (printed by a server with no admin) still works. */
  async checkSetupLink(token: string): Promise<boolean> {
    const res = await this.http.post<{ usable?: unknown }>(
      '/api/auth/setup/check',
      { token, projectId: this.options.projectId },
      { auth: false },
    );
    return res.data.usable === true;
  }

  /** Spends a setup link on the troop's first admin account, and signs in as it. */
  async createFirstAdmin(input: {
    token: string;
    email: string;
    password: string;
    displayName?: string;
  }): Promise<WireUser> {
    const res = await this.http.post(
      '/api/auth/setup/admin',
      { ...input, projectId: this.options.projectId },
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

  /** Asks the server who the signed-in member is now (a leader may have approved them). */
  async reloadUser(): Promise<WireUser> {
    if (!this.session.current.tokens) throw authError('UNAUTHORIZED', 'Not signed in');
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

  /** The name existing clients of this protocol use for `signInWithMagicLink`. */
  verifyMagicLink(token?: string): Promise<WireUser> {
    return this.signInWithMagicLink(token);
  }

  /** The emailed link this page was opened with, taken out of the address bar; null if none. */
  readLinkFromUrl(): EmailLink | null {
    return this.win ? takeEmailLink(this.win) : null;
  }
}
