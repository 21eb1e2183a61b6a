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
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ReadyDeps } from '../deps.ts';
import { isPlatformOperator } from '../admin/platform-operator.ts';
import { callerOf, troopOf } from '../http/route-guards.ts';
import { acceptSnakeCaseTwins } from '../http/snake-case-twins.ts';
import { issuedLinkAnswer, sessionAnswer, successAnswer } from './auth-answers.ts';
import {
  AUTH_FIELD_CODES,
  AUTH_FIELD_NAMES,
  emptyBody,
  linkRequestBody,
  passwordChangeBody,
  resetConfirmBody,
  tokenBody,
  verifyGenerateBody,
} from './auth-bodies.ts';
import { answerUncached, authGuards, personIdOf, personOf, troopNamedBy } from './auth-guards.ts';
import { backgroundTasks } from './background-tasks.ts';
import { generateVerification, sendVerificationMail, verifyEmail } from './email-verification.ts';
import type { LinkMailDeps } from './link-mail.ts';
import { generateAccountLink, mailLinkToAccount } from './link-mail.ts';
import { verifyMagicLink } from './magic-link.ts';
import { acceptLinkRequest, changePassword, confirmPasswordReset } from './recovery.ts';

const confirmedSession = sessionAnswer.extend(successAnswer.shape);

export const recoveryRoutes =
  (deps: ReadyDeps): FastifyPluginAsync =>
  async (plain) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    const mailDeps: LinkMailDeps = deps;
    const guards = authGuards(deps);
    const twins = acceptSnakeCaseTwins(AUTH_FIELD_NAMES);
    const open = [guards.project, twins];
    const person = [guards.project, guards.person, twins];
    const generator = [guards.project, guards.linkGenerator, twins];
    const config = { invalidInput: AUTH_FIELD_CODES };
    const background = backgroundTasks(app.log);
    app.addHook('onClose', () => background.drain());
    // Answers may carry tokens: never in a shared or browser cache.
    answerUncached(app);

    /** "Mail me a link": answered at once; the account is looked up and mailed off the request. */
    const linkRequest = {
      preValidation: open,
      config,
      schema: { body: linkRequestBody, response: { 200: successAnswer } },
    };
    app.post('/password/reset', linkRequest, async (req) => {
      const request = await acceptLinkRequest(deps, 'reset', req.body, req.ip);
      const { projectId } = troopOf(req);
      background.run('password reset mail', () =>
        mailLinkToAccount(mailDeps, 'reset', request, projectId),
      );
      return { success: true as const };
    });
    app.post('/signin/magic', linkRequest, async (req) => {
      const request = await acceptLinkRequest(deps, 'magic', req.body, req.ip);
      const { projectId } = troopOf(req);
      background.run('magic link mail', () =>
        mailLinkToAccount(mailDeps, 'magic', request, projectId),
      );
      return { success: true as const };
    });

    app.post(
      '/password/reset/confirm',
      {
        preValidation: open,
        config,
        schema: { body: resetConfirmBody, response: { 200: confirmedSession } },
      },
      async (req) => confirmPasswordReset(deps, req.body, req.ip, troopNamedBy(req)),
    );
    app.post(
      '/password/change',
      {
        preValidation: person,
        config,
        schema: { body: passwordChangeBody, response: { 200: successAnswer } },
      },
      async (req) => {
        const { userId, familyId } = personOf(req);
        return changePassword(deps, userId, familyId, req.body);
      },
    );
    app.post(
      '/email/verify/send',
      { preValidation: person, schema: { body: emptyBody, response: { 200: successAnswer } } },
      async (req) => sendVerificationMail(mailDeps, personIdOf(req), troopOf(req).projectId),
    );
    app.post(
      '/email/verify',
      {
        preValidation: open,
        config,
        schema: { body: tokenBody, response: { 200: successAnswer } },
      },
      async (req) => verifyEmail(deps, req.body, req.ip),
    );
    app.post(
      '/signin/magic/verify',
      {
        preValidation: open,
        config,
        schema: { body: tokenBody, response: { 200: sessionAnswer } },
      },
      async (req) => verifyMagicLink(deps, req.body, req.ip, troopNamedBy(req)),
    );

    // For admins and service keys: a usable one-time link in the answer instead of a mail.
    app.post(
      '/password/reset/generate',
      {
        preValidation: generator,
        config,
        schema: { body: linkRequestBody, response: { 200: issuedLinkAnswer('resetUrl') } },
      },
      async (req) => {
        const link = await generateAccountLink(
          deps,
          'reset',
          req.body,
          troopOf(req),
          await isPlatformOperator(deps, req),
        );
        return { token: link.token, expiresAt: link.expiresAt, resetUrl: link.url };
      },
    );
    app.post(
      '/signin/magic/generate',
      {
        preValidation: generator,
        config,
        schema: { body: linkRequestBody, response: { 200: issuedLinkAnswer('magicUrl') } },
      },
      async (req) => {
        const link = await generateAccountLink(
          deps,
          'magic',
          req.body,
          troopOf(req),
          await isPlatformOperator(deps, req),
        );
        return { token: link.token, expiresAt: link.expiresAt, magicUrl: link.url };
      },
    );
    app.post(
      '/email/verify/generate',
      {
        preValidation: generator,
        config,
        schema: { body: verifyGenerateBody, response: { 200: issuedLinkAnswer('verifyUrl') } },
      },
      async (req) =>
        generateVerification(
          deps,
          callerOf(req),
          req.body,
          troopOf(req),
          await isPlatformOperator(deps, req),
        ),
    );
  };
