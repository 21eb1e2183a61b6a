/**
 * The tables the Data API serves and their column types: the ones migrations declare, and the
 * ones clients create on first write (docs/product.md section 3: "other tables are created on the fly").
 *
 * Tables created on the fly are listed with their columns in `data_tables` and
 * `data_table_columns` (migration 003). Several server processes may share one database, so
 * the in-memory copy of that registry is only a cache: it lives a few seconds, an unknown table
 * or column is re-read before it is refused, and every schema change happens under a lock
 * (PostgreSQL advisory lock, SQLite's write lock) after re-reading the registry.
 *
 * This file is the lookup and that cache; the declared tables are each capability's (listed in
 * server/src/tables.ts, shaped by table-definition.ts), and the SQL that reads the registry and
 * changes the schema is dynamic-tables.ts.
 */
import type { Clock } from '../clock.ts';
import { ApiError } from '../errors.ts';
import type { Store } from '../store/store.ts';
import {
  addTroopColumn,
  ensureDynamicTable,
  isReservedTableName,
  physicallyExists,
  readRegistered,
} from './dynamic-tables.ts';
import { isIdentifier, shown } from './names.ts';
import type { TableDef, TableDefinitions } from './table-definition.ts';
import type { ColumnType } from './values.ts';
import { isoInstant } from '../store/sql-values.ts';

export type { TableDef } from './table-definition.ts';
export { DYNAMIC_LIMITS } from './dynamic-tables.ts';

export type TableLookup =
  { kind: 'table'; table: TableDef } | { kind: 'absent' } | { kind: 'reserved' };

const CACHE_TTL_MS = 5000;
const RESERVED: TableLookup = { kind: 'reserved' };

export class TableRegistry {
  private readonly cache = new Map<string, { table: TableDef; at: number }>();
  private readonly declaredLookups: ReadonlyMap<string, TableLookup>;

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly definitions: TableDefinitions,
  ) {
    this.declaredLookups = new Map(
      [...definitions.served].map(([name, table]) => [name, { kind: 'table', table }]),
    );
  }

  /** A table the capabilities declare, by name. */
  declared(name: string): TableDef | undefined {
    return this.definitions.served.get(name);
  }

  /**
   * A table by its snake_case name. `absent`: a valid name no write has created yet.
   * `reserved`: one of ours, or any table the database holds outside the registry (the server's
   * own, an operator's), which every caller is told does not exist.
   */
  async lookup(name: string): Promise<TableLookup> {
    const known = this.lookupKnown(name);
    if (known) return known;
    const table = await this.reload(name);
    if (table) return { kind: 'table', table };
    if (!(await physicallyExists(this.store, name))) return { kind: 'absent' };
    // Another process may have created and registered it between the two reads.
    const created = await this.reload(name);
    return created ? { kind: 'table', table: created } : RESERVED;
  }

  /** What `lookup` answers when that needs no database (declared, reserved, recently read). */
  lookupKnown(name: string): TableLookup | undefined {
    if (!isIdentifier(name))
      throw new ApiError('VALIDATION_ERROR', `Invalid table name "${shown(name)}"`);
    const declared = this.declaredLookups.get(name);
    if (declared) return declared;
    if (isReservedTableName(name, this.definitions.reserved)) return RESERVED;
    const hit = this.cache.get(name);
    if (hit && this.clock.now() - hit.at < CACHE_TTL_MS) return { kind: 'table', table: hit.table };
    return undefined;
  }

  /** The table, re-read from the registry when it lacks a column another process may have added. */
  async withColumns(table: TableDef, columns: Iterable<string>): Promise<TableDef> {
    if (!table.dynamic) return table;
    for (const c of columns) {
      if (!table.columns.has(c)) return (await this.reload(table.name)) ?? table;
    }
    return table;
  }

  private async reload(name: string): Promise<TableDef | null> {
    const registered = await readRegistered(this.store, name);
    // A table made before troops gets its troop column the first time it is read (once).
    const table =
      registered && !registered.trooped
        ? await this.store.transaction((tx) =>
            addTroopColumn(tx, name, isoInstant(this.clock.now())),
          )
        : (registered?.table ?? null);
    if (table) this.cache.set(name, { table, at: this.clock.now() });
    else this.cache.delete(name);
    return table;
  }

  /**
   * Creates the table and adds the columns it lacks, within the limits. Types already
   * registered win over `wanted` (another process may have added the column first).
   */
  async ensureDynamic(
    name: string,
    wanted: ReadonlyMap<string, ColumnType>,
    createdBy: string | null,
  ): Promise<TableDef> {
    const nowIso = isoInstant(this.clock.now());
    const table = await this.store.transaction((tx) =>
      ensureDynamicTable(tx, name, wanted, createdBy, nowIso),
    );
    this.cache.set(name, { table, at: this.clock.now() });
    return table;
  }
}
