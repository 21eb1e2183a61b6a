/**
 * `POST /api/analytics/{projectId}/log`: the troop the project id names, who sent the batch,
 * whether they asked not to be tracked, then the pure intake (event-intake.ts) and the write
 * (store-events.ts). Events are the troop's (docs/decisions/065-troops.md).
 */
import { createHmac } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ANALYTICS_REQUESTS_PER_MINUTE } from '@scout/protocol/limits';
import type { AnalyticsLogAnswer } from '@scout/protocol/analytics';
import type { ReadyDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import { bearerToken, resolveCredential } from '../http/caller.ts';
import { hitRateLimit } from '../auth/rate-limits.ts';
import { OversizeBody } from './capped-body.ts';
import { countEvents, readEvents, type IntakeIdentity } from './event-intake.ts';
import type { Queryable } from '../store/store.ts';
import type { Troop } from '../store/tenancy.ts';
import type { HourlyCounter } from './hourly-counts.ts';
import { writeEvents } from './store-events.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Do Not Track and Global Privacy Control: the visitor asked not to be counted. */
export const optedOut = (req: FastifyRequest) =>
  req.headers.dnt === '1' || req.headers['sec-gpc'] === '1';

/**
 * The identity a token proves. A token that no longer works (expired, signed out) is not a
 * reason to refuse the events: they are kept as a visitor's, with nothing claimed believed. A
 * service key proves no member either: its events' user ids are kept as claims. Nor does the
 * token of an account that is not a member of the troop (404): its events are a visitor's.
 */
async function identityOf(
  deps: ReadyDeps,
  req: FastifyRequest,
  troop: Troop,
): Promise<IntakeIdentity> {
  try {
    const caller = await resolveCredential(deps, bearerToken(req), troop.id);
    if (caller.kind === 'user') return { kind: 'verified', userId: caller.userId };
  } catch (err) {
    if (!(err instanceof ApiError) || (err.status !== 401 && err.status !== 404)) throw err;
  }
  return { kind: 'anonymous' };
}

/**
 * The per-address limit counts under a keyed hash of the address, so the rate-limit table holds
 * no visitor's address even for the minute it lives.
 */
async function limitAddress(deps: ReadyDeps, tx: Queryable, req: FastifyRequest): Promise<void> {
  const key = createHmac('sha256', deps.jwtSecret).update(`analytics|${req.ip}`).digest('hex');
  await hitRateLimit({ ...deps, store: tx }, `analytics:addr:${key.slice(0, 32)}`, {
    limit: ANALYTICS_REQUESTS_PER_MINUTE,
    windowMs: 60_000,
    perAddress: true,
  });
}

export async function collectEvents(
  deps: ReadyDeps,
  hourly: HourlyCounter,
  req: FastifyRequest,
  projectId: string,
  body: unknown,
): Promise<AnalyticsLogAnswer> {
  // Let go whole, still counted against the address: hammering is answered 429 all the same.
  if (body instanceof OversizeBody) {
    await limitAddress(deps, deps.store, req);
    return { accepted: 0, dropped: 0, reason: 'body_too_large' };
  }
  const troop = await deps.troops.byProjectId(projectId);
  if (!troop) {
    await limitAddress(deps, deps.store, req);
    return { accepted: 0, dropped: countEvents(body), reason: 'unknown_project' };
  }
  const intake = readEvents(body, {
    troopId: troop.id,
    projectId: troop.projectId,
    identity: await identityOf(deps, req, troop),
    now: deps.clock.now(),
    retentionMs: deps.config.analyticsRetentionDays * DAY_MS,
    pseudonym: (id) =>
      `u_${createHmac('sha256', deps.jwtSecret).update(`analytics-visitor|${id}`).digest('hex').slice(0, 24)}`,
  });
  const optOut = optedOut(req);
  const rows = optOut ? [] : intake.rows;
  if (deps.store.dialect === 'sqlite') {
    // SQLite has one writer at a time anyway: counting the hit in the batch's own transaction
    // saves a commit. A refused request still commits its count, so hammering does not shorten
    // the wait.
    let refused: unknown;
    const fresh = await deps.store.transaction(async (tx) => {
      try {
        await limitAddress(deps, tx, req);
      } catch (err) {
        refused = err;
        return [];
      }
      return writeEvents(tx, rows);
    });
    if (refused) throw refused;
    hourly.add(fresh);
  } else {
    // On PostgreSQL the count's row stays locked until its transaction ends: counted inside,
    // every batch from one address would wait for the one before.
    await limitAddress(deps, deps.store, req);
    if (rows.length > 0) hourly.add(await deps.store.transaction((tx) => writeEvents(tx, rows)));
  }
  if (optOut) return { accepted: 0, dropped: intake.rows.length + intake.dropped };
  return { accepted: intake.rows.length, dropped: intake.dropped };
}
