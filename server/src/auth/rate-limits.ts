/**
 * Fixed-window rate limits kept in the `rate_limits` table, so every server process behind a
 * load balancer counts against the same numbers. One atomic upsert per hit: no read-then-write
 * race between processes.
 */
import type { AppDeps } from '../deps.ts';
import { ApiError, retryAfter } from '../errors.ts';
import type { Queryable } from '../store/store.ts';

export interface RateLimitRule {
  /** Requests allowed per window; the next one is refused until the window ends. */
  limit: number;
  windowMs: number;
  /**
   * Counted per client address: scaled by ADDRESS_RATE_LIMIT_SCALE for troops whose members all
   * sit behind one network address (and for test rigs that sign many people up from one host).
   */
  perAddress?: boolean;
}

const MINUTE = 60_000;

/**
 * Limits on the auth endpoints that cost an argon2 hash or guess at credentials. Addresses get
 * more room than emails because a troop meeting may sign in from one network.
 */
export const AUTH_RATE_LIMITS = {
  signUpPerAddress: { limit: 10, windowMs: MINUTE, perAddress: true },
  signUpPerEmail: { limit: 5, windowMs: MINUTE },
  signInPerAddress: { limit: 30, windowMs: MINUTE, perAddress: true },
  signInPerEmail: { limit: 10, windowMs: MINUTE },
  refreshPerAddress: { limit: 60, windowMs: MINUTE, perAddress: true },
} as const satisfies Record<string, RateLimitRule>;

/** `store` may be a transaction, so a caller can count the hit together with its own writes. */
type LimiterDeps = Pick<AppDeps, 'clock'> & {
  store: Queryable;
  config?: Pick<AppDeps['config'], 'addressRateLimitScale'>;
};

/**
 * Counts one hit on `key`; throws 429 RATE_LIMITED with Retry-After (seconds until the window
 * ends) once the window's limit is passed. Refused hits still count, so hammering does not
 * shorten the wait.
 */
export async function hitRateLimit(
  deps: LimiterDeps,
  key: string,
  rule: RateLimitRule,
): Promise<void> {
  const now = deps.clock.now();
  const { rows } = await deps.store.query<{ count: number; reset_at: number }>(
    `INSERT INTO rate_limits (key, count, reset_at) VALUES (?, 1, ?)
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN rate_limits.reset_at <= ? THEN 1 ELSE rate_limits.count + 1 END,
       reset_at = CASE WHEN rate_limits.reset_at <= ? THEN excluded.reset_at ELSE rate_limits.reset_at END
     RETURNING count, reset_at`,
    [key, now + rule.windowMs, now, now],
  );
  const row = rows[0];
  if (!row) return;
  const count = Number(row.count);
  // A fresh window: a good moment to drop finished windows so the table stays small.
  if (count === 1) await deps.store.query('DELETE FROM rate_limits WHERE reset_at <= ?', [now]);
  const limit = rule.perAddress
    ? rule.limit * (deps.config?.addressRateLimitScale ?? 1)
    : rule.limit;
  if (count > limit)
    throw new ApiError('RATE_LIMITED', undefined, {
      headers: retryAfter((Number(row.reset_at) - now) / 1000),
    });
}
