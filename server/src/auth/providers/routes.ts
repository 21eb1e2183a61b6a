/**
 * Sign-in with providers and the hosted sign-in page (docs/protocol.md, Sign-in with providers
 * and the hosted page):
 *
 *   GET  /auth                                  provider= : off to the provider; else the hosted page
 *   POST /auth                                  the hosted page's forms
 *   GET|POST /api/auth/callback/{provider}      the provider's answer (POST: Apple's form_post)
 *   POST /api/auth/mobile-session/token         an app's one-time code and PKCE verifier for its tokens
 *   GET  /api/auth/identities (bearer)          the caller's linked providers, and whether a password is set
 *   DELETE /api/auth/identities/{id} (bearer)   unlinks one, while another way to sign in remains
 *
 * The pages are for browsers; a client that asks for JSON only gets the error as JSON instead.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ReadyDeps } from '../../deps.ts';
import { ApiError } from '../../errors.ts';
import { resolveCaller } from '../../http/caller.ts';
import { contentSecurityPolicy } from '../../http/security-headers.ts';
import { backgroundTasks } from '../background-tasks.ts';
import { hitRateLimit } from '../rate-limits.ts';
import { errorPage, type SignInAnswer } from './deliver.ts';
import { hostedPage, hostedSignIn } from './hosted-sign-in.ts';
import { signInMethods, unlinkIdentity } from './identities.ts';
import { clearBrowserKey } from './browser-key.ts';
import { redeemAppCode } from './mobile-sessions.ts';
import { createOidcClients } from './oidc-clients.ts';
import { callbackUri, finishProviderSignIn, startProviderSignIn } from './provider-sign-in.ts';
import {
  callbackParams,
  formFields,
  appCodeExchange,
  identitiesAnswer,
  providerName,
  tokensAnswer,
} from './route-schemas.ts';
import { hostedProjectId, readHostedQuery, type HostedQuery } from './sign-in-return.ts';

/** A form is a few fields; nothing legitimate comes near this. */
const FORM_BODY_MAX_BYTES = 64 * 1024;

/** An app exchanges one code per sign-in; this leaves room for a few apps behind one address. */
const APP_CODE_LIMIT = { limit: 30, windowMs: 60_000, perAddress: true };

