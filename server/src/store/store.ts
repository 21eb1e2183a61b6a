/**
 * The database seam. SQL is written once with `?` placeholders and portable types; each driver
 * adapts it (PostgreSQL gets `$n`). Values are always bound, never spliced into SQL.
 */
export type Dialect = 'sqlite' | 'postgres';

export interface QueryResult<T = Record<string, unknown>> {
  rows: T[];
  /** Rows changed by INSERT/UPDATE/DELETE (0 for SELECT on SQLite). */
  rowCount: number;
  columns: string[];
}

export interface Queryable {
  readonly dialect: Dialect;
  /** Runs one statement. Statements that return rows (SELECT, ... RETURNING) fill `rows`. */
  query<T = Record<string, unknown>>(
    sql: string,
    params?: readonly unknown[],
  ): Promise<QueryResult<T>>;
}

/** How a transaction runs. Our own SQL needs none of these; the admin SQL endpoints set them. */
export interface TransactionOptions {
  /**
   * Refuse any statement that would change data: PostgreSQL runs a READ ONLY transaction,
   * SQLite asks the engine whether each statement is read-only before running it and throws
   * ReadOnlyStatementError when it is not.
   */
  readOnly?: boolean;
  /**
   * The statements were written by an operator, not by our code. Each is handed to the driver
   * as written (no `?` rewriting: the caller numbers PostgreSQL placeholders itself) and must be
   * a single statement. On PostgreSQL each statement gets this time limit and the connection is
   * closed afterwards, so no session setting the statements make outlives the transaction.
   * SQLite has no such setting (the admin SQL endpoints run operator statements in a child
   * process of their own, which they can stop).
   */
  operator?: { statementTimeoutMs: number };
}

/** A statement in a read-only transaction would have changed data. */
export class ReadOnlyStatementError extends Error {
  constructor() {
    super('attempt to change data in a read-only transaction');
    this.name = 'ReadOnlyStatementError';
  }
}

export interface Store extends Queryable {
  /** Runs `fn` in one transaction: commit when it resolves, roll back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>, opts?: TransactionOptions): Promise<T>;
  /** SQLite only: the database file's absolute path, for work done in another process (none in memory). */
  readonly file?: string;
  close(): Promise<void>;
}

/** Quotes an identifier that has already been validated against IDENTIFIER_PATTERN. */
export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Identifiers that may reach SQL: lower snake_case, at most 63 characters (PostgreSQL's limit). */
export const IDENTIFIER_PATTERN = /^[a-z][a-z0-9_]{0,62}$/;
