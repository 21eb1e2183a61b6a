/**
 * Who may reach a route, decided before its schema looks at the input: a stranger learns nothing
 * about a route's fields from its validation errors, and the order of answers is always
 * 404 unknown project, then 401 signed out, then 403 not allowed, then 400 bad input.
 *
 *   app.post('/:projectId/sql', { preValidation: [guards.project, guards.permission('sql.run')],
 *     schema: {...} }, (req) => run(callerOf(req), req.body))
 *
 * Routes declare their input as zod schemas (http/api-docs.ts); these hooks run in Fastify's
 * preValidation phase, just before that schema.
 */
import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import type { ReadyDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import type { Troop } from '../store/tenancy.ts';
import {
  callerCan,
  requireCaller,
  requireCallerOrNewcomer,
  troopNamed,
  type Caller,
} from './caller.ts';

export type SignedInCaller = Exclude<Caller, { kind: 'anonymous' }>;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the `signedIn` and `permission` guards. */
    caller?: SignedInCaller;
    /** The troop the path's project id names, set by the `project` guard. */
    troop?: Troop;
  }
}

/** The path parameter every capability's routes carry (docs/protocol.md, Common to every call). */
export const projectParams = z.object({ projectId: z.string().max(200) });

export interface RouteGuards {
  /** 404 PROJECT_NOT_FOUND unless the path's `projectId` names a troop of the server, which it sets on the request. */
  project: preValidationAsyncHookHandler;
  /** 401 unless a valid access token or service key comes with the request. */
  signedIn: preValidationAsyncHookHandler;
  /** As `signedIn`, but an account waiting for approval passes too (never a suspended one). */
  signedInOrNewcomer: preValidationAsyncHookHandler;
  /** 401 when signed out, 403 without `permission` under the roles configuration in use. */
  permission(permission: string, refusal?: string): preValidationAsyncHookHandler;
}

export function routeGuards(deps: ReadyDeps): RouteGuards {
  // The caller is a member of the path's troop, so the troop is found first, whichever guard runs first.
  const findTroop = async (req: FastifyRequest) => {
    req.troop ??= await troopNamed(
      deps,
      (req.params as { projectId?: unknown } | undefined)?.projectId,
    );
    return req.troop;
  };
  const inTroop = async (req: FastifyRequest) => {
    if ((req.params as { projectId?: unknown } | undefined)?.projectId !== undefined)
      await findTroop(req);
  };
  const signIn = async (req: FastifyRequest) => {
    await inTroop(req);
    req.caller ??= await requireCaller(deps, req);
    return req.caller;
  };
  return {
    project: async (req) => {
      await findTroop(req);
    },
    signedIn: async (req) => {
      await signIn(req);
    },
    signedInOrNewcomer: async (req) => {
      await inTroop(req);
      req.caller ??= await requireCallerOrNewcomer(deps, req);
    },
    permission: (permission, refusal) => async (req) => {
      const caller = await signIn(req);
      if (!callerCan(deps, caller, permission))
        throw new ApiError('FORBIDDEN', refusal ?? `This needs the permission ${permission}`);
    },
  };
}

/** The troop the `project` guard found; a route without the guard is a programming error. */
export function troopOf(req: FastifyRequest): Troop {
  if (!req.troop)
    throw new Error(`${req.routeOptions.url} reads its troop but has no project guard`);
  return req.troop;
}

/** The caller a guard established; a route without one is a programming error, not a 401. */
export function callerOf(req: FastifyRequest): SignedInCaller {
  if (!req.caller) throw new Error(`${req.routeOptions.url} reads its caller but has no guard`);
  return req.caller;
}
