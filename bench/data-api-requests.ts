/**
 * The two requests `npm run bench` times (bench/run.ts), as our server and its floor both make
 * them: the SQL our server runs for them, made by its own build-sql.ts, and the created event.
 */
import {
  buildCount,
  buildInsert,
  buildSelect,
  totalOrder,
  troopScope,
} from '../server/src/rest/build-sql.ts';
import { FIRST_TROOP_ID } from '../server/src/store/tenancy.ts';
import { TABLES } from '../server/src/tables.ts';
import type { Dialect } from '../server/src/store/store.ts';

/** The name of every event a measurement creates; the clean-up removes them by it. */
export const CREATED_NAME = 'Bench create';

/** The statements our server makes for these requests, made by its own build-sql.ts. */
export function serverSql(dialect: Dialect) {
  const table = TABLES.served.get('calendar_events');
  if (!table) throw new Error('calendar_events is not a declared table');
  const all = [...table.columns.keys()];
  // A one-troop server's troop: its rows are the first troop's (migration 041).
  const selection = {
    troop: troopScope(table, FIRST_TROOP_ID),
    filters: [],
    scope: { kind: 'all' as const },
  };
  const order = totalOrder([{ column: 'event_date', descending: false, nullsFirst: false }]);
  const list = buildSelect(table, dialect, {
    columns: all,
    selection,
    order,
    limit: 20,
    offset: 0,
  });
  // A created row: the body's fields, the owner, and the id and timestamps the server sets.
  const insertColumns = [
    ...Object.keys(createBody()),
    'user_id',
    'id',
    'created_at',
    'updated_at',
    'troop_id',
  ];
  insertColumns.sort();
  const insert = buildInsert(table, insertColumns, [insertColumns.map(() => null)], all);
  return {
    list: list.text,
    count: buildCount(table, dialect, selection).text,
    insert: insert.text,
    insertColumns,
  };
}

export function createBody() {
  return {
    event_name: CREATED_NAME,
    event_date: '2027-06-12',
    event_time: '19:30',
    hyperlink: 'https://troop.example/events/new',
    creator_name: 'Bench Leader',
  };
}
