/**
 * The auth API (docs/protocol.md, Sessions and tokens) under /api/auth. Errors here leave as `{error: "text", code,
 * message}` (http/error-handler.ts) with codes from the auth catalogue clients understand.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ReadyDeps } from '../deps.ts';
import { bearerToken } from '../http/caller.ts';
import { acceptSnakeCaseTwins } from '../http/snake-case-twins.ts';
import {
  providersAnswer,
  rolesAnswer,
  servedRoles,
  sessionAnswer,
  successAnswer,
  tokenAnswer,
  userAnswer,
} from './auth-answers.ts';
import {
  AUTH_FIELD_CODES,
  AUTH_FIELD_NAMES,
  profilePatchBody,
  refreshBody,
  SIGN_IN_FIELD_CODES,
  signInBody,
  signOutBody,
  signUpBody,
} from './auth-bodies.ts';
import { answerUncached, authGuards, personIdOf, troopNamedBy } from './auth-guards.ts';
import { troopOf } from '../http/route-guards.ts';
import { AUTH_RATE_LIMITS } from './rate-limits.ts';
import { getProfile, updateProfile } from './profile.ts';
import { rotateRefreshToken } from './sessions.ts';
import { signInWithEmail } from './sign-in.ts';
import { signOut } from './sign-out.ts';
import { signUp } from './sign-up.ts';

const projectQuery = z.object({ projectId: z.string().optional() });

export const authRoutes =
  (deps: ReadyDeps): FastifyPluginAsync =>
  async (plain) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    const guards = authGuards(deps);
    const twins = acceptSnakeCaseTwins(AUTH_FIELD_NAMES);
    const open = [guards.project, twins];
    // The profile answers the role and status of the request's troop (auth-guards.ts, project).
    const person = [guards.profileTroop, guards.person, twins];
    answerUncached(app);

    app.get(
      '/providers',
      {
        preValidation: open,
        schema: { querystring: projectQuery, response: { 200: providersAnswer } },
      },
      async () => ({ providers: ['email', ...deps.config.authProviders.map((p) => p.name)] }),
    );
    // Who may do what (docs/roles.md): public, so a client can show only what the server allows.
    app.get(
      '/roles',
      {
        preValidation: open,
        schema: { querystring: projectQuery, response: { 200: rolesAnswer } },
      },
      async () => servedRoles(deps.config.roles),
    );
    app.post(
      '/signup',
      {
        preValidation: [...open, guards.perAddress('signup', AUTH_RATE_LIMITS.signUpPerAddress)],
        config: { invalidInput: AUTH_FIELD_CODES },
        schema: { body: signUpBody, response: { 200: sessionAnswer } },
      },
      async (req) => signUp(deps, req.body, troopNamedBy(req)),
    );
    app.post(
      '/signin/email',
      {
        preValidation: [...open, guards.perAddress('signin', AUTH_RATE_LIMITS.signInPerAddress)],
        config: { invalidInput: SIGN_IN_FIELD_CODES },
        schema: { body: signInBody, response: { 200: sessionAnswer } },
      },
      async (req) => signInWithEmail(deps, req.body, req.ip, troopNamedBy(req)),
    );
    app.post(
      '/refresh',
      {
        preValidation: [...open, guards.perAddress('refresh', AUTH_RATE_LIMITS.refreshPerAddress)],
        schema: { body: refreshBody, response: { 200: tokenAnswer } },
      },
      async (req) => rotateRefreshToken(deps, req.body.refreshToken, troopNamedBy(req)),
    );
    app.get(
      '/me',
      { preValidation: person, schema: { response: { 200: userAnswer } } },
      async (req) => ({ user: await getProfile(deps, personIdOf(req), troopOf(req).id) }),
    );
    app.patch(
      '/me',
      { preValidation: person, schema: { body: profilePatchBody, response: { 200: userAnswer } } },
      async (req) => ({
        user: await updateProfile(deps, personIdOf(req), req.body, troopOf(req).id),
      }),
    );
    app.post(
      '/signout',
      // No project check: leaving must work whatever else the client sends.
      { preValidation: twins, schema: { body: signOutBody, response: { 200: successAnswer } } },
      async (req) => signOut(deps, req.body.refreshToken, bearerToken(req)),
    );
  };
