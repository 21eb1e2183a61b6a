/**
 * Who may reach an auth route, before its schema reads the body (http/route-guards.ts explains
 * the order). Auth answers use the auth catalogue: signed out is 401 TOKEN_EXPIRED, which every
 * client turns into "sign in again".
 */
import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { PERMISSIONS } from '@scout/protocol/permissions';
import type { ReadyDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import {
  assertActiveMember,
  bearerToken,
  callerCan,
  resolveCaller,
  troopNamed,
} from '../http/caller.ts';
import { FIRST_TROOP_ID, type Troop } from '../store/tenancy.ts';
import { verifyAccessToken } from './tokens.ts';
import type { SignedInCaller } from '../http/route-guards.ts';
import { hitRateLimit, type RateLimitRule } from './rate-limits.ts';

export interface AuthGuards {
  /**
   * The project id comes in the body or the query and names the troop (set on the request). A
   * request without one (older clients omit it, and the client library never sends it to /me)
   * is for the troop its access token was signed in to (`pid`), else the server's first troop:
   * a one-troop server has only that one to mean. `troopNamedBy` tells the two apart.
   */
  project: preValidationAsyncHookHandler;
  /**
   * The troop of a profile call (/me), which never required a project id: one naming a troop
   * of the server picks it, anything else is the troop the token was signed in to.
   */
  profileTroop: preValidationAsyncHookHandler;
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

/** Requests whose troop no project id named (auth-guards' `project` chose it). */
const impliedTroop = new WeakSet<FastifyRequest>();

/** The troop the request's project id named; undefined when it sent none. */
export function troopNamedBy(req: FastifyRequest): Troop | undefined {
  return impliedTroop.has(req) ? undefined : req.troop;
}

/** The troop an access token was signed in to; undefined for anything else. */
async function tokenTroop(deps: ReadyDeps, req: FastifyRequest): Promise<Troop | undefined> {
  const token = bearerToken(req);
  if (!token || token.startsWith('sk_')) return undefined;
  try {
    const claims = await verifyAccessToken(deps.jwtSecret, token, deps.clock.now());
    return await deps.troops.byProjectId(claims.pid);
  } catch {
    // An unusable token is refused by the guard that reads the caller, in its own words.
    return undefined;
  }
}

export function authGuards(deps: ReadyDeps): AuthGuards {
  const implied = async (req: FastifyRequest) => {
    impliedTroop.add(req);
    req.troop = (await tokenTroop(deps, req)) ?? (await deps.troops.byId(FIRST_TROOP_ID));
  };
  return {
    project: async (req) => {
      const projectId = projectIdOf(req);
      if (projectId === undefined) await implied(req);
      else req.troop = await troopNamed(deps, projectId);
    },
    profileTroop: async (req) => {
      const projectId = projectIdOf(req);
      const named =
        typeof projectId === 'string' ? await deps.troops.byProjectId(projectId) : undefined;
      if (named) req.troop = named;
      else await implied(req);
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
