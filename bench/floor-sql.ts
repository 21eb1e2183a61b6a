/**
 * The floor's SQL (bench/floor-server.ts): the simplest statements that give the same answer as
 * our server's list and create of calendar events, written by hand rather than by the server's
 * build-sql.ts. A troop's rows by `troop_id` (docs/decisions/065-troops.md), in the order the
 * server answers in (date, then id: the index calendar_events_troop_date), and the created row
 * by one INSERT whose notice job the table's trigger writes, as for the server (migration 032).
 */
import { TABLES } from '../server/src/tables.ts';
import { createBody } from './data-api-requests.ts';

function calendarTable() {
  const table = TABLES.served.get('calendar_events');
  if (!table) throw new Error('calendar_events is not a declared table');
  return table;
}

/** Every column, as `select=*` answers them. */
const columns = () => [...calendarTable().columns.keys()];

/** The boolean columns, which SQLite keeps as 0/1 and the answer carries as true/false. */
export const FLOOR_BOOLEAN_COLUMNS = [...calendarTable().columns]
  .filter(([, type]) => type === 'boolean')
  .map(([name]) => name);

/** The columns a create writes: the body's, the owner and troop, the id and timestamps. */
export const FLOOR_INSERT_COLUMNS = [
  ...Object.keys(createBody()),
  'id',
  'user_id',
  'troop_id',
  'created_at',
  'updated_at',
];

/** The three statements, with `$n` placeholders on PostgreSQL and `?` on SQLite. */
export function floorSql(dialect: 'sqlite' | 'postgres') {
  const cols = columns().join(', ');
  const p = (n: number) => (dialect === 'postgres' ? `$${n}` : '?');
  return {
    list: `SELECT ${cols} FROM calendar_events WHERE troop_id = ${p(1)} ORDER BY event_date, id LIMIT 20`,
    count: `SELECT count(*) AS n FROM calendar_events WHERE troop_id = ${p(1)}`,
    insert: `INSERT INTO calendar_events (${FLOOR_INSERT_COLUMNS.join(', ')}) VALUES (${FLOOR_INSERT_COLUMNS.map((_, i) => p(i + 1)).join(', ')}) RETURNING ${cols}`,
  };
}
