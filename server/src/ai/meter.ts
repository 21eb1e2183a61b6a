/**
 * Budgets and usage (docs/decisions/033-ai-budgets-and-usage.md). Before a call: a member past
 * `AI_REQUESTS_PER_MINUTE` requests in the last minute, or past `AI_DAILY_TOKENS` tokens this
 * UTC day, gets 429 RATE_LIMITED with Retry-After. After it: one `ai_usage` row with who, which
 * capability and model, and the tokens; never a prompt or an answer. The daily sum is read
 * from the database, so it holds across processes; the request rate is counted per process.
 * Service keys are the troop's own automation: recorded, not limited. Budgets and usage are a
 * troop's (docs/decisions/065-troops.md): each row carries its troop, and a member's spending in
 * one troop counts nothing against their budget in another.
 */
import crypto from 'node:crypto';
import { ApiError, retryAfter } from '../errors.ts';
import type { SignedInCaller } from '../http/route-guards.ts';
import type { Store } from '../store/store.ts';
import type { AiCapability, AiConfig } from './ai-config.ts';
import type { Usage } from './stream-lines.ts';
import { isoInstant } from '../store/sql-values.ts';
import { isoDay } from '@scout/protocol/wall-clock';

/** One troop's meter. */
export interface AiMeter {
  /** Throws 429 RATE_LIMITED when the caller may not make another call now. */
  admit(caller: SignedInCaller): Promise<void>;
  record(
    caller: SignedInCaller,
    capability: AiCapability,
    model: string,
    usage: Usage,
  ): Promise<void>;
}

/** The meters of the server's troops, sharing one count of recent requests. */
export interface AiMeters {
  of(troopId: string): AiMeter;
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

export function createAiMeter(deps: {
  store: Store;
  now: () => number;
  config: Pick<AiConfig, 'dailyTokens' | 'requestsPerMinute'>;
}): AiMeters {
  const recent = new Map<string, number[]>();

  /** `who`: the member in their troop. */
  function admitRate(who: string, now: number) {
    const since = now - MINUTE_MS;
    const times = (recent.get(who) ?? []).filter((t) => t > since);
    if (times.length >= deps.config.requestsPerMinute) {
      recent.set(who, times);
      throw new ApiError(
        'RATE_LIMITED',
        `Too many AI requests: at most ${deps.config.requestsPerMinute} a minute. Please wait a moment.`,
        {
          headers: retryAfter(((times[0] as number) + MINUTE_MS - now) / 1000),
        },
      );
    }
    times.push(now);
    recent.set(who, times);
    // Forget members who stopped asking, so the map stays as small as the active troop.
    if (recent.size > 1000)
      for (const [id, ts] of recent) if (!ts.some((t) => t > since)) recent.delete(id);
  }

  const of = (troopId: string): AiMeter => ({
    async admit(caller) {
      if (caller.kind !== 'user') return;
      const now = deps.now();
      const day = isoDay(now);
      const { rows } = await deps.store.query<{ spent: number | string | null }>(
        'SELECT SUM(total_tokens) AS spent FROM ai_usage WHERE troop_id = ? AND user_id = ? AND day = ?',
        [troopId, caller.userId, day],
      );
      if (Number(rows[0]?.spent ?? 0) >= deps.config.dailyTokens) {
        const midnight = Date.parse(`${day}T00:00:00Z`) + DAY_MS;
        throw new ApiError(
          'RATE_LIMITED',
          'Your daily AI budget is used up. It renews at midnight UTC.',
          { headers: retryAfter((midnight - now) / 1000) },
        );
      }
      admitRate(`${troopId}\u0000${caller.userId}`, now);
    },
    async record(caller, capability, model, usage) {
      const now = deps.now();
      await deps.store.query(
        `INSERT INTO ai_usage (id, troop_id, user_id, service_key_id, capability, model, prompt_tokens,
           completion_tokens, total_tokens, day, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          crypto.randomUUID(),
          troopId,
          caller.kind === 'user' ? caller.userId : null,
          caller.kind === 'service' ? caller.keyId : null,
          capability,
          model,
          usage.promptTokens,
          usage.completionTokens,
          usage.totalTokens,
          isoDay(now),
          isoInstant(now),
        ],
      );
    },
  });
  return { of };
}