export const providerRoutes =
  (deps: ReadyDeps): FastifyPluginAsync =>
  async (plain) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    const clients = createOidcClients();
    const background = backgroundTasks(app.log);
    app.addHook('onClose', () => background.drain());
    // The hosted page's forms and Apple's form_post arrive form-encoded; elsewhere they are not read.
    app.removeContentTypeParser('application/x-www-form-urlencoded');
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_MAX_BYTES },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    app.get('/auth', { schema: { hide: true } }, async (req, reply) =>
      send(req, reply, await hostedGet(req)),
    );
    app.post('/auth', { schema: { hide: true, body: formFields } }, async (req, reply) =>
      send(req, reply, await hostedPost(req, req.body)),
    );
    const callbackSchema = {
      summary: 'Where a sign-in provider sends the person back',
      params: z.object({ provider: providerName }),
    };
    app.get(
      '/api/auth/callback/:provider',
      { schema: { ...callbackSchema, querystring: callbackParams } },
      async (req, reply) =>
        send(req, reply, await callback(req, req.params.provider, req.query, 'GET')),
    );
    app.post(
      '/api/auth/callback/:provider',
      {
        schema: {
          ...callbackSchema,
          consumes: ['application/x-www-form-urlencoded'],
          body: callbackParams.nullish().transform((fields) => fields ?? {}),
        },
      },
      async (req, reply) =>
        send(req, reply, await callback(req, req.params.provider, req.body, 'POST')),
    );
    app.post(
      '/api/auth/mobile-session/token',
      {
        schema: {
          summary:
            "An app's sign-in: the one-time code its redirect received and its PKCE verifier, for the tokens (once)",
          body: appCodeExchange,
          response: { 200: tokensAnswer },
        },
      },
      async (req, reply) => {
        reply.header('Cache-Control', 'no-store');
        await hitRateLimit(deps, `auth:app-code:addr:${req.ip}`, APP_CODE_LIMIT);
        return redeemAppCode(deps, {
          code: req.body.code,
          codeVerifier: req.body.code_verifier,
          redirectUri: req.body.redirect_uri,
        });
      },
    );
    app.get(
      '/api/auth/identities',
      { schema: { summary: 'Ways the caller signs in', response: { 200: identitiesAnswer } } },
      async (req) => signInMethods(deps, await signedInUserId(req)),
    );
    app.delete(
      '/api/auth/identities/:identityId',
      {
        schema: {
          summary: 'Unlinks a provider from the caller, while another way to sign in remains',
          params: z.object({ identityId: z.string() }),
          response: { 200: z.object({ success: z.literal(true) }) },
        },
      },
      async (req) => {
        await unlinkIdentity(deps, await signedInUserId(req), req.params.identityId);
        return { success: true as const };
      },
    );

    async function hostedGet(req: FastifyRequest): Promise<SignInAnswer> {
      const query = req.query as Record<string, unknown>;
      return withHostedQuery(query, async (hosted) => {
        if (hosted.provider !== undefined)
          return startProviderSignIn(deps, clients, hosted, req.ip);
        const magicToken = typeof query.magic_token === 'string' ? query.magic_token : undefined;
        return hostedPage(deps, hosted, magicToken ? { magicToken } : {});
      });
    }

    async function hostedPost(
      req: FastifyRequest,
      form: Record<string, string>,
    ): Promise<SignInAnswer> {
      if (!fromOurPage(req))
        return errorPage(new ApiError('FORBIDDEN', 'Sign in from the sign-in page itself'));
      return withHostedQuery(form, (hosted) =>
        hostedSignIn(deps, hosted, form, req.ip, background.run),
      );
    }

    /** A flow whose parameters do not check out ends on an error page: nothing goes anywhere. */
    async function withHostedQuery(
      input: Record<string, unknown>,
      then: (hosted: HostedQuery) => Promise<SignInAnswer>,
    ): Promise<SignInAnswer> {
      // The troop the sign-in is for: any troop of the server (none named: the first).
      const projectId = hostedProjectId(input);
      const troop = projectId === undefined ? undefined : await deps.troops.byProjectId(projectId);
      let hosted: HostedQuery;
      try {
        hosted = readHostedQuery(deps.config, input, troop);
      } catch (err) {
        if (err instanceof ApiError) return errorPage(err);
        throw err;
      }
      return then(hosted);
    }

    async function callback(
      req: FastifyRequest,
      provider: string,
      params: Record<string, string>,
      method: 'GET' | 'POST',
    ): Promise<SignInAnswer> {
      const uri = callbackUri(deps.config, provider);
      const current =
        method === 'GET'
          ? new URL(`${uri}?${new URLSearchParams(params).toString()}`)
          : new Request(uri, { method: 'POST', body: new URLSearchParams(params) });
      const answer = await finishProviderSignIn(
        deps,
        clients,
        { provider, params, callback: current, cookies: req.headers.cookie },
        (detail) => app.log.warn(detail, 'provider sign-in refused'),
      );
      // The browser's key to this attempt has done its work, whatever the outcome.
      return { ...answer, cookies: clearBrowserKey(deps.config, params.state) };
    }

    /**
     * The hosted page's forms are posted by our own page only; another site's form (signing a
     * visitor in as someone else) is refused. Browsers say where a request comes from in
     * Sec-Fetch-Site; Origin is `null` under our no-referrer policy, so it counts only when named.
     */
    function fromOurPage(req: FastifyRequest): boolean {
      const site = req.headers['sec-fetch-site'];
      if (site !== undefined) return site === 'same-origin' || site === 'none';
      const origin = req.headers.origin;
      return origin === undefined || origin === new URL(deps.config.publicUrl).origin;
    }

    async function signedInUserId(req: FastifyRequest): Promise<string> {
      const caller = await resolveCaller(deps, req);
      if (caller.kind === 'anonymous') throw new ApiError('TOKEN_EXPIRED', 'Sign-in required');
      if (caller.kind !== 'user')
        throw new ApiError('FORBIDDEN', 'Only a signed-in user has sign-in methods');
      return caller.userId;
    }

    function send(req: FastifyRequest, reply: FastifyReply, answer: SignInAnswer) {
      // Answers carry tokens; and a popup's page must keep its opener across origins.
      reply.header('Cache-Control', 'no-store').header('Cross-Origin-Opener-Policy', 'unsafe-none');
      if (answer.cookies?.length) reply.header('Set-Cookie', answer.cookies);
      if (answer.kind === 'redirect') return reply.redirect(answer.location, 302);
      const accept = req.headers.accept ?? '';
      if (
        answer.status >= 400 &&
        answer.error &&
        accept.includes('json') &&
        !accept.includes('html')
      )
        throw answer.error;
      reply.header('Content-Security-Policy', answer.csp ?? pageCsp(answer));
      return reply.code(answer.status).type('text/html; charset=utf-8').send(answer.html);
    }

    /**
     * The app's policy, with the client's origin added to form-action: a browser applies it to
     * the redirect that follows a form, and the hosted page's forms end with one.
     */
    function pageCsp(answer: SignInAnswer & { kind: 'page' }): string {
      const base = contentSecurityPolicy(deps.config);
      const origins = [...new Set(answer.formTargets ?? [])].join(' ');
      return origins ? base.replace("form-action 'self'", `form-action 'self' ${origins}`) : base;
    }
  };
