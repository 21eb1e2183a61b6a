/**
 * The auth API (docs/protocol.md, Sessions and tokens) under /api/auth. Errors here leave as `{error: "text", code,
 * message}` (http/error-handler.ts) with codes from the auth catalogue clients understand.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import { assertProject, bearerToken, resolveCaller } from '../http/caller.ts';
import { checkSession } from './session-check.ts';
import { verifyAccessToken } from './tokens.ts';
import { AUTH_RATE_LIMITS, hitRateLimit } from './rate-limits.ts';
import { dummyPasswordHash } from './passwords.ts';
import { getProfile, updateProfile } from './profile.ts';
import { field, objectBody, type Body } from './request-body.ts';
import { revokeRefreshTokenFamily, revokeUserSessions, rotateRefreshToken } from './sessions.ts';
import { signInWithEmail } from './sign-in.ts';
import { signUp } from './sign-up.ts';

export const authRoutes =
  (deps: AppDeps): FastifyPluginAsync =>
  async (app) => {
    // Token answers must never sit in a shared or browser cache.
    app.addHook('onSend', async (_req, reply, payload) => {
      reply.header('Cache-Control', 'no-store');
      return payload;
    });

    app.get('/providers', async (req) => {
      assertKnownProject(deps, req);
      return { providers: ['email', ...deps.config.authProviders.map((p) => p.name)] };
    });
    // Who may do what (docs/roles.md): public, so a client can show only what the server allows.
    app.get('/roles', async (req) => {
      assertKnownProject(deps, req);
      return deps.config.roles;
    });
    app.post('/signup', async (req) => signUp(deps, projectBody(deps, req), req.ip));
    app.post('/signin/email', async (req) => signInWithEmail(deps, projectBody(deps, req), req.ip));
    app.post('/refresh', async (req) => {
      await hitRateLimit(deps, `auth:refresh:addr:${req.ip}`, AUTH_RATE_LIMITS.refreshPerAddress);
      return rotateRefreshToken(deps, field(objectBody(req.body), 'refreshToken'));
    });
    app.get('/me', async (req) => ({
      user: await getProfile(deps, await signedInUserId(deps, req)),
    }));
    app.patch('/me', async (req) => ({
      user: await updateProfile(deps, await signedInUserId(deps, req), objectBody(req.body)),
    }));
    app.post('/signout', async (req) => signOut(deps, req));

    // Computed now so the first sign-in with an unknown email is not slower than the rest.
    void dummyPasswordHash().catch(() => undefined);
  };

/**
 * The project id comes in the body (or the query). A request without one is for this server's
 * project: older clients omit it, and there is only one project to mean.
 */
function assertKnownProject(deps: AppDeps, req: FastifyRequest, body: Body = {}) {
  const query = (req.query ?? {}) as Record<string, unknown>;
  const projectId = field(body, 'projectId') ?? field(query, 'projectId');
  if (projectId !== undefined) assertProject(deps, projectId);
}

function projectBody(deps: AppDeps, req: FastifyRequest): Body {
  const body = objectBody(req.body);
  assertKnownProject(deps, req, body);
  return body;
}

async function signedInUserId(deps: AppDeps, req: FastifyRequest): Promise<string> {
  const caller = await resolveCaller(deps, req);
  if (caller.kind === 'anonymous') throw new ApiError(401, 'TOKEN_EXPIRED', 'Sign-in required');
  if (caller.kind !== 'user')
    throw new ApiError(403, 'FORBIDDEN', 'Only a signed-in user has a profile');
  return caller.userId;
}

/**
 * With a refresh token in the body, ends that session only (its whole family): holding the token
 * is proof enough, so an expired access token does not stop a sign-out. Without one, the caller
 * cannot name a session, so every session of the signed-in user ends ("sign out everywhere").
 */
async function signOut(deps: AppDeps, req: FastifyRequest) {
  const refreshToken = field(objectBody(req.body), 'refreshToken');
  if (typeof refreshToken === 'string' && refreshToken !== '') {
    await revokeRefreshTokenFamily(deps, refreshToken);
    return { success: true };
  }
  // A genuine token whose session has already ended: signing out again changes nothing.
  const claims = await verifyAccessToken(
    deps.jwtSecret,
    bearerToken(req) ?? '',
    deps.clock.now(),
  ).catch(() => null);
  if (claims?.sid && (await checkSession(deps.store, claims.sub, claims.sid)).ok === false) {
    const account = await checkSession(deps.store, claims.sub, undefined);
    if (account.ok) return { success: true };
  }
  await revokeUserSessions(deps, await signedInUserId(deps, req));
  return { success: true };
}
