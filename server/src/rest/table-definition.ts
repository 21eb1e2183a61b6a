/**
 * A table as its capability declares it (in the manner of PocketBase's collections with hooks):
 * the columns the Data API serves and their types, whose rows they are and what a member may
 * change, the checks every written row passes, the hooks a write runs in its transaction, and
 * whether its changes go out on the realtime change feed. A capability keeps its tables in its
 * own `tables.ts`; `server/src/tables.ts` lists them all, and this layer reads only that list
 * (docs/architecture.md, "Adding a capability").
 *
 * Who may read and write is not here: it is the roles configuration's (docs/roles.md), which
 * may differ per troop. What a column means (that `user_id` names the owner) is a fact of the
 * schema, and is.
 */
import type { ChangeFeedTable } from '@scout/protocol/change-feed';
import type { RolesConfig } from '@scout/protocol/permissions';
import type { Queryable, Store } from '../store/store.ts';
import type { RowSelection, TableShape } from './build-sql.ts';
import type { SignedInCaller } from './rules.ts';
import type { ColumnType, DbValue } from './values.ts';

export type Row = Record<string, DbValue>;

/** The column of a troop table naming its troop: the server's, never a client column. */
export const TROOP_COLUMN = 'troop_id';

const TENANCIES: readonly unknown[] = ['troop', 'accounts', 'global'] satisfies Tenancy[];
export type WriteMode = 'create' | 'update';

/** Whose rows they are, for the owner rules of rules.ts. */
export interface RowOwnership {
  /** The columns naming a row's owner; they must equal the caller's id on create and update. */
  owner: readonly string[];
  /** Columns a member without `tables.all` may change (all when absent). */
  updatable?: readonly string[];
}

/**
 * Whose rows a table holds (docs/decisions/065-troops.md), which every statement the Data API
 * builds for it is scoped by (where-sql.ts `troopScope`):
 * - `troop`: each row has `troop_id`, set from the request's troop, never from a client;
 * - `accounts`: global rows of accounts (users, custom_users), read only for accounts with a
 *   membership in the request's troop, by the column `account` names;
 * - `global`: rows of no troop at all.
 */
export type Tenancy = 'troop' | 'accounts' | 'global';

/** What a write hook is told about the write it runs in. */
export interface WriteContext {
  roles: RolesConfig;
  now: number;
  caller: SignedInCaller;
  /** The request's troop: a hook's own SQL scopes itself by it. */
  troopId: string;
}

/**
 * Work an update or delete does in its own transaction: `before` reads what it needs before the
 * rows change, `after` sees the ids written and may refuse (throw) to roll everything back.
 */
export interface WriteHook<Before = unknown> {
  /** Whether this write needs the hook; `set` is the update's columns, null for a delete. */
  applies(set: Row | null): boolean;
  before?(tx: Queryable, table: TableDef, selection: RowSelection): Promise<Before>;
  after(
    tx: Queryable,
    ctx: WriteContext,
    ids: readonly string[],
    before: Before,
    set: Row | null,
  ): Promise<void>;
}

/** A column naming a row of another table, deleted with it (ON DELETE CASCADE in the migration). */
export interface Reference {
  column: string;
  table: string;
}

/** A table the Data API serves: its shape for the SQL builder, and the capability's rules. */
export interface TableDef extends TableShape {
  dynamic: boolean;
  tenancy: Tenancy;
  /** For `accounts` tables: the column naming the account a row is of. */
  account?: string;
  /** A `troop` table whose council's rows every troop of the council reads, and never writes. */
  councilShared?: boolean;
  /** Column sets with a unique index: the only valid `on_conflict` targets. */
  uniqueKeys: ReadonlyArray<readonly string[]>;
  /** Set by the server when a row is created and on every write (may be a column the API does not expose). */
  createdAt: string;
  updatedAt: string;
  /** Raised by one on every update, whatever the client sends (iCal SEQUENCE for the calendar feed). */
  bumpOnUpdate?: string;
  /** Absent on a declared table: closed to all but `tables.all`, whatever the configuration says. */
  rows?: RowOwnership;
  /** The row as it will be stored, or a 400: run on every create and update, admins' too. */
  check?: (row: Row, mode: WriteMode, roles: RolesConfig) => Row;
  /** Run inside an update's transaction, which it makes one. */
  onUpdate?: WriteHook;
  /** Run inside a delete's transaction, which it makes one. */
  onDelete?: WriteHook;
  /** Rows of other tables deleted along with this one's, reported to the change feed. */
  cascades?: readonly Reference[];
  /** Told of the rows of each committed change to this table, in the process that made it. */
  committed?: (store: Store, ids: readonly string[]) => void;
  /** Its changes go out on its realtime channel (rest/change-feed.ts). */
  announced: boolean;
}

