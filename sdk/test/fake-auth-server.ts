/**
 * The auth endpoints of the fake API (docs/protocol.md, Sessions and tokens): issues numbered tokens, rotates refresh
 * tokens, and knows which access tokens are good.
 */
import type { WireUser } from '@scout/protocol/auth';
import { FakeApi, errorReply, jsonReply } from './fake-api.ts';

export function makeUser(over: Partial<WireUser> = {}): WireUser {
  return {
    id: 'user-1',
    email: 'kim@troop42.test',
    displayName: 'Kim Lee',
    avatarUrl: null,
    role: 'user',
    metadata: '{}',
    emailVerified: true,
    createdAt: '2025-01-01T00:00:00.000Z',
    lastSignInAt: null,
    ...over,
  };
}

export class FakeAuthServer {
  readonly access = new Map<string, WireUser>();
  readonly refresh = new Map<string, WireUser>();
  private issued = 0;
  /** Set to make the next answers of a route fail. */
  refreshReply: (() => Response) | undefined;
  meReply: (() => Response | Promise<Response>) | undefined;

  constructor(readonly api: FakeApi) {
    api.on('POST', '/api/auth/signup', (req) => {
      const body = req.body as { email: string; displayName?: string };
      return jsonReply(
        201,
        this.session(makeUser({ email: body.email, displayName: body.displayName ?? null })),
      );
    });
    api.on('POST', '/api/auth/signin/email', (req) => {
      const body = req.body as { email: string; password: string };
      if (body.password !== 'correct horse')
        return jsonReply(401, { error: 'Invalid email or password.', code: 'INVALID_CREDENTIALS' });
      return jsonReply(200, this.session(makeUser({ email: body.email })));
    });
    api.on('POST', '/api/auth/refresh', (req) => {
      if (this.refreshReply) return this.refreshReply();
      const token = (req.body as { refresh_token: string }).refresh_token;
      const user = this.refresh.get(token);
      if (!user)
        return jsonReply(401, {
          error: 'Session expired. Please sign in again.',
          code: 'TOKEN_EXPIRED',
        });
      this.refresh.delete(token);
      const { user: _u, ...tokens } = this.session(user);
      return jsonReply(200, tokens);
    });
    api.on('GET', '/api/auth/me', (req) => {
      if (this.meReply) return this.meReply();
      const user = this.userOf(req.headers.authorization);
      return user ? jsonReply(200, { user }) : errorReply(401, 'TOKEN_EXPIRED', 'Token expired');
    });
    api.on('PATCH', '/api/auth/me', (req) => {
      const user = this.userOf(req.headers.authorization);
      if (!user) return errorReply(401, 'TOKEN_EXPIRED', 'Token expired');
      const body = req.body as Partial<WireUser> & { metadata?: unknown };
      const metadata =
        typeof body.metadata === 'object'
          ? JSON.stringify(body.metadata)
          : (body.metadata ?? user.metadata);
      const next = { ...user, ...body, metadata };
      this.access.set(req.headers.authorization!.slice(7), next);
      return jsonReply(200, { user: next });
    });
    api.on('POST', '/api/auth/signout', () => jsonReply(200, { success: true }));
  }

  /** A signed-in user's token set, as the server would issue it. */
  session(user: WireUser) {
    this.issued++;
    const access_token = `access-${this.issued}`;
    const refresh_token = `refresh-${this.issued}`;
    this.access.set(access_token, user);
    this.refresh.set(refresh_token, user);
    return {
      user,
      access_token,
      refresh_token,
      token_type: 'Bearer' as const,
      expires_in: 900,
      refresh_expires_in: 2_592_000,
    };
  }

  private userOf(authorization: string | undefined): WireUser | undefined {
    return authorization?.startsWith('Bearer ')
      ? this.access.get(authorization.slice(7))
      : undefined;
  }
}
