import type { Migration } from '../migrate.ts';

/**
 * What the AI gateway spent, per call: who (a member, or a service key), which capability and
 * provider model, and the tokens the provider counted. Nothing of a prompt or an answer is kept
 * (docs/decisions/033-ai-budgets-and-usage.md). The daily budget sums a member's rows of the
 * UTC day, so it holds across every server process; a deleted account's rows go with it.
 */
export const aiUsage: Migration = {
  version: 21,
  name: 'ai-usage',
  up: () => [
    `CREATE TABLE ai_usage (
      id TEXT PRIMARY KEY,
      user_id TEXT REFERENCES users(id) ON DELETE CASCADE,
      service_key_id TEXT,
      capability TEXT NOT NULL,
      model TEXT NOT NULL,
      prompt_tokens INTEGER NOT NULL,
      completion_tokens INTEGER NOT NULL,
      total_tokens INTEGER NOT NULL,
      day TEXT NOT NULL,
      created_at TEXT NOT NULL
    )`,
    'CREATE INDEX ai_usage_user_day ON ai_usage (user_id, day)',
    'CREATE INDEX ai_usage_created ON ai_usage (created_at)',
  ],
};
