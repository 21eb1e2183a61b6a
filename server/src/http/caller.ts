/**
 * Who is calling: anonymous, a signed-in user (access token) or a service key. Every capability
 * decides access from this one value, never from ids claimed in a body or a frame.
 */
import type { FastifyRequest } from 'fastify';
import type { AccountStatus } from '@scout/protocol/auth';
import { can } from '@scout/protocol/permissions';
import { TROOP_WAITING_MESSAGE } from '@scout/protocol/troops';
import { ApiError } from '../errors.ts';
import type { AppDeps, ReadyDeps } from '../deps.ts';
import type { Troop } from '../store/tenancy.ts';

export type Caller =
  | { kind: 'anonymous' }
  | {
      kind: 'user';
      userId: string;
      role: string;
      email: string;
      status: AccountStatus;
      /** Pending because the troop waits for its council (troops/register-troop.ts). */
      troopWaiting?: true;
      /**
       * The session (`sid`) of the access token the caller came with, read when the token was
       * verified, so nothing verifies it again; absent for a caller no token named (a feed's owner).
       */
      sessionId?: string;
    }
  | { kind: 'service'; keyId: string };

/**
 * May the caller do `permission` under the roles configuration in use? Service keys may do
 * everything; anonymous callers nothing.
 */
export function callerCan(
  deps: Pick<AppDeps, 'config'>,
  caller: Caller,
  permission: string,
  resource?: string,
): boolean {
  if (caller.kind === 'service') return true;
  if (caller.kind === 'anonymous') return false;
  return can(deps.config.roles, caller.role, permission, resource);
}

/** A signed-in caller allowed `permission`: anonymous callers get 401, others without it 403. */
export async function requirePermission(
  deps: ReadyDeps,
  req: FastifyRequest,
  permission: string,
): Promise<Exclude<Caller, { kind: 'anonymous' }>> {
  const caller = await requireCaller(deps, req);
  if (!callerCan(deps, caller, permission))
    throw new ApiError('FORBIDDEN', `This needs the permission ${permission}`);
  return caller;
}

export function bearerToken(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  if (!h) return undefined;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(h);
  return m?.[1];
}

/**
 * Resolves a bearer credential through the one the deps carry (auth/credentials.ts, made by
 * wiring.ts): a present but invalid one is a 401, never silently anonymous.
 */
export const resolveCredential = (
  deps: Pick<ReadyDeps, 'authenticate'>,
  token: string | undefined,
  troopId?: string,
): Promise<Caller> => deps.authenticate(token, troopId);

/** The request's caller, as a member of the troop its project guard found (req.troop). */
export const resolveCaller = (deps: Pick<ReadyDeps, 'authenticate'>, req: FastifyRequest) =>
  resolveCredential(deps, bearerToken(req), req.troop?.id);

/**
 * A member of the troop: an account waiting for a leader's approval, or suspended, reaches
 * nothing of the troop (calendar, members, files, channels), only its own profile through the
 * auth API (docs/operations.md, Who may join).
 */
export function assertActiveMember(caller: Caller): void {
  if (caller.kind !== 'user' || caller.status === 'active') return;
  if (caller.troopWaiting) throw new ApiError('ACCOUNT_PENDING', TROOP_WAITING_MESSAGE);
  throw new ApiError(caller.status === 'pending' ? 'ACCOUNT_PENDING' : 'ACCOUNT_SUSPENDED');
}

/** A signed-in, active member or a service key; anonymous callers get 401. */
export async function requireCaller(
  deps: ReadyDeps,
  req: FastifyRequest,
): Promise<Exclude<Caller, { kind: 'anonymous' }>> {
  const caller = await resolveCaller(deps, req);
  if (caller.kind === 'anonymous') throw new ApiError('UNAUTHORIZED');
  assertActiveMember(caller);
  return caller;
}

/**
 * Signed in and not suspended: an account still waiting for approval passes too, for the few
 * routes a newcomer needs to be let in (a scout accepting a parent's household link).
 */
export async function requireCallerOrNewcomer(
  deps: ReadyDeps,
  req: FastifyRequest,
): Promise<Exclude<Caller, { kind: 'anonymous' }>> {
  const caller = await resolveCaller(deps, req);
  if (caller.kind === 'anonymous') throw new ApiError('UNAUTHORIZED');
  if (caller.kind === 'user' && caller.status !== 'pending') assertActiveMember(caller);
  return caller;
}

/**
 * Every path carries the project id, which names a troop of the server (docs/decisions/065-troops.md);
 * an unknown one is a 404 PROJECT_NOT_FOUND (docs/protocol.md).
 */
export async function troopNamed(
  deps: Pick<ReadyDeps, 'troops'>,
  projectId: unknown,
): Promise<Troop> {
  const troop =
    typeof projectId === 'string' ? await deps.troops.byProjectId(projectId) : undefined;
  if (!troop) throw new ApiError('PROJECT_NOT_FOUND');
  return troop;
}
