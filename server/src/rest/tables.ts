/**
 * The tables the Data API serves and their column types: the ones migrations declare, and the
 * ones clients create on first write (docs/product.md section 3: "other tables are created on the fly").
 *
 * Tables created on the fly are listed with their columns in `data_tables` and
 * `data_table_columns` (migration 003). Several server processes may share one database, so
 * the in-memory copy of that registry is only a cache: it lives a few seconds, an unknown table
 * or column is re-read before it is refused, and every schema change happens under a lock
 * (PostgreSQL advisory lock, SQLite's write lock) after re-reading the registry.
 */
import type { Clock } from '../clock.ts';
import { ApiError, badRequest } from '../errors.ts';
import { RESERVED_PARAMS } from './parse-query.ts';
import type { Dialect, Queryable, Store } from '../store/store.ts';
import { quoteIdent } from '../store/store.ts';
import type { TableShape } from './build-sql.ts';
import { isIdentifier, shown } from './names.ts';
import type { ColumnType } from './values.ts';

export interface TableDef extends TableShape {
  dynamic: boolean;
  /** Column sets with a unique index: the only valid `on_conflict` targets. */
  uniqueKeys: ReadonlyArray<readonly string[]>;
  /** Set by the server when a row is created and on every write (may be a column the API does not expose). */
  createdAt: string;
  updatedAt: string;
  /** Raised by one on every update, whatever the client sends (iCal SEQUENCE for the calendar feed). */
  bumpOnUpdate?: string;
}

const def = (
  name: string,
  columns: Array<[string, ColumnType]>,
  extra: Partial<Pick<TableDef, 'uniqueKeys' | 'bumpOnUpdate'>> & { notNull?: string[] } = {},
): TableDef => ({
  name,
  dynamic: false,
  columns: new Map(columns),
  notNull: new Set(extra.notNull ?? []),
  uniqueKeys: extra.uniqueKeys ?? [['id']],
  createdAt: 'created_at',
  updatedAt: 'updated_at',
  ...(extra.bumpOnUpdate ? { bumpOnUpdate: extra.bumpOnUpdate } : {}),
});

/** Declared tables. `users` shows only its safe columns: never password_hash, never token data. */
export const DECLARED_TABLES: ReadonlyMap<string, TableDef> = new Map(
  [
    def(
      'users',
      [
        ['id', 'text'],
        ['email', 'text'],
        ['display_name', 'text'],
        ['avatar_url', 'text'],
        ['role', 'text'],
        ['metadata', 'json'],
        ['email_verified', 'boolean'],
        ['created_at', 'text'],
      ],
      { uniqueKeys: [['id'], ['email']] },
    ),
    def(
      'custom_users',
      [
        ['id', 'text'],
        ['user_id', 'text'],
        ['email', 'text'],
        ['display_name', 'text'],
        ['first_name', 'text'],
        ['last_name', 'text'],
        ['troop_number', 'text'],
        ['troop_role', 'text'],
        ['avatar_url', 'text'],
        ['metadata', 'json'],
        ['created_at', 'text'],
        ['updated_at', 'text'],
      ],
      { uniqueKeys: [['id'], ['user_id']] },
    ),
    def(
      'calendar_events',
      [
        ['id', 'text'],
        ['user_id', 'text'],
        ['event_name', 'text'],
        ['event_date', 'text'],
        ['event_time', 'text'],
        ['hyperlink', 'text'],
        ['creator_name', 'text'],
        ['created_at', 'text'],
        ['updated_at', 'text'],
        ['sequence', 'integer'],
      ],
      {
        bumpOnUpdate: 'sequence',
        // As in migration 003.
        notNull: [
          'id',
          'user_id',
          'event_name',
          'event_date',
          'event_time',
          'created_at',
          'updated_at',
          'sequence',
        ],
      },
    ),
  ].map((t) => [t.name, t]),
);

