/**
 * The calls behind emailed links (docs/protocol.md, Sessions and tokens): password reset and change, email verification
 * and magic sign-in. None is sent twice on its own: each either sends an email or spends a
 * one-time token, so the HTTP client does not retry them (RATE_LIMITED comes back retryable
 * for the caller to decide).
 */
import { UI_MESSAGES } from '@scout/protocol/errors';
import { looksLikeEmail, newPasswordProblem } from '@scout/protocol/auth';
import { ScoutError, authError } from '../errors.ts';
import type { HttpClient } from '../http.ts';

export interface EmailLinkOptions {
  /** Where the emailed link leads; defaults to the current page. */
  redirectUrl?: string;
}

/** A check made before any request, shaped like the server's answer to the same input. */
function refused(code: 'INVALID_EMAIL' | 'WEAK_PASSWORD', message: string): ScoutError {
  return new ScoutError({
    kind: 'validation',
    code,
    message,
    userMessage: message,
    retryable: false,
  });
}

export function checkEmail(email: unknown): string {
  if (typeof email !== 'string' || !looksLikeEmail(email))
    throw refused('INVALID_EMAIL', UI_MESSAGES.invalidEmail);
  return email.trim();
}

/** docs/product.md section 9: at least 8 characters; the server checks the rest. */
export function checkNewPassword(password: unknown): string {
  if (typeof password !== 'string') throw refused('WEAK_PASSWORD', UI_MESSAGES.passwordTooShort);
  const weak = newPasswordProblem(password);
  if (weak) throw refused('WEAK_PASSWORD', weak);
  return password;
}

/** docs/product.md section 5: a link call without a token fails before asking the server. */
export function checkLinkToken(token: unknown): string {
  if (typeof token !== 'string' || token.trim() === '') throw authError('VERIFICATION_FAILED');
  return token.trim();
}

/**
 * A one-time link made for an operator to hand over, not mailed: `resetUrl`, `verifyUrl` or
 * `magicUrl` by kind. Only admins and service keys may ask (the server answers 403 otherwise).
 */
export interface GeneratedLink {
  token: string;
  expiresAt: string;
  resetUrl?: string;
  verifyUrl?: string;
  magicUrl?: string;
}

export class AccountLinks {
  constructor(
    private readonly http: HttpClient,
    private readonly projectId: string,
  ) {}

  async sendPasswordReset(email: string, redirectUrl: string | undefined): Promise<void> {
    const address = checkEmail(email);
    await this.http.post(
      '/api/auth/password/reset',
      { email: address, projectId: this.projectId, redirectUrl },
      { auth: false },
    );
  }

  /** Answers the server's body: `{success}`, with a session too when the server signs in. */
  async confirmPasswordReset(token: string, password: string): Promise<unknown> {
    const checked = checkNewPassword(password);
    const res = await this.http.post(
      '/api/auth/password/reset/confirm',
      { token: checkLinkToken(token), password: checked, projectId: this.projectId },
      { auth: false },
    );
    return res.data;
  }

  async changePassword(oldPassword: string, newPassword: string): Promise<void> {
    await this.http.post('/api/auth/password/change', {
      oldPassword,
      newPassword: checkNewPassword(newPassword),
    });
  }

  async sendEmailVerification(): Promise<void> {
    await this.http.post('/api/auth/email/verify/send');
  }

  async verifyEmail(token: string): Promise<void> {
    await this.http.post(
      '/api/auth/email/verify',
      { token: checkLinkToken(token), projectId: this.projectId },
      { auth: false },
    );
  }

  async sendMagicLink(email: string, redirectUrl: string | undefined): Promise<void> {
    const address = checkEmail(email);
    await this.http.post(
      '/api/auth/signin/magic',
      { email: address, redirectUrl, projectId: this.projectId },
      { auth: false },
    );
  }

  /** Answers the session response (user and tokens), as sign-in does. */
  async verifyMagicLink(token: string): Promise<unknown> {
    const res = await this.http.post(
      '/api/auth/signin/magic/verify',
      { token: checkLinkToken(token), projectId: this.projectId },
      { auth: false },
    );
    return res.data;
  }

  /** `path` under /api/auth: password/reset/generate, email/verify/generate, signin/magic/generate. */
  async generate(path: string, body: Record<string, unknown>): Promise<GeneratedLink> {
    if ('email' in body) body = { ...body, email: checkEmail(body.email) };
    const res = await this.http.post(`/api/auth/${path}`, { ...body, projectId: this.projectId });
    const data = res.data as Partial<GeneratedLink> | null;
    if (!data || typeof data.token !== 'string')
      throw authError('NETWORK_ERROR', 'The server answered without a link');
    return data as GeneratedLink;
  }
}
