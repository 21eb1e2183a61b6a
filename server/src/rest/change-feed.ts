/**
 * The change feed (protocol/src/change-feed.ts): after a Data API write has committed, its
 * changes to announced tables go out on the realtime channel of the same name, as
 * `{type: 'created' | 'updated' | 'deleted', data: {ids}}` from the caller. Every client's
 * writes count, admins' and service keys' too. Writes by the operator SQL endpoints are not
 * announced (docs/operations.md, Realtime).
 *
 * The table's channel names every changed row, so only those who read every row listen there
 * (realtime/feed-listeners.ts). When the table's read rule leaves some members only their own
 * rows, each change is also announced to each row's owner on their own channel
 * (`calendar_events:<id>`), the rows' owners read back after the commit. A deleted row is gone
 * by then: the Data API's delete reports its owners; for other deletes (an occurrence route's)
 * the owner is known only when the writer could change none but their own rows (it is then the
 * writer), so such a deletion by someone else reaches an owner-only reader at their next reload
 * (docs/roles.md, Table rules).
 *
 * A troop's changes go out on its own channels (`troopKey`, store/tenancy.ts): the first troop's
 * are the names themselves, another's `<troop id>/<name>`, which the realtime hub gives only
 * that troop's sockets; so no troop hears of another's rows, not even their ids. A council's
 * changes to a table it shares with its troops (table-definition.ts `councilShared`) go out on
 * each of its troops' table channels too, whose members read those rows.
 *
 * Announcing never fails or delays the write: the rows are already stored, and a listener that
 * missed a message reloads when it reconnects. A failed publish is logged.
 */
import type { Logger } from 'pino';
import { ownRowsChannel, type ChangeFeedTable } from '@scout/protocol/change-feed';
import type { RolesConfig } from '@scout/protocol/permissions';
import { grantOfWho, resolveTableRule, tableGrant } from '@scout/protocol/table-grants';
import { quoteIdent, type Queryable } from '../store/store.ts';
import { troopKey } from '../store/tenancy.ts';
import type { SignedInCaller } from './rules.ts';
import type { TableDef } from './table-definition.ts';
import type { TableChange } from './write-common.ts';

/**
 * Ids per message, in JSON characters: a 1,000-row bulk insert comes as a few messages well
 * under the 64 KB frame limit instead of one the history would keep 1,000 times over.
 */
export const MAX_IDS_CHARS_PER_MESSAGE = 16 * 1024;

/** Ids per owner lookup: far under every store's limit on bound values. */
const OWNER_LOOKUP_IDS = 500;

/** Where changes go out: the realtime hub (realtime/hub.ts), which wiring.ts passes in. */
export interface ChangePublisher {
  publish(
    channel: string,
    message: { type: string; data: { ids: string[] }; userId: string },
  ): Promise<unknown>;
}

export interface ChangeFeed {
  /**
   * The changes of `troopId`'s rows, on that troop's channels only (store/tenancy.ts troopKey).
   * `unitKind`, when the caller knows it: a troop's changes need no look-up of its troops.
   */
  announce(
    caller: SignedInCaller,
    changes: readonly TableChange[],
    troopId: string,
    unitKind?: 'troop' | 'council',
  ): void;
}

/** Where the rows' owners are read back, and the rules that say whether anyone needs them. */
export interface OwnerFeeds {
  store: Queryable;
  roles: RolesConfig;
  /** The declared tables (server/src/tables.ts): which announce, and their owner columns. */
  tables: { declared(name: string): TableDef | undefined };
}

/** Does the table's read rule leave a member holding no permission only their own rows? */
const ownersListen = (roles: RolesConfig, table: string) =>
  grantOfWho(resolveTableRule(roles, table).read, () => false) === 'own';

export function createChangeFeed(
  realtime: ChangePublisher,
  logger: Pick<Logger, 'warn'> | false | undefined,
  owners: OwnerFeeds,
): ChangeFeed {
  const warn = (err: Error, channel: string, what: string) => {
    if (logger) logger.warn({ err: err.message, channel }, what);
  };
  const publish = (channel: string, kind: TableChange['kind'], ids: string[], userId: string) => {
    for (const chunk of chunkIds(ids))
      realtime
        .publish(channel, { type: kind, data: { ids: chunk }, userId })
        .catch((err: Error) => warn(err, channel, 'change feed publish failed'));
  };

  /** The changed rows by owner; deleted rows only when the writer can have deleted only theirs. */
  async function byOwner(
    caller: SignedInCaller,
    change: TableChange,
  ): Promise<Map<string, string[]>> {
    const groups = new Map<string, string[]>();
    const add = (owner: string, id: string) => {
      const mine = groups.get(owner);
      if (mine) mine.push(id);
      else groups.set(owner, [id]);
    };
    if (change.owners) {
      for (const id of change.ids) {
        const owner = change.owners[id];
        if (owner !== undefined) add(owner, id);
      }
      return groups;
    }
    if (change.kind === 'deleted') {
      const ownOnly =
        caller.kind === 'user' &&
        tableGrant(owners.roles, caller.role, change.table, 'update') !== 'all' &&
        tableGrant(owners.roles, caller.role, change.table, 'delete') !== 'all';
      if (ownOnly && change.ids.length > 0) groups.set(caller.userId, [...change.ids]);
      return groups;
    }
    const column = owners.tables.declared(change.table)?.rows?.owner[0];
    if (!column) return groups;
    for (let i = 0; i < change.ids.length; i += OWNER_LOOKUP_IDS) {
      const ids = change.ids.slice(i, i + OWNER_LOOKUP_IDS);
      const { rows } = await owners.store.query<{ id: string; owner: string | null }>(
        `SELECT id, ${quoteIdent(column)} AS owner FROM ${quoteIdent(change.table)} WHERE id IN (${ids.map(() => '?').join(', ')})`,
        ids,
      );
      for (const row of rows) if (row.owner !== null) add(row.owner, String(row.id));
    }
    return groups;
  }

  /** The troops of a council, by the council's id; none for a troop. */
  async function troopsOf(unitId: string): Promise<string[]> {
    const { rows } = await owners.store.query<{ id: string }>(
      'SELECT id FROM troops WHERE council_id = ?',
      [unitId],
    );
    return rows.map((r) => r.id);
  }

  return {
    announce(caller, changes, troopId, unitKind) {
      const userId = caller.kind === 'user' ? caller.userId : `service_${caller.keyId}`;
      for (const change of changes) {
        const table = owners.tables.declared(change.table);
        if (table?.announced !== true) continue;
        publish(troopKey(troopId, change.table), change.kind, change.ids, userId);
        // A troop has no troops: only a council's changes (or a unit's of unknown kind) look.
        if (table.councilShared && change.ids.length > 0 && unitKind !== 'troop')
          troopsOf(troopId)
            .then((troops) => {
              for (const troop of troops)
                publish(troopKey(troop, change.table), change.kind, change.ids, userId);
            })
            .catch((err: Error) => warn(err, change.table, 'change feed council lookup failed'));
        if (change.ids.length === 0 || !ownersListen(owners.roles, change.table)) continue;
        const channel = change.table as ChangeFeedTable;
        byOwner(caller, change)
          .then((groups) => {
            for (const [owner, ids] of groups)
              publish(troopKey(troopId, ownRowsChannel(channel, owner)), change.kind, ids, userId);
          })
          .catch((err: Error) => warn(err, change.table, 'change feed owner lookup failed'));
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
