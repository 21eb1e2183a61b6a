/**
 * The emailed-link endpoints of the fake API (docs/protocol.md, Sessions and tokens): password reset and change, email
 * verification and magic sign-in. Tokens are one-time; emails "sent" are recorded.
 */
import { FakeApi, errorReply, jsonReply } from './fake-api.ts';
import { FakeAuthServer, makeUser } from './fake-auth-server.ts';

export interface SentEmail {
  kind: 'reset' | 'verify' | 'magic';
  email: string;
  redirectUrl?: string;
}

const VERIFICATION_FAILED = () =>
  jsonReply(400, { error: 'Verification failed. Please try again.', code: 'VERIFICATION_FAILED' });

export class FakeLinkServer {
  readonly sent: SentEmail[] = [];
  /** One-time tokens: magic token -> email, reset token -> email, verify token -> user id. */
  readonly magic = new Map<string, string>();
  readonly expiredMagic = new Set<string>();
  readonly reset = new Map<string, string>();
  readonly verify = new Map<string, string>();

  constructor(
    readonly api: FakeApi,
    readonly auth: FakeAuthServer,
  ) {
    api.on('POST', '/api/auth/password/reset', (req) => {
      const body = req.body as { email: string; redirectUrl?: string };
      this.sent.push({ kind: 'reset', email: body.email, redirectUrl: body.redirectUrl });
      return jsonReply(200, { success: true });
    });
    api.on('POST', '/api/auth/password/reset/confirm', (req) => {
      const { token } = req.body as { token: string };
      if (!this.reset.delete(token)) return VERIFICATION_FAILED();
      return jsonReply(200, { success: true });
    });
    api.on('POST', '/api/auth/password/change', (req) => {
      if (!this.signedIn(req.headers.authorization))
        return errorReply(401, 'TOKEN_EXPIRED', 'Token expired');
      const body = req.body as { oldPassword: string };
      if (body.oldPassword !== 'correct horse')
        return jsonReply(401, { error: 'Invalid email or password.', code: 'INVALID_CREDENTIALS' });
      return jsonReply(200, { success: true });
    });
    api.on('POST', '/api/auth/email/verify/send', (req) => {
      const user = this.signedIn(req.headers.authorization);
      if (!user) return errorReply(401, 'TOKEN_EXPIRED', 'Token expired');
      this.sent.push({ kind: 'verify', email: user.email });
      return jsonReply(200, { success: true });
    });
    api.on('POST', '/api/auth/email/verify', (req) => {
      const { token } = req.body as { token: string };
      const userId = this.verify.get(token);
      if (userId === undefined) return VERIFICATION_FAILED();
      this.verify.delete(token);
      for (const [access, user] of this.auth.access)
        if (user.id === userId) this.auth.access.set(access, { ...user, emailVerified: true });
      return jsonReply(200, { success: true });
    });
    api.on('POST', '/api/auth/signin/magic', (req) => {
      const body = req.body as { email: string; redirectUrl?: string };
      this.sent.push({ kind: 'magic', email: body.email, redirectUrl: body.redirectUrl });
      return jsonReply(200, { success: true });
    });
    api.on('POST', '/api/auth/signin/magic/verify', (req) => {
      const { token } = req.body as { token: string };
      if (this.expiredMagic.has(token))
        return jsonReply(400, {
          error: 'Magic link has expired. Please request a new one.',
          code: 'MAGIC_LINK_EXPIRED',
        });
      const email = this.magic.get(token);
      if (email === undefined) return VERIFICATION_FAILED();
      this.magic.delete(token);
      return jsonReply(200, this.auth.session(makeUser({ email })));
    });
  }

  private signedIn(authorization: string | undefined) {
    return authorization?.startsWith('Bearer ')
      ? this.auth.access.get(authorization.slice(7))
      : undefined;
  }
}
