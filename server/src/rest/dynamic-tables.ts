/**
 * Tables created on the fly (docs/product.md section 3): their limits, the names they may not
 * take, and the SQL that reads their registry (`data_tables`, `data_table_columns`, migration
 * 003) and creates them and their columns. The cache in front of the registry is tables.ts;
 * this file is what runs inside the database.
 */
import { ApiError } from '../errors.ts';
import { RESERVED_PARAMS } from './parse-query.ts';
import type { Dialect, Queryable } from '../store/store.ts';
import { quoteIdent } from '../store/store.ts';
import { FIRST_TROOP_ID } from '../store/tenancy.ts';
import { TROOP_COLUMN, type TableDef } from './table-definition.ts';
import type { ColumnType } from './values.ts';

/** Limits on tables created on the fly. */
export const DYNAMIC_LIMITS = {
  maxTables: 64,
  /** One member's share, so nobody can use up the troop's tables and lock the others out. */
  maxTablesPerMember: 8,
  maxColumns: 100,
  maxNameLength: 48,
} as const;

/** The registry of tables made on the fly: the Data API's own, never served. */
export const dataApiTables = { serverOwned: ['data_tables', 'data_table_columns'] };

/**
 * Column names a dynamic table never takes: query-string words (they would be read as
 * parameters, not filters) and the engines' hidden columns.
 */