/** Limits on tables created on the fly. */
export const DYNAMIC_LIMITS = {
  maxTables: 64,
  /** One member's share, so nobody can use up the troop's tables and lock the others out. */
  maxTablesPerMember: 8,
  maxColumns: 100,
  maxNameLength: 48,
} as const;

/** Every table of our own schema, and engine namespaces: never created or served as a dynamic table. */
const RESERVED_TABLES = new Set([
  'users',
  'custom_users',
  'calendar_events',
  'refresh_tokens',
  'rate_limits',
  'schema_migrations',
  'service_keys',
  'link_tokens',
  'auth_links',
  'files',
  'calendar_feeds',
  'sign_in_addresses',
  'data_tables',
  'data_table_columns',
  'mail_outbox',
  'notifications',
]);

/**
 * Column names a dynamic table never takes: query-string words (they would be read as
 * parameters, not filters) and the engines' hidden columns.
 */
const RESERVED_COLUMNS = new Set([
  ...RESERVED_PARAMS,
  'and',
  'or',
  'not',
  'oid',
  'tableoid',
  'xmin',
  'xmax',
  'cmin',
  'cmax',
  'ctid',
  'rowid',
]);

/** Every dynamic table has these; `owner_id` is set from the token. */
const BASE_COLUMNS: ReadonlyArray<[string, ColumnType]> = [
  ['id', 'text'],
  ['owner_id', 'text'],
  ['created_at', 'text'],
  ['updated_at', 'text'],
];

export const isReservedTableName = (name: string) =>
  RESERVED_TABLES.has(name) || name.startsWith('sqlite_') || name.startsWith('pg_');

export function sqlType(dialect: Dialect, type: ColumnType): string {
  if (type === 'boolean') return dialect === 'postgres' ? 'BOOLEAN' : 'INTEGER';
  if (type === 'number') return dialect === 'postgres' ? 'DOUBLE PRECISION' : 'REAL';
  if (type === 'integer') return 'INTEGER';
  // Byte order on PostgreSQL, as SQLite compares text: both stores sort alike.
  return dialect === 'postgres' ? 'TEXT COLLATE "C"' : 'TEXT';
}

export type TableLookup =
  { kind: 'table'; table: TableDef } | { kind: 'absent' } | { kind: 'reserved' };

const CACHE_TTL_MS = 5000;
const RESERVED: TableLookup = { kind: 'reserved' };
const DECLARED_LOOKUPS: ReadonlyMap<string, TableLookup> = new Map(
  [...DECLARED_TABLES].map(([name, table]) => [name, { kind: 'table', table }]),
);
const SCHEMA_LOCK = 7317003;

function dynamicDef(name: string, columns: Array<[string, ColumnType]>): TableDef {
  return {
    name,
    dynamic: true,
    columns: new Map(columns),
    uniqueKeys: [['id']],
    createdAt: 'created_at',
    updatedAt: 'updated_at',
  };
}

async function readRegistered(db: Queryable, name: string): Promise<TableDef | null> {
  const { rows } = await db.query<{ name: string; type: string }>(
    'SELECT name, type FROM data_table_columns WHERE table_name = ? ORDER BY position',
    [name],
  );
  if (rows.length === 0) return null;
  return dynamicDef(
    name,
    rows.map((r) => [r.name, r.type as ColumnType]),
  );
}

async function physicallyExists(db: Queryable, name: string): Promise<boolean> {
  const sql =
    db.dialect === 'postgres'
      ? 'SELECT 1 AS hit FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = ?'
      : "SELECT 1 AS hit FROM sqlite_master WHERE type IN ('table', 'view') AND name = ?";
  return (await db.query(sql, [name])).rows.length > 0;
}