/** A table as a capability declares it for the Data API. */
export interface ServedTable {
  name: string;
  /** Required: a served table without one stops the server at start (tableDefinitions). */
  tenancy: Tenancy;
  /** For `accounts` tables: the column naming the account (`id` when absent). */
  account?: string;
  /**
   * For a `troop` table: the rows of a troop's council (docs/decisions/065-troops.md) are read
   * with the troop's own, read-only there; the council's members write them on its own path.
   */
  councilShared?: boolean;
  columns: Array<[string, ColumnType]>;
  notNull?: string[];
  uniqueKeys?: string[][];
  bumpOnUpdate?: string;
  rows?: RowOwnership;
  check?: TableDef['check'];
  onUpdate?: WriteHook;
  onDelete?: WriteHook;
  /** Columns that name a row of another table and go with it. */
  references?: Reference[];
  committed?: TableDef['committed'];
  /** The realtime channel its changes go out on: one the protocol names, which clients follow. */
  announce?: ChangeFeedTable;
}

/** The tables of a capability: those the Data API serves and those only the server reads. */
export interface CapabilityTables {
  served?: ServedTable[];
  /** Never served, never taken by a table made on the fly: answered as if absent. */
  serverOwned?: string[];
}

/** Every capability's tables, as the Data API reads them. */
export interface TableDefinitions {
  served: ReadonlyMap<string, TableDef>;
  /** Names the Data API never serves nor lets a client create (served ones included). */
  reserved: ReadonlySet<string>;
}

function toDef(t: ServedTable, cascades: Reference[]): TableDef {
  return {
    name: t.name,
    dynamic: false,
    tenancy: t.tenancy,
    ...(t.tenancy === 'accounts' ? { account: t.account ?? 'id' } : {}),
    ...(t.councilShared ? { councilShared: true } : {}),
    columns: new Map(t.columns),
    notNull: new Set(t.notNull ?? []),
    uniqueKeys: t.uniqueKeys ?? [['id']],
    createdAt: 'created_at',
    updatedAt: 'updated_at',
    ...(t.bumpOnUpdate ? { bumpOnUpdate: t.bumpOnUpdate } : {}),
    ...(t.rows ? { rows: t.rows } : {}),
    ...(t.check ? { check: t.check } : {}),
    ...(t.onUpdate ? { onUpdate: t.onUpdate } : {}),
    ...(t.onDelete ? { onDelete: t.onDelete } : {}),
    ...(cascades.length > 0 ? { cascades } : {}),
    ...(t.committed ? { committed: t.committed } : {}),
    announced: t.announce !== undefined,
  };
}

/**
 * One registry from every capability's tables. A name declared twice, or a reference to a table
 * nobody declares, is a mistake of ours: it stops the server at start, not a request.
 */
export function tableDefinitions(capabilities: readonly CapabilityTables[]): TableDefinitions {
  const servedList = capabilities.flatMap((c) => c.served ?? []);
  const reserved = new Set<string>();
  for (const name of [
    ...servedList.map((t) => t.name),
    ...capabilities.flatMap((c) => c.serverOwned ?? []),
  ]) {
    if (reserved.has(name)) throw new Error(`Table "${name}" is declared twice`);
    reserved.add(name);
  }
  const cascades = new Map<string, Reference[]>();
  for (const t of servedList) {
    // Declared in TypeScript, but a table list built at run time (or cast) may still lack it:
    // a table of unknown tenancy would be served across troops, so the server does not start.
    if (!TENANCIES.includes(t.tenancy))
      throw new Error(`Table "${t.name}" declares no tenancy ('troop', 'accounts' or 'global')`);
    if (t.tenancy === 'troop' && t.columns.some(([c]) => c === TROOP_COLUMN))
      throw new Error(`Table "${t.name}" serves "${TROOP_COLUMN}", which only the server sets`);
    if (t.councilShared && t.tenancy !== 'troop')
      throw new Error(`Table "${t.name}" shares its council's rows but is not a troop table`);
    if (t.tenancy === 'accounts' && !t.columns.some(([c]) => c === (t.account ?? 'id')))
      throw new Error(`Table "${t.name}" names its accounts by a column it does not serve`);
    if (t.announce !== undefined && t.announce !== t.name)
      throw new Error(`Table "${t.name}" announces on the channel of "${t.announce}"`);
    for (const r of t.references ?? []) {
      if (!reserved.has(r.table))
        throw new Error(`Table "${t.name}" references "${r.table}", which nobody declares`);
      cascades.set(r.table, [
        ...(cascades.get(r.table) ?? []),
        { table: t.name, column: r.column },
      ]);
    }
  }
  return {
    served: new Map(servedList.map((t) => [t.name, toDef(t, cascades.get(t.name) ?? [])])),
    reserved,
  };
}
