/**
 * Account recovery, email verification and magic-link sign-in under /api/auth (docs/protocol.md, Sessions and tokens).
 *
 *   POST /password/reset            {email, redirectUrl?}      -> {success}  (mails a link, if the account exists)
 *   POST /password/reset/confirm    {token, password}          -> {success} + as sign-in  (other sessions end)
 *   POST /password/reset/generate   {email, redirectUrl?}      -> {token, expiresAt, resetUrl}  (admin, service key)
 *   POST /password/change (bearer)  {oldPassword, newPassword} -> {success}  (other sessions end)
 *   POST /email/verify/send (bearer)                           -> {success}
 *   POST /email/verify              {token}                    -> {success}
 *   POST /email/verify/generate (bearer) {email?}              -> {token, expiresAt, verifyUrl}  (admin, service key)
 *   POST /signin/magic              {email, redirectUrl?}      -> {success}  (mails a link, if the account exists)
 *   POST /signin/magic/verify       {token}                    -> as sign-in
 *   POST /signin/magic/generate     {email, redirectUrl?}      -> {token, expiresAt, magicUrl}  (admin, service key)
 *
 * Every body may carry projectId; a wrong one is 404 PROJECT_NOT_FOUND.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppDeps, ReadyDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import { PERMISSIONS } from '@scout/protocol/permissions';
import {
  assertProject,
  bearerToken,
  callerCan,
  resolveCaller,
  type Caller,
} from '../http/caller.ts';
import { backgroundTasks } from './background-tasks.ts';
import { generateVerification, sendVerificationMail, verifyEmail } from './email-verification.ts';
import type { LinkMailDeps } from './link-mail.ts';
import { generateAccountLink, mailLinkToAccount } from './link-mail.ts';
import { verifyMagicLink } from './magic-link.ts';
import { acceptLinkRequest, changePassword, confirmPasswordReset } from './recovery.ts';
import { field, objectBody, type Body } from './request-body.ts';
import { verifyAccessToken } from './tokens.ts';

export const recoveryRoutes =
  (deps: ReadyDeps): FastifyPluginAsync =>
  async (app) => {
    const mailDeps: LinkMailDeps = deps;
    const background = backgroundTasks(app.log);
    app.addHook('onClose', () => background.drain());
    // Answers may carry tokens: never in a shared or browser cache.
    app.addHook('onSend', async (_req, reply, payload) => {
      reply.header('Cache-Control', 'no-store');
      return payload;
    });

    app.post('/password/reset', async (req) => {
      const request = await acceptLinkRequest(deps, 'reset', projectBody(deps, req), req.ip);
      background.run('password reset mail', () => mailLinkToAccount(mailDeps, 'reset', request));
      return { success: true };
    });
    app.post('/password/reset/confirm', async (req) =>
      confirmPasswordReset(deps, projectBody(deps, req), req.ip),
    );
    app.post('/password/reset/generate', async (req) => {
      const body = projectBody(deps, req);
      await requireAdmin(deps, req);
      const link = await generateAccountLink(deps, 'reset', body);
      return { token: link.token, expiresAt: link.expiresAt, resetUrl: link.url };
    });
    app.post('/password/change', async (req) => {
      const body = projectBody(deps, req);
      const { userId, familyId } = await signedInUser(deps, req);
      return changePassword(deps, userId, familyId, body);
    });

    app.post('/email/verify/send', async (req) => {
      projectBody(deps, req);
      const { userId } = await signedInUser(deps, req);
      return sendVerificationMail(mailDeps, userId);
    });
    app.post('/email/verify', async (req) => verifyEmail(deps, projectBody(deps, req), req.ip));
    app.post('/email/verify/generate', async (req) => {
      const body = projectBody(deps, req);
      return generateVerification(deps, await requireAdmin(deps, req), body);
    });

    app.post('/signin/magic', async (req) => {
      const request = await acceptLinkRequest(deps, 'magic', projectBody(deps, req), req.ip);
      background.run('magic link mail', () => mailLinkToAccount(mailDeps, 'magic', request));
      return { success: true };
    });
    app.post('/signin/magic/verify', async (req) =>
      verifyMagicLink(deps, projectBody(deps, req), req.ip),
    );
    app.post('/signin/magic/generate', async (req) => {
      const body = projectBody(deps, req);
      await requireAdmin(deps, req);
      const link = await generateAccountLink(deps, 'magic', body);
      return { token: link.token, expiresAt: link.expiresAt, magicUrl: link.url };
    });
  };

/** As auth/routes.ts: a body without projectId is for this server's one project. */
function projectBody(deps: AppDeps, req: FastifyRequest): Body {
  const body = objectBody(req.body);
  const query = (req.query ?? {}) as Body;
  const projectId = field(body, 'projectId') ?? field(query, 'projectId');
  if (projectId !== undefined) assertProject(deps, projectId);
  return body;
}

/** The generate calls answer with a usable token: only admins and service keys may ask. */
async function requireAdmin(deps: AppDeps, req: FastifyRequest): Promise<Caller> {
  const caller = await resolveCaller(deps, req);
  if (caller.kind === 'anonymous') throw new ApiError(401, 'TOKEN_EXPIRED', 'Sign-in required');
  if (!callerCan(deps, caller, PERMISSIONS.linksGenerate))
    throw new ApiError(403, 'FORBIDDEN', 'Only an admin or a service key may generate links');
  return caller;
}

/** A signed-in person (a service key has no password or address) and the session they call from. */
async function signedInUser(
  deps: AppDeps,
  req: FastifyRequest,
): Promise<{ userId: string; familyId?: string }> {
  const caller = await resolveCaller(deps, req);
  if (caller.kind === 'anonymous') throw new ApiError(401, 'TOKEN_EXPIRED', 'Sign-in required');
  if (caller.kind !== 'user')
    throw new ApiError(
      403,
      'FORBIDDEN',
      'Only a signed-in user has a password and an email address',
    );
  const claims = await verifyAccessToken(deps.jwtSecret, bearerToken(req) ?? '', deps.clock.now());
  return claims.sid ? { userId: caller.userId, familyId: claims.sid } : { userId: caller.userId };
}
