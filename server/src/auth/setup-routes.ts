/**
 * The first admin's setup, under /api/auth (auth/first-admin.ts, docs/operations.md):
 *
 *   POST /setup/check  {token}                                   -> {usable}
 *   POST /setup/admin  {token, email, password, displayName?}    -> as sign-in
 *
 * Open routes: the link's token is the proof. Both count against the per-address limit of
 * link redemptions, so a token cannot be guessed by hammering them.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emailSchema, newPasswordSchema } from '@scout/protocol/auth-schemas';
import { AUTH_ERROR_MESSAGES } from '@scout/protocol/errors';
import type { ReadyDeps } from '../deps.ts';
import { sessionAnswer } from './auth-answers.ts';
import { AUTH_FIELD_CODES } from './auth-bodies.ts';
import { answerUncached, authGuards } from './auth-guards.ts';
import { createFirstAdmin, isSetupLinkUsable } from './first-admin.ts';
import { displayNameField } from './profile-fields.ts';
import { RECOVERY_RATE_LIMITS } from './recovery-limits.ts';

const setupToken = z
  .string({ error: AUTH_ERROR_MESSAGES.VERIFICATION_FAILED })
  .min(1, { error: AUTH_ERROR_MESSAGES.VERIFICATION_FAILED })
  .max(512, { error: AUTH_ERROR_MESSAGES.VERIFICATION_FAILED });
const projectId = z.string().max(200).optional();

const checkBody = z.object({ token: setupToken, projectId });
const adminBody = z.object({
  token: setupToken,
  email: emailSchema,
  password: newPasswordSchema,
  displayName: displayNameField,
  projectId,
});

export const setupRoutes =
  (deps: ReadyDeps): FastifyPluginAsync =>
  async (plain) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    const guards = authGuards(deps);
    const open = [
      guards.project,
      guards.perAddress('redeem', RECOVERY_RATE_LIMITS.redeemPerAddress),
    ];
    answerUncached(app);

    app.post(
      '/setup/check',
      {
        preValidation: open,
        config: { invalidInput: AUTH_FIELD_CODES },
        schema: { body: checkBody, response: { 200: z.object({ usable: z.boolean() }) } },
      },
      async (req) => ({ usable: await isSetupLinkUsable(deps, req.body.token) }),
    );
    app.post(
      '/setup/admin',
      {
        preValidation: open,
        config: { invalidInput: AUTH_FIELD_CODES },
        schema: { body: adminBody, response: { 200: sessionAnswer } },
      },
      async (req) =>
        createFirstAdmin(deps, {
          token: req.body.token,
          email: req.body.email,
          password: req.body.password,
          displayName: req.body.displayName ?? undefined,
        }),
    );
  };
