/**
 * The change feed (protocol/src/change-feed.ts): after a Data API write has committed, its
 * changes to announced tables go out on the realtime channel of the same name, as
 * `{type: 'created' | 'updated' | 'deleted', data: {ids}}` from the caller. Every client's
 * writes count, admins' and service keys' too. Writes by the operator SQL endpoints are not
 * announced (docs/operations.md, Realtime).
 *
 * Announcing never fails or delays the write: the rows are already stored, and a listener that
 * missed a message reloads when it reconnects. A failed publish is logged.
 */
import type { Logger } from 'pino';
import { CHANGE_FEED_TABLES } from '@scout/protocol/change-feed';
import type { RealtimeHub } from '../realtime/hub.ts';
import type { SignedInCaller } from './rules.ts';
import type { TableChange } from './write-common.ts';

const ANNOUNCED: ReadonlySet<string> = new Set(CHANGE_FEED_TABLES);

/**
 * Ids per message, in JSON characters: a 1,000-row bulk insert comes as a few messages well
 * under the 64 KB frame limit instead of one the history would keep 1,000 times over.
 */
export const MAX_IDS_CHARS_PER_MESSAGE = 16 * 1024;

export interface ChangeFeed {
  announce(caller: SignedInCaller, changes: readonly TableChange[]): void;
}

export function createChangeFeed(
  realtime: Pick<RealtimeHub, 'publish'>,
  logger?: Pick<Logger, 'warn'> | false,
): ChangeFeed {
  return {
    announce(caller, changes) {
      const userId = caller.kind === 'user' ? caller.userId : `service_${caller.keyId}`;
      for (const change of changes) {
        if (!ANNOUNCED.has(change.table)) continue;
        for (const ids of chunkIds(change.ids)) {
          realtime
            .publish(change.table, { type: change.kind, data: { ids }, userId })
            .catch((err: Error) => {
              if (logger)
                logger.warn(
                  { err: err.message, channel: change.table, kind: change.kind },
                  'change feed publish failed',
                );
            });
        }
      }
    },
  };
}

/** Consecutive runs of ids whose JSON stays under the message budget; none for no ids. */
export function chunkIds(ids: readonly string[], budget = MAX_IDS_CHARS_PER_MESSAGE): string[][] {
  const chunks: string[][] = [];
  let current: string[] = [];
  let size = 0;
  for (const id of ids) {
    const cost = JSON.stringify(id).length + 1;
    if (current.length > 0 && size + cost > budget) {
      chunks.push(current);
      current = [];
      size = 0;
    }
    current.push(id);
    size += cost;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}
