/**
 * The embedded bus's history kept in the store (table realtime_messages, migration 035), so a
 * server that restarts still replays to resuming clients what their channels published before
 * (docs/protocol.md, Realtime). The rows mirror the in-memory history (memory-bus.ts): every
 * message is written before it is delivered, and what the memory lets go (past a channel's
 * 1,000 messages, 24 hours, or the byte bound) is deleted in batches (memory-bus.ts,
 * TRIM_AFTER_DROPS), so most writes are one INSERT. A row's `channel` is
 * its troop's key of the channel (troop-channels.ts) and `troop_id` names the troop, so a troop's
 * history goes with its other rows.
 */
import type { Store } from '../store/store.ts';
import { HISTORY_MAX_AGE_MS, type NewMessage, type RealtimeMessage } from './bus.ts';
import type { MessageId } from './message-ids.ts';
import { formatMessageId, parseMessageId } from './message-ids.ts';
import { splitChannelKey } from './troop-channels.ts';

export interface HistoryJournal {
  /** The kept messages younger than HISTORY_MAX_AGE_MS, in id order; older ones are deleted. */
  load(now: number): Promise<RealtimeMessage[]>;
  /** Stores `added` and deletes, per channel of `dropped`, every message up to that id. */
  write(added: RealtimeMessage[], dropped: ReadonlyMap<string, MessageId>): Promise<void>;
}

/** Rows per INSERT: well under PostgreSQL's bound on parameters. */
const ROWS_PER_INSERT = 200;

interface Row {
  channel: string;
  id_ms: number | string;
  id_seq: number | string;
  body: string;
}

export function storeJournal(store: Store): HistoryJournal {
  return {
    async load(now) {
      await store.query('DELETE FROM realtime_messages WHERE sent_at < ?', [
        now - HISTORY_MAX_AGE_MS,
      ]);
      const { rows } = await store.query<Row>(
        'SELECT channel, id_ms, id_seq, body FROM realtime_messages ORDER BY id_ms, id_seq',
      );
      return rows.flatMap((r) => {
        try {
          const id = formatMessageId({ ms: Number(r.id_ms), seq: Number(r.id_seq) });
          return [{ channel: r.channel, id, ...(JSON.parse(r.body) as NewMessage) }];
        } catch {
          return [];
        }
      });
    },

    async write(added, dropped) {
      if (added.length === 0 && dropped.size === 0) return;
      const statements: Array<{ text: string; params: unknown[] }> = [];
      for (let i = 0; i < added.length; i += ROWS_PER_INSERT) {
        const chunk = added.slice(i, i + ROWS_PER_INSERT);
        const params = chunk.flatMap((m) => {
          const id = parseMessageId(m.id) as MessageId;
          const { channel: _channel, id: _id, ...body } = m;
          const troop = splitChannelKey(m.channel).troopId;
          return [m.channel, troop, id.ms, id.seq, m.timestamp, JSON.stringify(body)];
        });
        statements.push({
          text: `INSERT INTO realtime_messages (channel, troop_id, id_ms, id_seq, sent_at, body) VALUES ${chunk
            .map(() => '(?, ?, ?, ?, ?, ?)')
            .join(', ')} ON CONFLICT DO NOTHING`,
          params,
        });
      }
      for (const [channel, through] of dropped) {
        statements.push({
          text: 'DELETE FROM realtime_messages WHERE channel = ? AND (id_ms < ? OR (id_ms = ? AND id_seq <= ?))',
          params: [channel, through.ms, through.ms, through.seq],
        });
      }
      // Most writes are one INSERT: it needs no transaction (two round trips fewer).
      const [only] = statements;
      if (statements.length === 1 && only) {
        await store.query(only.text, only.params);
        return;
      }
      await store.transaction(async (tx) => {
        for (const st of statements) await tx.query(st.text, st.params);
      });
    },
  };
}
