/**
 * What the AI gateway spent, for admins: per UTC day, member (or service key), capability and
 * provider model, the number of calls and their tokens. Nothing of a prompt or an answer is
 * kept, so nothing of one can be shown. A troop's admins read their troop's usage only.
 */
import { z } from 'zod';
import type { Store } from '../store/store.ts';
import { isoDay } from '@scout/protocol/wall-clock';

export const usageQuery = z.object({
  days: z.coerce.number().int().min(1).max(366).optional(),
});

const usageRow = z.object({
  day: z.string(),
  userId: z.string().nullable(),
  email: z.string().nullable(),
  serviceKeyId: z.string().nullable(),
  capability: z.string(),
  model: z.string(),
  requests: z.number(),
  promptTokens: z.number(),
  completionTokens: z.number(),
  totalTokens: z.number(),
});
export const usageAnswer = z.object({ since: z.string(), usage: z.array(usageRow) });

interface Row {
  day: string;
  user_id: string | null;
  email: string | null;
  service_key_id: string | null;
  capability: string;
  model: string;
  requests: number | string;
  prompt_tokens: number | string;
  completion_tokens: number | string;
  total_tokens: number | string;
}

export async function readUsage(
  store: Store,
  troopId: string,
  now: number,
  days = 30,
): Promise<z.infer<typeof usageAnswer>> {
  const since = isoDay(now - (days - 1) * 86_400_000);
  const { rows } = await store.query<Row>(
    `SELECT a.day, a.user_id, u.email, a.service_key_id, a.capability, a.model,
            COUNT(*) AS requests, SUM(a.prompt_tokens) AS prompt_tokens,
            SUM(a.completion_tokens) AS completion_tokens, SUM(a.total_tokens) AS total_tokens
       FROM ai_usage a LEFT JOIN users u ON u.id = a.user_id
      WHERE a.troop_id = ? AND a.day >= ?
      GROUP BY a.day, a.user_id, u.email, a.service_key_id, a.capability, a.model
      ORDER BY a.day DESC, total_tokens DESC`,
    [troopId, since],
  );
  return {
    since,
    usage: rows.map((r) => ({
      day: r.day,
      userId: r.user_id,
      email: r.email,
      serviceKeyId: r.service_key_id,
      capability: r.capability,
      model: r.model,
      requests: Number(r.requests),
      promptTokens: Number(r.prompt_tokens),
      completionTokens: Number(r.completion_tokens),
      totalTokens: Number(r.total_tokens),
    })),
  };
}