export class TableRegistry {
  private readonly cache = new Map<string, { table: TableDef; at: number }>();

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
  ) {}

  /** A table by its snake_case name. `absent`: a valid name no write has created yet. */
  async lookup(name: string): Promise<TableLookup> {
    const known = this.lookupKnown(name);
    if (known) return known;
    const table = await this.reload(name);
    return table ? { kind: 'table', table } : { kind: 'absent' };
  }

  /** What `lookup` answers when that needs no database (declared, reserved, recently read). */
  lookupKnown(name: string): TableLookup | undefined {
    if (!isIdentifier(name)) throw badRequest(`Invalid table name "${shown(name)}"`);
    const declared = DECLARED_LOOKUPS.get(name);
    if (declared) return declared;
    if (isReservedTableName(name)) return RESERVED;
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
    const table = await readRegistered(this.store, name);
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
    const nowIso = new Date(this.clock.now()).toISOString();
    const table = await this.store.transaction(async (tx) => {
      if (tx.dialect === 'postgres') await tx.query(`SELECT pg_advisory_xact_lock(${SCHEMA_LOCK})`);
      let current = await readRegistered(tx, name);
      if (!current) {
        if (name.length > DYNAMIC_LIMITS.maxNameLength) {
          throw badRequest(`Table names are at most ${DYNAMIC_LIMITS.maxNameLength} characters`);
        }
        // A table our schema or an operator made outside the registry is not ours to serve.
        if (await physicallyExists(tx, name))
          throw new ApiError(404, 'NOT_FOUND', `Table "${name}" not found`);
        const count =
          (await tx.query<{ n: number }>('SELECT COUNT(*) AS n FROM data_tables')).rows[0]?.n ?? 0;
        if (Number(count) >= DYNAMIC_LIMITS.maxTables) {
          throw badRequest(`No more tables can be created (at most ${DYNAMIC_LIMITS.maxTables})`);
        }
        if (createdBy !== null) {
          const mine = await tx.query<{ n: number }>(
            'SELECT COUNT(*) AS n FROM data_tables WHERE created_by = ?',
            [createdBy],
          );
          if (Number(mine.rows[0]?.n ?? 0) >= DYNAMIC_LIMITS.maxTablesPerMember) {
            throw badRequest(
              `You have created the most tables one member may (${DYNAMIC_LIMITS.maxTablesPerMember})`,
            );
          }
        }
        const cols = BASE_COLUMNS.map(
          ([c, t]) =>
            `${quoteIdent(c)} ${sqlType(tx.dialect, t)}${c === 'id' ? ' PRIMARY KEY' : ''}`,
        );
        await tx.query(`CREATE TABLE ${quoteIdent(name)} (${cols.join(', ')})`);
        await tx.query(
          `CREATE INDEX ${quoteIdent(`${name}_owner_idx`)} ON ${quoteIdent(name)} (${quoteIdent('owner_id')})`,
        );
        await tx.query('INSERT INTO data_tables (name, created_by, created_at) VALUES (?, ?, ?)', [
          name,
          createdBy,
          nowIso,
        ]);
        let position = 0;
        for (const [c, t] of BASE_COLUMNS) {
          await tx.query(
            'INSERT INTO data_table_columns (table_name, name, type, position, added_at) VALUES (?, ?, ?, ?, ?)',
            [name, c, t, position++, nowIso],
          );
        }
        current = dynamicDef(name, [...BASE_COLUMNS]);
      }
      const columns = new Map(current.columns);
      for (const [c, type] of wanted) {
        if (columns.has(c)) continue;
        if (RESERVED_COLUMNS.has(c)) throw badRequest(`Column name "${c}" is reserved`);
        if (columns.size >= DYNAMIC_LIMITS.maxColumns) {
          throw badRequest(
            `Table "${name}" cannot have more than ${DYNAMIC_LIMITS.maxColumns} columns`,
          );
        }
        await tx.query(
          `ALTER TABLE ${quoteIdent(name)} ADD COLUMN ${quoteIdent(c)} ${sqlType(tx.dialect, type)}`,
        );
        await tx.query(
          'INSERT INTO data_table_columns (table_name, name, type, position, added_at) VALUES (?, ?, ?, ?, ?)',
          [name, c, type, columns.size, nowIso],
        );
        columns.set(c, type);
      }
      return dynamicDef(name, [...columns]);
    });
    this.cache.set(name, { table, at: this.clock.now() });
    return table;
  }
}