const RESERVED_COLUMNS = new Set([
  ...RESERVED_PARAMS,
  TROOP_COLUMN,
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

/**
 * Every dynamic table has these; `owner_id` is set from the token. It has `troop_id` too, set
 * from the path, which the registry lists with the type TROOP_MARK and the API never serves.
 */
const BASE_COLUMNS: ReadonlyArray<[string, ColumnType]> = [
  ['id', 'text'],
  ['owner_id', 'text'],
  ['created_at', 'text'],
  ['updated_at', 'text'],
];

/**
 * Tables of our own schema (server/src/tables.ts), and engine namespaces: never created or
 * served as a dynamic table, whether or not the database holds them yet. Any other table the
 * database holds outside the registry (an operator's) is refused too, by looking
 * (`physicallyExists`).
 */
export const isReservedTableName = (name: string, ours: ReadonlySet<string>) =>
  ours.has(name) || name.startsWith('sqlite_') || name.startsWith('pg_');

export function sqlType(dialect: Dialect, type: ColumnType): string {
  if (type === 'boolean') return dialect === 'postgres' ? 'BOOLEAN' : 'INTEGER';
  if (type === 'number') return dialect === 'postgres' ? 'DOUBLE PRECISION' : 'REAL';
  if (type === 'integer') return 'INTEGER';
  // Byte order on PostgreSQL, as SQLite compares text: both stores sort alike.
  return dialect === 'postgres' ? 'TEXT COLLATE "C"' : 'TEXT';
}

/** Every schema change takes this PostgreSQL advisory lock (SQLite's write lock serialises them there). */
const SCHEMA_LOCK = 7317003;

/** The registry's type for a table's `troop_id`: not a column type, so never a client column. */
const TROOP_MARK = 'troop';

function dynamicDef(name: string, columns: Array<[string, ColumnType]>): TableDef {
  return {
    name,
    dynamic: true,
    tenancy: 'troop',
    columns: new Map(columns),
    uniqueKeys: [['id']],
    createdAt: 'created_at',
    updatedAt: 'updated_at',
    announced: false,
  };
}

/** A registered table, and whether it has its troop column yet (tables made before troops). */
export interface Registered {
  table: TableDef;
  trooped: boolean;
}

/** The registered table `name` with its columns in order, or null when no write created it. */
export async function readRegistered(db: Queryable, name: string): Promise<Registered | null> {
  const { rows } = await db.query<{ name: string; type: string }>(
    'SELECT name, type FROM data_table_columns WHERE table_name = ? ORDER BY position',
    [name],
  );
  if (rows.length === 0) return null;
  const columns = rows.filter((r) => r.type !== TROOP_MARK);
  return {
    table: dynamicDef(
      name,
      columns.map((r) => [r.name, r.type as ColumnType]),
    ),
    trooped: columns.length < rows.length,
  };
}

const troopColumnType = (dialect: Dialect) =>
  dialect === 'postgres' ? 'TEXT COLLATE "C"' : 'TEXT';

async function registerTroopColumn(tx: Queryable, name: string, nowIso: string) {
  await tx.query(
    `CREATE INDEX ${quoteIdent(`${name}_troop_idx`)} ON ${quoteIdent(name)} (${quoteIdent(TROOP_COLUMN)}, ${quoteIdent('owner_id')})`,
  );
  await tx.query(
    'INSERT INTO data_table_columns (table_name, name, type, position, added_at) VALUES (?, ?, ?, ?, ?)',
    [name, TROOP_COLUMN, TROOP_MARK, -1, nowIso],
  );
}

/**
 * Within `tx`: gives a table made before troops its `troop_id`, the first troop's for every row
 * it holds (they were the one troop's), once, under the schema lock; the registered table after.
 */
export async function addTroopColumn(
  tx: Queryable,
  name: string,
  nowIso: string,
): Promise<TableDef | null> {
  if (tx.dialect === 'postgres') await tx.query(`SELECT pg_advisory_xact_lock(${SCHEMA_LOCK})`);
  const current = await readRegistered(tx, name);
  if (!current || current.trooped) return current?.table ?? null;
  // A column of that name a client made before it was reserved: its values are not a troop.
  if (current.table.columns.has(TROOP_COLUMN))
    throw new ApiError(
      'CONFLICT',
      `Table "${name}" has a column "${TROOP_COLUMN}" of its own; rename it to use the table`,
    );
  await tx.query(
    `ALTER TABLE ${quoteIdent(name)} ADD COLUMN ${quoteIdent(TROOP_COLUMN)} ${troopColumnType(tx.dialect)} NOT NULL DEFAULT '${FIRST_TROOP_ID}'`,
  );
  await registerTroopColumn(tx, name, nowIso);
  return current.table;
}

/** Whether the database holds a table (or view) of that name, registered or not. */
export async function physicallyExists(db: Queryable, name: string): Promise<boolean> {
  const sql =
    db.dialect === 'postgres'
      ? 'SELECT 1 AS hit FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = ?'
      : "SELECT 1 AS hit FROM sqlite_master WHERE type IN ('table', 'view') AND name = ?";
  return (await db.query(sql, [name])).rows.length > 0;
}

/**
 * Within `tx`: creates the table and adds the columns it lacks, within the limits. Types already
 * registered win over `wanted` (another process may have added the column first).
 */
export async function ensureDynamicTable(
  tx: Queryable,
  name: string,
  wanted: ReadonlyMap<string, ColumnType>,
  createdBy: string | null,
  nowIso: string,
): Promise<TableDef> {
  if (tx.dialect === 'postgres') await tx.query(`SELECT pg_advisory_xact_lock(${SCHEMA_LOCK})`);
  const registered = await readRegistered(tx, name);
  let current = registered?.table ?? null;
  if (registered && !registered.trooped) current = await addTroopColumn(tx, name, nowIso);
  if (!current) {
    if (name.length > DYNAMIC_LIMITS.maxNameLength) {
      throw new ApiError(
        'VALIDATION_ERROR',
        `Table names are at most ${DYNAMIC_LIMITS.maxNameLength} characters`,
      );
    }
    // A table our schema or an operator made outside the registry is not ours to serve.
    if (await physicallyExists(tx, name))
      throw new ApiError('NOT_FOUND', `Table "${name}" not found`);
    const count =
      (await tx.query<{ n: number }>('SELECT COUNT(*) AS n FROM data_tables')).rows[0]?.n ?? 0;
    if (Number(count) >= DYNAMIC_LIMITS.maxTables) {
      throw new ApiError(
        'VALIDATION_ERROR',
        `No more tables can be created (at most ${DYNAMIC_LIMITS.maxTables})`,
      );
    }
    if (createdBy !== null) {
      const mine = await tx.query<{ n: number }>(
        'SELECT COUNT(*) AS n FROM data_tables WHERE created_by = ?',
        [createdBy],
      );
      if (Number(mine.rows[0]?.n ?? 0) >= DYNAMIC_LIMITS.maxTablesPerMember) {
        throw new ApiError(
          'VALIDATION_ERROR',
          `You have created the most tables one member may (${DYNAMIC_LIMITS.maxTablesPerMember})`,
        );
      }
    }
    const cols = BASE_COLUMNS.map(
      ([c, t]) => `${quoteIdent(c)} ${sqlType(tx.dialect, t)}${c === 'id' ? ' PRIMARY KEY' : ''}`,
    );
    // No default: every insert names its troop, and one that did not would fail, not land in one.
    cols.push(`${quoteIdent(TROOP_COLUMN)} ${troopColumnType(tx.dialect)} NOT NULL`);
    await tx.query(`CREATE TABLE ${quoteIdent(name)} (${cols.join(', ')})`);
    await tx.query(
      `CREATE INDEX ${quoteIdent(`${name}_owner_idx`)} ON ${quoteIdent(name)} (${quoteIdent('owner_id')})`,
    );
    await tx.query('INSERT INTO data_tables (name, created_by, created_at) VALUES (?, ?, ?)', [
      name,
      createdBy,
      nowIso,
    ]);
    await registerTroopColumn(tx, name, nowIso);
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
    if (RESERVED_COLUMNS.has(c))
      throw new ApiError('VALIDATION_ERROR', `Column name "${c}" is reserved`);
    if (columns.size >= DYNAMIC_LIMITS.maxColumns) {
      throw new ApiError(
        'VALIDATION_ERROR',
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
}
