/**
 * Who may reach an auth route, before its schema reads the body (http/route-guards.ts explains
 * the order). Auth answers use the auth catalogue: signed out is 401 TOKEN_EXPIRED, which every
 * client turns into "sign in again".
 */
import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { PERMISSIONS } from '@scout/protocol/permissions';
import type { ReadyDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import { assertActiveMember, callerCan, resolveCaller, troopNamed } from '../http/caller.ts';
import { FIRST_TROOP_ID } from '../store/tenancy.ts';
import type { SignedInCaller } from '../http/route-guards.ts';
import { hitRateLimit, type RateLimitRule } from './rate-limits.ts';

export interface AuthGuards {
  /**
   * The project id comes in the body or the query and names the troop (set on the request); a
   * request without one is for the server's first troop: older clients omit it, and a one-troop
   * server has only that one to mean.
   */
  project: preValidationAsyncHookHandler;
  /** A signed-in person: a service key has no profile, password or address. */
  person: preValidationAsyncHookHandler;
  /** The generate calls answer with a usable token: only admins and service keys may ask. */
  linkGenerator: preValidationAsyncHookHandler;
  /**
   * A limit per client address, counted before the body is read, so a flood is held back
   * whatever it sends (rate-limits.ts).
   */
  perAddress(key: string, rule: RateLimitRule): preValidationAsyncHookHandler;
}

const sessionRequired = () => new ApiError('TOKEN_EXPIRED', 'Sign-in required');

function projectIdOf(req: FastifyRequest): unknown {
  for (const source of [req.body, req.query]) {
    if (typeof source !== 'object' || source === null || Array.isArray(source)) continue;
    const fields = source as Record<string, unknown>;
    const id = fields.projectId ?? fields.project_id;
    if (id !== undefined) return id;
  }
  return undefined;
}

async function signedIn(deps: ReadyDeps, req: FastifyRequest): Promise<SignedInCaller> {
  if (req.caller) return req.caller;
  const caller = await resolveCaller(deps, req);
  if (caller.kind === 'anonymous') throw sessionRequired();
  req.caller = caller;
  return caller;
}

export function authGuards(deps: ReadyDeps): AuthGuards {
  return {
    project: async (req) => {
      const projectId = projectIdOf(req);
      req.troop =
        projectId === undefined
          ? await deps.troops.byId(FIRST_TROOP_ID)
          : await troopNamed(deps, projectId);
    },
    person: async (req) => {
      const caller = await signedIn(deps, req);
      if (caller.kind !== 'user')
        throw new ApiError(
          'FORBIDDEN',
          'Only a signed-in user has a profile, a password and an email address',
        );
    },
    perAddress: (key, rule) => async (req) => {
      await hitRateLimit(deps, `auth:${key}:addr:${req.ip}`, rule);
    },
    linkGenerator: async (req) => {
      const caller = await signedIn(deps, req);
      // A link signs someone in: an admin waiting for approval or suspended makes none.
      assertActiveMember(caller);
      if (!callerCan(deps, caller, PERMISSIONS.linksGenerate))
        throw new ApiError('FORBIDDEN', 'Only an admin or a service key may generate links');
    },
  };
}

/** The id of the signed-in person a `person` guard let through. */
export function personIdOf(req: FastifyRequest): string {
  const caller = req.caller;
  if (caller?.kind !== 'user') throw sessionRequired();
  return caller.userId;
}

/** The signed-in person a `person` guard let through, and the session (`sid`) they call from. */
export function personOf(req: FastifyRequest): { userId: string; familyId?: string } {
  const caller = req.caller;
  if (caller?.kind !== 'user') throw sessionRequired();
  return caller.sessionId
    ? { userId: caller.userId, familyId: caller.sessionId }
    : { userId: caller.userId };
}

/** Token answers must never sit in a shared or browser cache: every auth route says so. */
export function answerUncached(app: Pick<FastifyInstance, 'addHook'>): void {
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('Cache-Control', 'no-store');
    return payload;
  });
}
