/**
 * `db.calendarEvents` and `db.table('calendarEvents')`: any property that is not a method
 * names a table (created on the fly by the server, docs/product.md section 3).
 */
import type { HttpClient } from '../http.ts';
import { TableClient } from './table-client.ts';
import type { Row } from './query.ts';

export interface SqlResult<R = Row> {
  rows: R[];
  columns: string[];
  rowCount: number;
  executionTime?: number;
}

export interface BatchStatement {
  sql: string;
  args?: unknown[];
}

export interface BatchResult {
  results: Array<{ rows: Row[]; columns: string[]; rowCount: number }>;
  executionTime?: number;
  success: boolean;
}

export interface DbMethods {
  table<T extends object = Row>(name: string): TableClient<T>;
  /** Admins and service keys only (docs/protocol.md, Data API). */
  sql<R = Row>(query: string, params?: unknown[]): Promise<SqlResult<R>>;
  /** All statements in one transaction; admins and service keys only. */
  batch(statements: BatchStatement[], mode?: 'read' | 'write'): Promise<BatchResult>;
}

type TableOf<V> = TableClient<V extends object ? V : Row>;

/**
 * Declare a schema (`createClient<{calendarEvents: CalendarEvent}>`) to type `db.calendarEvents`;
 * without one every name is a table of plain rows.
 */
export type DbClient<S extends object = Record<string, Row>> = DbMethods & {
  readonly [K in keyof S]: TableOf<S[K]>;
};

/** Names a table property never takes: promise detection, serialisation and inspectors probe these. */
const NOT_TABLES = new Set(['then', 'catch', 'finally', 'toJSON', 'asymmetricMatch', 'nodeType']);
const TABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function createDb<S extends object = Record<string, Row>>(
  http: HttpClient,
  projectId: string,
): DbClient<S> {
  const tables = new Map<string, TableClient<object>>();
  const base = `/api/db/${encodeURIComponent(projectId)}`;
  const methods: DbMethods = {
    table<T extends object = Row>(name: string): TableClient<T> {
      let table = tables.get(name);
      if (!table) {
        table = new TableClient<object>(http, projectId, name);
        tables.set(name, table);
      }
      // One client per name whatever row type each caller reads it as; T only types the answers.
      return table as unknown as TableClient<T>;
    },
    async sql<R = Row>(query: string, params: unknown[] = []) {
      return (await http.post<SqlResult<R>>(`${base}/sql`, { query, params })).data;
    },
    async batch(statements: BatchStatement[], mode: 'read' | 'write' = 'write') {
      return (await http.post<BatchResult>(`${base}/batch`, { statements, mode })).data;
    },
  };
  return new Proxy(methods, {
    get(target, prop, receiver) {
      if (
        typeof prop !== 'string' ||
        prop in target ||
        NOT_TABLES.has(prop) ||
        !TABLE_NAME.test(prop)
      ) {
        return Reflect.get(target, prop, receiver);
      }
      return target.table(prop);
    },
  }) as DbClient<S>;
}
