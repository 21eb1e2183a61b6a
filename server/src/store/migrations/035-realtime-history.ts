import type { Migration } from '../migrate.ts';

/**
 * The embedded realtime bus's channel history (server/src/realtime/stored-history.ts), so a
 * restarted server still replays what its channels published before to clients that resume.
 * The rows mirror the bus's own bounds: the last 1,000 messages of a channel, at most 24 hours.
 * With REDIS_URL the history lives in Redis and this table stays empty.
 */
export const realtimeHistory: Migration = {
  version: 35,
  name: 'realtime-history',
  up: () => [
    `CREATE TABLE realtime_messages (
      channel TEXT NOT NULL,
      id_ms BIGINT NOT NULL,
      id_seq BIGINT NOT NULL,
      sent_at BIGINT NOT NULL,
      body TEXT NOT NULL,
      PRIMARY KEY (channel, id_ms, id_seq)
    )`,
    'CREATE INDEX realtime_messages_sent_at ON realtime_messages (sent_at)',
  ],
};
